import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ClipboardList } from 'lucide-react';
import clsx from 'clsx';
import { toast } from 'sonner';
import { FORM_MESSAGES } from '@portico/common';
import type { FormSummary, RoleType } from '@portico/common';
import { useFormList, usePatchForms } from '../api/form-list';
import { useTenantRoles } from '../../../lib/api/queries';
import { Button, buttonClassName } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Page } from '../../../ui/Page';
import { ChooseTenant } from '../../../ui/ChooseTenant';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { PageHeader } from '../../../ui/PageHeader';
import { errorMessage } from '../../../lib/api/http';
import { useScope } from '../../../lib/scope/scope-context';
import { RoleBadge } from '../../../ui/RoleBadge';
import { formPaths, MANAGE_LIST_LIMIT } from '../manage/form-manage';
import { FormStatusBadge } from '../manage/FormStatusBadge';
import { BackLink } from '../BackLink';
import { SkeletonRows } from '../SkeletonRows';
import styles from './AssignRolesPage.module.css';
import {
  assignableForms,
  changedAssignments,
  saveButtonText,
  ticked,
  toggleCell,
  withoutSaved,
  type AssignmentDrafts,
} from './assignment-grid';
import table from '../../../ui/DataTable.module.css';

const TITLE = 'Assign Forms to Roles';
const DESCRIPTION =
  'Tick the roles that fill in each form. Members see published forms assigned to their role on their dashboard.';

/** /assign-roles: draft and published forms × the workspace's role keys; Save sends one PATCH per changed form. */
export function AssignRolesPage() {
  const { activeTenantId, tenantPath } = useScope();
  const back = <BackLink to={tenantPath(formPaths.list())} />;
  if (!activeTenantId) {
    return (
      <Page>
        {back}
        <PageHeader title={TITLE} description={DESCRIPTION} />
        <ChooseTenant message="Choose a tenant to assign its forms." />
      </Page>
    );
  }
  return (
    <Page>
      {back}
      <AssignGrid key={activeTenantId} tenantId={activeTenantId} />
    </Page>
  );
}

function AssignGrid({ tenantId }: { tenantId: string }) {
  const { tenantPath } = useScope();
  const forms = useFormList(tenantId, { limit: MANAGE_LIST_LIMIT });
  const roles = useTenantRoles(tenantId);
  const save = usePatchForms(tenantId);
  const [drafts, setDrafts] = useState<AssignmentDrafts>({});
  const rows = assignableForms(forms.data ?? []);
  const roleKeys = (roles.data ?? []).map((r) => r.role_key);
  const changes = changedAssignments(rows, drafts, roleKeys);

  function saveAll() {
    save.mutate(changes, {
      onSuccess: (results) => {
        const saved = changes.filter((_, i) => results[i]?.status === 'fulfilled').map((c) => c.id);
        setDrafts((current) => withoutSaved(current, saved));
        const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (failure)
          toast.error(FORM_MESSAGES.saveFailed, { description: errorMessage(failure.reason, 'Unknown error') });
        else toast.success(FORM_MESSAGES.assignmentsSaved);
      },
      onError: (err) => toast.error(FORM_MESSAGES.saveFailed, { description: errorMessage(err, 'Unknown error') }),
    });
  }

  const actions = (
    <>
      <Button variant="secondary" disabled={changes.length === 0 || save.isPending} onClick={() => setDrafts({})}>
        Discard changes
      </Button>
      <Button disabled={changes.length === 0} loading={save.isPending} onClick={saveAll}>
        {saveButtonText(changes.length)}
      </Button>
    </>
  );

  const failed = forms.isError ? forms : roles.isError ? roles : null;
  return (
    <>
      <PageHeader title={TITLE} description={DESCRIPTION} actions={actions} />
      <Card aria-label="Form assignments">
        {failed ? (
          <ErrorState
            message={forms.isError ? FORM_MESSAGES.loadFailed : 'Failed to load roles'}
            onRetry={() => void failed.refetch()}
            retrying={failed.isFetching}
          />
        ) : forms.isPending || roles.isPending ? (
          <SkeletonRows label="Loading forms" />
        ) : rows.length === 0 ? (
          <EmptyState icon={ClipboardList} message="No draft or published forms yet.">
            <Link className={buttonClassName({ size: 'sm' })} to={tenantPath(formPaths.create())}>
              New Form
            </Link>
          </EmptyState>
        ) : (
          <Grid
            rows={rows}
            roles={roles.data ?? []}
            drafts={drafts}
            changedIds={changes.map((c) => c.id)}
            disabled={save.isPending}
            onToggle={(form, key) => setDrafts(toggleCell(drafts, form, key, roleKeys))}
          />
        )}
      </Card>
    </>
  );
}

interface GridProps {
  rows: FormSummary[];
  roles: RoleType[];
  drafts: AssignmentDrafts;
  changedIds: string[];
  disabled: boolean;
  onToggle: (form: FormSummary, roleKey: string) => void;
}

function Grid({ rows, roles, drafts, changedIds, disabled, onToggle }: GridProps) {
  const roleKeys = roles.map((r) => r.role_key);
  return (
    <div className={table.wrap}>
      <table className={table.table}>
        <thead>
          <tr>
            <th scope="col">Form</th>
            {roles.map((role) => (
              <th key={role.role_key} scope="col" className={styles.role}>
                <RoleBadge roleKey={role.role_key} roles={roles} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((form) => {
            const chosen = ticked(form, drafts, roleKeys);
            const changed = changedIds.includes(form.id);
            return (
              <tr key={form.id} className={clsx(changed && styles.changed)}>
                <th scope="row" className={styles.form}>
                  <span className={styles.title}>{form.title}</span>
                  <span className={styles.meta}>
                    <FormStatusBadge status={form.status} />
                    {changed && <span className={styles.muted}>Unsaved</span>}
                  </span>
                </th>
                {roles.map((role) => (
                  <td key={role.role_key} className={styles.cell}>
                    <input
                      type="checkbox"
                      aria-label={`${role.role_label} fills in ${form.title}`}
                      checked={chosen.includes(role.role_key)}
                      disabled={disabled}
                      onChange={() => onToggle(form, role.role_key)}
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
