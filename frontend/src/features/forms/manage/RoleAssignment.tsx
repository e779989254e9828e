import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { FORM_MESSAGES, formBody } from '@portico/common';
import type { FormSummary, RoleType } from '@portico/common';
import { usePatchForm } from '../api/form-list';
import { useTenantRoles } from '../../../lib/api/queries';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { ErrorState } from '../../../ui/ErrorState';
import { CheckboxField } from '../../../ui/Field';
import { Form, FormActions } from '../../../ui/Form';
import { Skeleton } from '../../../ui/Skeleton';
import { errorMessage } from '../../../lib/api/http';
import { RoleBadge } from '../../../ui/RoleBadge';
import { knownRoles } from '../assign/assignment-grid';
import { FieldLabel, Note } from '../builder/Note';
import { toggleOption } from '../form-view-answers';
import styles from './RoleAssignment.module.css';

/** The roles part of the shared body of PUT and PATCH /api/forms. */
const assignmentSchema = formBody.pick({ assigned_roles: true }).required();
type Assignment = z.output<typeof assignmentSchema>;

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
  const patch = usePatchForm(tenantId);
  // A key the workspace no longer has is neither shown nor sent back (the server refuses unknown keys).
  const roleKeys = roles.map((r) => r.role_key);
  const { control, setValue, handleSubmit, reset, formState } = useForm<Assignment>({
    resolver: zodResolver(assignmentSchema),
    defaultValues: { assigned_roles: knownRoles(form.assigned_roles, roleKeys) },
  });
  // Set by hand rather than registered: a lone checkbox would give react-hook-form a string, not a list.
  const chosen = useWatch({ control, name: 'assigned_roles' });

  function save(values: Assignment) {
    patch.mutate(
      { id: form.id, assigned_roles: values.assigned_roles },
      {
        onSuccess: () => {
          reset(values);
          toast.success(FORM_MESSAGES.assignmentsSaved);
        },
        onError: (err) => toast.error(FORM_MESSAGES.saveFailed, { description: errorMessage(err, 'Unknown error') }),
      },
    );
  }

  return (
    <Form onSubmit={handleSubmit(save)} noValidate>
      {form.status !== 'published' && (
        <Alert tone="info">
          This form is {form.status === 'draft' ? 'a draft' : 'archived'}: members of these roles see it once it is
          published.
        </Alert>
      )}
      <fieldset className={styles.checks}>
        <FieldLabel as="legend">Roles that fill in this form</FieldLabel>
        {roles.map((role) => (
          <CheckboxField
            key={role.role_key}
            checked={chosen.includes(role.role_key)}
            onChange={() =>
              setValue('assigned_roles', toggleOption(chosen, role.role_key, roleKeys), { shouldDirty: true })
            }
            label={
              <>
                <RoleBadge roleKey={role.role_key} roles={roles} />
                <span className={styles.key}>{role.role_key}</span>
              </>
            }
          />
        ))}
      </fieldset>
      {formState.errors.assigned_roles && <Note error>{formState.errors.assigned_roles.message}</Note>}
      <FormActions>
        <Button variant="secondary" disabled={!formState.isDirty || patch.isPending} onClick={() => reset()}>
          Reset
        </Button>
        <Button type="submit" disabled={!formState.isDirty} loading={patch.isPending}>
          Save assignments
        </Button>
      </FormActions>
    </Form>
  );
}
