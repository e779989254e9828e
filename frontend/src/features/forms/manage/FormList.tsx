import type { FormSummary, RoleType } from '@portico/common';
import { HiddenColumnHeader } from '../../../ui/HiddenColumnHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { relativeAge } from '../../../ui/relative-age';
import { RoleBadge } from '../../../ui/RoleBadge';
import { submittedAt } from '../response-display';
import { FormActionsMenu, type FormAction } from './FormActionsMenu';
import { completionText, type FormsViewMode } from './form-manage';
import { FormStatusBadge } from './FormStatusBadge';

interface FormListProps {
  mode: FormsViewMode;
  forms: FormSummary[];
  roles: RoleType[] | undefined;
  selectedId: string | null;
  canDelete: boolean;
  onSelect: (form: FormSummary) => void;
  onAction: (form: FormSummary, action: FormAction) => void;
}

function AssignedRoles({ keys, roles }: { keys: string[]; roles: RoleType[] | undefined }) {
  if (keys.length === 0) return <span className="forms-muted">No roles</span>;
  return (
    <span className="forms-role-badges">
      {keys.map((key) => (
        <RoleBadge key={key} roleKey={key} roles={roles} />
      ))}
    </span>
  );
}

function Updated({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={submittedAt(iso)}>
      {relativeAge(iso)}
    </time>
  );
}

/** The forms as cards or as a table; the title selects a form and opens its panel. */
export function FormList({ mode, forms, roles, selectedId, canDelete, onSelect, onAction }: FormListProps) {
  if (mode === 'cards') {
    return (
      <ul className="forms-cards">
        {forms.map((form) => (
          <li key={form.id} className="forms-card" aria-current={form.id === selectedId || undefined}>
            <div className="forms-card-top">
              <FormStatusBadge status={form.status} />
              <FormActionsMenu form={form} canDelete={canDelete} onAction={(action) => onAction(form, action)} />
            </div>
            <button
              type="button"
              className="link-button forms-card-title"
              aria-expanded={form.id === selectedId}
              onClick={() => onSelect(form)}
            >
              {form.title}
            </button>
            {form.description && <p className="forms-card-description">{form.description}</p>}
            <AssignedRoles keys={form.assigned_roles} roles={roles} />
            <dl className="forms-card-stats">
              <div>
                <dt>Questions</dt>
                <dd>{form.questions_count.toLocaleString()}</dd>
              </div>
              <div>
                <dt>Responses</dt>
                <dd>{form.responses_count.toLocaleString()}</dd>
              </div>
              <div>
                <dt>Completion</dt>
                <dd>{completionText(form.completion_rate)}</dd>
              </div>
            </dl>
            <p className="forms-muted forms-card-updated">
              Updated <Updated iso={form.updated_at} />
            </p>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="table-wrap">
      <table className="table forms-table">
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Status</th>
            <th scope="col">Roles</th>
            <th scope="col" className="cell-numeric forms-col-optional">
              Questions
            </th>
            <th scope="col" className="cell-numeric">
              Responses
            </th>
            <th scope="col" className="cell-numeric">
              Completion
            </th>
            <th scope="col" className="forms-col-optional">
              Updated
            </th>
            <HiddenColumnHeader label="Actions" />
          </tr>
        </thead>
        <tbody>
          {forms.map((form) => (
            <tr key={form.id} aria-current={form.id === selectedId || undefined}>
              <td>
                <button
                  type="button"
                  className="link-button forms-table-title"
                  aria-expanded={form.id === selectedId}
                  onClick={() => onSelect(form)}
                >
                  {form.title}
                </button>
                {form.description && <div className="forms-muted forms-table-description">{form.description}</div>}
              </td>
              <td>
                <FormStatusBadge status={form.status} />
              </td>
              <td>
                <AssignedRoles keys={form.assigned_roles} roles={roles} />
              </td>
              <td className="cell-numeric forms-col-optional">{form.questions_count.toLocaleString()}</td>
              <td className="cell-numeric">{form.responses_count.toLocaleString()}</td>
              <td className="cell-numeric">{completionText(form.completion_rate)}</td>
              <td className="forms-nowrap forms-col-optional">
                <Updated iso={form.updated_at} />
              </td>
              <td className="cell-actions">
                <FormActionsMenu form={form} canDelete={canDelete} onAction={(action) => onAction(form, action)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Placeholders shaped like the chosen view. */
export function FormListSkeleton({ mode }: { mode: FormsViewMode }) {
  return (
    <div className={mode === 'cards' ? 'forms-cards' : 'forms-skeleton-rows'} role="status" aria-label="Loading forms">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height={mode === 'cards' ? 180 : 40} />
      ))}
    </div>
  );
}
