import { useTenantDomainAction, useTenantDomains } from '../api/tenants';
import { DomainList } from '../../settings';
import { ErrorState } from '../../../ui/ErrorState';
import { Skeleton } from '../../../ui/Skeleton';
import { errorMessage } from '../../../lib/api/http';

/** The tenant's subdomain and custom domains, managed as its admin would (issue 14: Domains). */
export function DomainsTab({ tenantId }: { tenantId: string }) {
  const domains = useTenantDomains(tenantId);
  const actions = useTenantDomainAction(tenantId);
  if (domains.isPending) return <Skeleton height={64} />;
  if (domains.isError)
    return (
      <ErrorState
        message={errorMessage(domains.error, 'Failed to load domains')}
        onRetry={() => void domains.refetch()}
        retrying={domains.isFetching}
      />
    );
  return (
    <DomainList
      answer={domains.data}
      actions={actions}
      notAllowed="Custom domains are available on the Pro and Advanced plans: change the tier under Manage to add one."
    />
  );
}
