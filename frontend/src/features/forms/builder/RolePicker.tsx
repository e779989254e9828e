import { useTenantRoles } from '../../../lib/api/queries';
import { Badge } from '../../../ui/Badge';
import { ErrorState } from '../../../ui/ErrorState';
import { Skeleton } from '../../../ui/Skeleton';
import { BuilderSection } from './BuilderSection';
import styles from './RolePicker.module.css';

interface Props {
  tenantId: string;
  selected: readonly string[];
  onChange: (roles: string[]) => void;
}

/** Which of the workspace's roles may open and fill the form; administrators always can. */
export function RolePicker({ tenantId, selected, onChange }: Props) {
  const roles = useTenantRoles(tenantId);
  const memberRoles = (roles.data ?? []).filter((r) => r.kind !== 'admin');
  // A role removed since the form was assigned stays listed, so it can be unticked (the server refuses it).
  const gone = roles.isSuccess ? selected.filter((key) => !roles.data.some((r) => r.role_key === key)) : [];

  function toggle(key: string) {
    onChange(selected.includes(key) ? selected.filter((k) => k !== key) : [...selected, key]);
  }

  return (
    <BuilderSection
      title="Who can fill it in"
      description="Members holding these roles see the form once it is published. Administrators always can."
    >
      {roles.isPending && (
        <div role="status" aria-label="Loading roles" className={styles.loading}>
          <Skeleton height={20} width={160} />
          <Skeleton height={20} width={140} />
        </div>
      )}
      {roles.isError && (
        <ErrorState message="Failed to load roles" onRetry={() => void roles.refetch()} retrying={roles.isFetching} />
      )}
      {roles.isSuccess && memberRoles.length === 0 && gone.length === 0 && (
        <p className="field-help">This workspace has no member roles yet.</p>
      )}
      {roles.isSuccess && memberRoles.length + gone.length > 0 && (
        <fieldset className={styles.roles}>
          <legend className="sr-only">Assigned roles</legend>
          {memberRoles.map((role) => (
            <label key={role.role_key} className="checkbox">
              <input
                type="checkbox"
                checked={selected.includes(role.role_key)}
                onChange={() => toggle(role.role_key)}
              />
              <Badge tone={role.role_color}>{role.role_label}</Badge>
            </label>
          ))}
          {gone.map((key) => (
            <label key={key} className="checkbox">
              <input type="checkbox" checked onChange={() => toggle(key)} />
              {key} (no longer a role of this workspace)
            </label>
          ))}
        </fieldset>
      )}
    </BuilderSection>
  );
}
