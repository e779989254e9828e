import { useTenantRoles } from '../../lib/api/queries';
import { ErrorState } from '../../ui/ErrorState';
import { Skeleton } from '../../ui/Skeleton';
import { RoleTypesForm } from './RoleTypesForm';
import { SettingsSection } from '../../ui/SettingsSection';

export function RoleTypesSection({ tenantId }: { tenantId: string }) {
  const roles = useTenantRoles(tenantId);
  return (
    <SettingsSection
      title="Role Types & Banner Colors"
      wide
      description="The roles members can hold, their names and badge colours, and which dashboard each kind opens."
    >
      {roles.isPending && <Skeleton height={160} />}
      {roles.isError && (
        <ErrorState
          message="Failed to load role types"
          onRetry={() => void roles.refetch()}
          retrying={roles.isFetching}
        />
      )}
      {roles.isSuccess && <RoleTypesForm key={roles.dataUpdatedAt} tenantId={tenantId} initial={roles.data} />}
    </SettingsSection>
  );
}
