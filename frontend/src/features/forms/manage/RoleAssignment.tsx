import { useState } from 'react';
import { toast } from 'sonner';
import { FORM_MESSAGES } from '@portico/common';
import type { FormSummary, RoleType } from '@portico/common';
import { usePatchForm } from '../api/form-list';
import { useTenantRoles } from '../../../lib/api/queries';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { ErrorState } from '../../../ui/ErrorState';
import { Skeleton } from '../../../ui/Skeleton';
import { errorMessage } from '../../../lib/api/http';
import { RoleBadge } from '../../../ui/RoleBadge';
import styles from './RoleAssignment.module.css';
import { changedAssignments, ticked, toggleCell, type AssignmentDrafts } from '../assign/assignment-grid';

/** The panel's Role Assignment tab: one checkbox per role key of the workspace, saved with PATCH /api/forms. */
export function RoleAssignment({
  tenantId,
  form,
}: {
  tenantId: string;
  form: Pick<FormSummary, 'id' | 'title' | 'status' | 'assigned_roles'>;
}) {
  const roles = useTenantRoles(tenantId);
  if (roles.isPending) return <Skeleton height={160} />;
  if (roles.isError)
    return (
      <ErrorState message="Failed to load roles" onRetry={() => void roles.refetch()} retrying={roles.isFetching} />
    );
  return <RoleChecklist key={form.id} tenantId={tenantId} form={form} roles={roles.data} />;
}

function RoleChecklist({
  tenantId,
  form,
  roles,
}: {
  tenantId: string;
  form: Pick<FormSummary, 'id' | 'title' | 'status' | 'assigned_roles'>;
  roles: RoleType[];
}) {
  const [drafts, setDrafts] = useState<AssignmentDrafts>({});
  const patch = usePatchForm(tenantId);
  const roleKeys = roles.map((r) => r.role_key);
  const chosen = ticked(form, drafts, roleKeys);
  const [change] = changedAssignments([form], drafts, roleKeys);

  function save() {
    if (!change) return;
    patch.mutate(change, {
      onSuccess: () => {
        setDrafts({});
        toast.success(FORM_MESSAGES.assignmentsSaved);
      },
      onError: (err) => toast.error(FORM_MESSAGES.saveFailed, { description: errorMessage(err, 'Unknown error') }),
    });
  }

  return (
    <div className="form">
      {form.status !== 'published' && (
        <Alert tone="info">
          This form is {form.status === 'draft' ? 'a draft' : 'archived'}: members of these roles see it once it is
          published.
        </Alert>
      )}
      <fieldset className={styles.checks}>
        <legend className="field-label">Roles that fill in this form</legend>
        {roles.map((role) => (
          <label key={role.role_key} className="checkbox">
            <input
              type="checkbox"
              checked={chosen.includes(role.role_key)}
              onChange={() => setDrafts(toggleCell(drafts, form, role.role_key, roleKeys))}
            />
            <RoleBadge roleKey={role.role_key} roles={roles} />
            <span className={styles.key}>{role.role_key}</span>
          </label>
        ))}
      </fieldset>
      <div className="form-actions">
        <Button variant="secondary" disabled={!change || patch.isPending} onClick={() => setDrafts({})}>
          Reset
        </Button>
        <Button disabled={!change} loading={patch.isPending} onClick={save}>
          Save assignments
        </Button>
      </div>
    </div>
  );
}
