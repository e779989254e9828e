import clsx from 'clsx';
import type { FormSummary, RoleType } from '@portico/common';
import { ClipboardList } from 'lucide-react';
import { Button } from '../../../ui/Button';
import { DataTable } from '../../../ui/DataTable';
import type { Column } from '../../../ui/DataTable';
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

/** A form's title, which opens its panel. */
function FormTitleButton({
  form,
  selected,
  onSelect,
}: {
  form: FormSummary;
  selected: boolean;
  onSelect: (form: FormSummary) => void;
}) {
  return (
    <Button variant="link" className={styles.title} aria-expanded={selected} onClick={() => onSelect(form)}>
      {form.title}
    </Button>
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
            <FormTitleButton form={form} selected={form.id === selectedId} onSelect={onSelect} />
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
  const columns = tableColumns({ roles, selectedId, canDelete, onSelect, onAction }).filter(
    (column) => !(besidePanel && OPTIONAL_COLUMNS.has(column.header)),
  );
  return (
    <DataTable
      rows={forms}
      columns={columns}
      rowKey={(form) => form.id}
      rowAttributes={(form) => ({
        className: clsx(form.id === selectedId && styles.selectedRow),
        'aria-current': form.id === selectedId || undefined,
      })}
      caption="Forms"
      empty={{ icon: ClipboardList, message: 'No forms yet.' }}
    />
  );
}

/** Beside the selected form's panel the table keeps the columns that tell forms apart. */
const OPTIONAL_COLUMNS = new Set(['Questions', 'Updated']);

function tableColumns({
  roles,
  selectedId,
  canDelete,
  onSelect,
  onAction,
}: Pick<FormListProps, 'roles' | 'selectedId' | 'canDelete' | 'onSelect' | 'onAction'>): Column<FormSummary>[] {
  return [
    {
      header: 'Title',
      className: styles.tableTitleCell,
      sortValue: (form) => form.title,
      cell: (form) => (
        <>
          <FormTitleButton form={form} selected={form.id === selectedId} onSelect={onSelect} />
          {form.description && <div className={styles.description}>{form.description}</div>}
        </>
      ),
    },
    { header: 'Status', sortValue: (form) => form.status, cell: (form) => <FormStatusBadge status={form.status} /> },
    { header: 'Roles', cell: (form) => <AssignedRoles keys={form.assigned_roles} roles={roles} /> },
    {
      header: 'Questions',
      variant: 'numeric',
      sortValue: (form) => form.questions_count,
      cell: (form) => form.questions_count.toLocaleString(),
    },
    {
      header: 'Responses',
      variant: 'numeric',
      sortValue: (form) => form.responses_count,
      cell: (form) => form.responses_count.toLocaleString(),
    },
    {
      header: 'Completion',
      variant: 'numeric',
      sortValue: (form) => form.completion_rate ?? -1,
      cell: (form) => completionText(form.completion_rate),
    },
    {
      header: 'Updated',
      className: styles.nowrap,
      sortValue: (form) => form.updated_at,
      cell: (form) => <Updated iso={form.updated_at} />,
    },
    {
      header: 'Actions',
      hideHeader: true,
      variant: 'actions',
      cell: (form) => (
        <FormActionsMenu form={form} canDelete={canDelete} onAction={(action) => onAction(form, action)} />
      ),
    },
  ];
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
