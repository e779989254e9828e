import { Link } from 'react-router-dom';
import { ClipboardList } from 'lucide-react';
import { FORM_MESSAGES } from '@portico/common';
import { useFormList, formPaths } from '../forms';
import { Badge } from '../../ui/Badge';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { Skeleton } from '../../ui/Skeleton';
import { useScope } from '../../lib/scope/scope-context';
import { assignedForms, DASHBOARD_FORMS_LIMIT } from './assigned-forms';

/** The member dashboard's Forms: the two newest forms assigned to this member's role, each with Open. */
export function AssignedFormsCard({ tenantId }: { tenantId: string }) {
  const { tenantPath, activeMembership } = useScope();
  const forms = useFormList(tenantId, { limit: DASHBOARD_FORMS_LIMIT });
  const shown = assignedForms(forms.data ?? [], activeMembership?.role ?? null);
  return (
    <section className="card" aria-labelledby="assigned-forms-title">
      <header className="card-header">
        <h2 className="card-title" id="assigned-forms-title">
          Forms
        </h2>
        <p className="card-description">Forms your team asks you to fill in.</p>
      </header>
      {forms.isPending && (
        <div className="forms-skeleton-rows" role="status" aria-label="Loading forms">
          <Skeleton height={48} />
          <Skeleton height={48} />
        </div>
      )}
      {forms.isError && (
        <ErrorState
          message={FORM_MESSAGES.loadFailed}
          onRetry={() => void forms.refetch()}
          retrying={forms.isFetching}
        />
      )}
      {forms.isSuccess && shown.length === 0 && <EmptyState icon={ClipboardList} message={FORM_MESSAGES.empty} />}
      {shown.length > 0 && (
        <ul className="assigned-forms">
          {shown.map((form) => (
            <li key={form.id} className="assigned-form">
              <div className="assigned-form-text">
                <p className="assigned-form-title">
                  <span className="cell-strong">{form.title}</span>
                  {form.submitted && <Badge tone="green">Submitted</Badge>}
                </p>
                {form.description && <p className="assigned-form-description">{form.description}</p>}
              </div>
              <Link
                className="btn btn-secondary btn-sm"
                to={tenantPath(formPaths.fill(form.id))}
                aria-label={`Open ${form.title}`}
              >
                Open
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
