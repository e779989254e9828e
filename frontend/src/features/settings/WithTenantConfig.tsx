import type { WorkspaceSettings } from '@portico/common';
import type { ReactNode } from 'react';
import { useTenantConfig } from '../../lib/api/queries';
import { errorMessage } from '../../lib/api/http';
import { ErrorState } from '../../ui/ErrorState';
import { Skeleton } from '../../ui/Skeleton';

/** A section's controls over the workspace settings: a skeleton while they load, the error with Retry if they fail. */
export function WithTenantConfig({
  tenantId,
  skeletonHeight,
  children,
}: {
  tenantId: string;
  skeletonHeight: number;
  children: (config: WorkspaceSettings) => ReactNode;
}) {
  const config = useTenantConfig(tenantId);
  if (config.isError)
    return (
      <ErrorState
        message={errorMessage(config.error, 'Failed to load the workspace settings.')}
        onRetry={() => void config.refetch()}
        retrying={config.isFetching}
      />
    );
  if (config.isPending) return <Skeleton height={skeletonHeight} />;
  return children(config.data);
}
