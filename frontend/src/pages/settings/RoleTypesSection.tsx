import { useTenantRoles } from '../../api/queries';
import { ErrorState } from '../../components/ErrorState';
import { Skeleton } from '../../components/Skeleton';
import { RoleTypesForm } from './RoleTypesForm';
import { SettingsSection } from './SettingsSection';

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
