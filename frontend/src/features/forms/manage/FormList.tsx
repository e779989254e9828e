import clsx from 'clsx';
import type { FormSummary, RoleType } from '@portico/common';
import { HiddenColumnHeader } from '../../../ui/HiddenColumnHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { relativeAge } from '../../../ui/relative-age';
import { RoleBadge } from '../../../ui/RoleBadge';
import { submittedAt } from '../response-display';
import { SkeletonRows } from '../SkeletonRows';
import { FormActionsMenu, type FormAction } from './FormActionsMenu';
import { completionText, type FormsViewMode } from './form-manage';
import { FormStatusBadge } from './FormStatusBadge';
import styles from './FormList.module.css';

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
  if (keys.length === 0) return <span className={styles.muted}>No roles</span>;
  return (
    <span className={styles.roleBadges}>
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
  // Beside the selected form's panel the list has less room.
  const besidePanel = selectedId !== null;
  if (mode === 'cards') {
    return (
      <ul className={clsx(styles.cards, besidePanel && styles.besidePanel)}>
        {forms.map((form) => (
          <li key={form.id} className={styles.card} aria-current={form.id === selectedId || undefined}>
            <div className={styles.cardTop}>
              <FormStatusBadge status={form.status} />
              <FormActionsMenu form={form} canDelete={canDelete} onAction={(action) => onAction(form, action)} />
            </div>
            <button
              type="button"
              className={clsx('link-button', styles.title)}
              aria-expanded={form.id === selectedId}
              onClick={() => onSelect(form)}
            >
              {form.title}
            </button>
            {form.description && <p className={styles.description}>{form.description}</p>}
            <AssignedRoles keys={form.assigned_roles} roles={roles} />
            <dl className={styles.stats}>
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
            <p className={clsx(styles.muted, styles.updated)}>
              Updated <Updated iso={form.updated_at} />
            </p>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className={clsx('table-wrap', besidePanel && styles.besidePanel)}>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Status</th>
            <th scope="col">Roles</th>
            <th scope="col" className={clsx('cell-numeric', styles.optional)}>
              Questions
            </th>
            <th scope="col" className="cell-numeric">
              Responses
            </th>
            <th scope="col" className="cell-numeric">
              Completion
            </th>
            <th scope="col" className={styles.optional}>
              Updated
            </th>
            <HiddenColumnHeader label="Actions" />
          </tr>
        </thead>
        <tbody>
          {forms.map((form) => (
            <tr
              key={form.id}
              className={clsx(form.id === selectedId && styles.selectedRow)}
              aria-current={form.id === selectedId || undefined}
            >
              <td className={styles.tableTitleCell}>
                <button
                  type="button"
                  className={clsx('link-button', styles.title)}
                  aria-expanded={form.id === selectedId}
                  onClick={() => onSelect(form)}
                >
                  {form.title}
                </button>
                {form.description && <div className={styles.description}>{form.description}</div>}
              </td>
              <td>
                <FormStatusBadge status={form.status} />
              </td>
              <td>
                <AssignedRoles keys={form.assigned_roles} roles={roles} />
              </td>
              <td className={clsx('cell-numeric', styles.optional)}>{form.questions_count.toLocaleString()}</td>
              <td className="cell-numeric">{form.responses_count.toLocaleString()}</td>
              <td className="cell-numeric">{completionText(form.completion_rate)}</td>
              <td className={clsx(styles.nowrap, styles.optional)}>
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
  return mode === 'cards' ? (
    <div className={styles.cards} role="status" aria-label="Loading forms">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height={180} />
      ))}
    </div>
  ) : (
    <SkeletonRows label="Loading forms" />
  );
}
