import { useTenantRoles } from '../../../lib/api/queries';
import { Badge } from '../../../ui/Badge';
import { ErrorState } from '../../../ui/ErrorState';
import { CheckboxField } from '../../../ui/Field';
import { Skeleton } from '../../../ui/Skeleton';
import { BuilderSection } from './BuilderSection';
import { Choices, Note } from './Note';
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
        <Note>This workspace has no member roles yet.</Note>
      )}
      {roles.isSuccess && memberRoles.length + gone.length > 0 && (
        <Choices legend="Assigned roles" hideLegend>
          {memberRoles.map((role) => (
            <CheckboxField
              key={role.role_key}
              label={<Badge tone={role.role_color}>{role.role_label}</Badge>}
              checked={selected.includes(role.role_key)}
              onChange={() => toggle(role.role_key)}
            />
          ))}
          {gone.map((key) => (
            <CheckboxField
              key={key}
              label={`${key} (no longer a role of this workspace)`}
              checked
              onChange={() => toggle(key)}
            />
          ))}
        </Choices>
      )}
    </BuilderSection>
  );
}
