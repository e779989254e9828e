import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ClipboardList, LayoutGrid, Plus, Search, Table, UsersRound } from 'lucide-react';
import clsx from 'clsx';
import type { LucideIcon } from 'lucide-react';
import { toast } from 'sonner';
import { FORM_MESSAGES, FORM_STATUSES } from '@portico/common';
import type { FormStatus, FormSummary } from '@portico/common';
import { useCopyForm, useFormList, usePatchForm } from '../api/form-list';
import { useTenantRoles } from '../../../lib/api/queries';
import { buttonClassName } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { ChooseTenant } from '../../../ui/ChooseTenant';
import { ListFilter, ListToolbar } from '../../../ui/ListToolbar';
import { Page } from '../../../ui/Page';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { PageHeader } from '../../../ui/PageHeader';
import { errorMessage } from '../../../lib/api/http';
import { localStore, useStoredValue } from '../../../lib/local-store';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import { useReturnFocus } from '../../../ui/use-return-focus';
import { useScope } from '../../../lib/scope/scope-context';
import { useAbilities } from '../../../lib/scope/use-abilities';
import { DeleteFormDialog } from './DeleteFormDialog';
import type { FormAction } from './FormActionsMenu';
import { FormList, FormListSkeleton } from './FormList';
import {
  archiveTarget,
  FORM_ACTION_TEXT,
  formPaths,
  FORMS_SEARCH_DEBOUNCE_MS,
  FORMS_VIEW_KEY,
  MANAGE_LIST_LIMIT,
  STATUS_LABELS,
  viewModeOf,
  type FormsViewMode,
} from './form-manage';
import { FormPanel } from './FormPanel';
import styles from './FormManagementPage.module.css';

/** The two halves of the segmented control that switches the list between cards and a table. */
const VIEW_MODES: { mode: FormsViewMode; label: string; icon: LucideIcon }[] = [
  { mode: 'cards', label: 'Cards', icon: LayoutGrid },
  { mode: 'table', label: 'Table', icon: Table },
];

const DESCRIPTION = 'Build forms, choose which roles fill them in, and follow the responses.';

/** /forms: every form of the workspace, its panel (Preview, Role Assignment, Responses) and its actions. */
export function FormManagementPage() {
  const { activeTenantId } = useScope();
  if (!activeTenantId) {
    return (
      <Page width="wide">
        <PageHeader title="Forms" description={DESCRIPTION} />
        <ChooseTenant message="Choose a tenant to manage its forms." />
      </Page>
    );
  }
  return <FormsScreen key={activeTenantId} tenantId={activeTenantId} />;
}

function FormsScreen({ tenantId }: { tenantId: string }) {
  const { tenantPath } = useScope();
  const { delete_forms: canDelete } = useAbilities();
  // The selected form lives in the address (?selected=), so the header search and reloads open it.
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('selected');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), FORMS_SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<FormStatus | ''>('');
  const mode = viewModeOf(useStoredValue(FORMS_VIEW_KEY));
  const forms = useFormList(tenantId, { limit: MANAGE_LIST_LIMIT, q, status });
  const roles = useTenantRoles(tenantId);
  const copy = useCopyForm(tenantId);
  const patch = usePatchForm(tenantId);
  const [deleting, setDeleting] = useState<FormSummary | null>(null);
  const { remember: rememberOpener, restore: restoreOpener } = useReturnFocus();

  const select = useCallback(
    (id: string | null) =>
      setParams(
        (current) => {
          if (id) current.set('selected', id);
          else current.delete('selected');
          return current;
        },
        { replace: true },
      ),
    [setParams],
  );

  const close = useCallback(() => {
    select(null);
    restoreOpener();
  }, [select, restoreOpener]);

  function open(form: FormSummary) {
    rememberOpener();
    select(form.id);
  }

  function act(form: FormSummary, action: FormAction) {
    if (action === 'delete') {
      setDeleting(form);
    } else if (action === 'copy') {
      copy.mutate(form.id, {
        onSuccess: (created) => {
          toast.success(FORM_ACTION_TEXT.copied, { description: created.title });
          select(created.id);
        },
        onError: (err) => toast.error(FORM_ACTION_TEXT.copyFailed, { description: errorMessage(err, 'Unknown error') }),
      });
    } else {
      const next = archiveTarget(form.status);
      patch.mutate(
        { id: form.id, status: next },
        {
          onSuccess: () => toast.success(next === 'archived' ? FORM_ACTION_TEXT.archived : FORM_ACTION_TEXT.unarchived),
          onError: (err) =>
            toast.error(FORM_ACTION_TEXT.updateFailed, { description: errorMessage(err, 'Unknown error') }),
        },
      );
    }
  }

  const setMode = (next: FormsViewMode) => localStore.set(FORMS_VIEW_KEY, next);
  const filtered = Boolean(q || status);
  const list = forms.data ?? [];
  const selectedSummary = list.find((f) => f.id === selectedId);

  return (
    <Page width="wide">
      <PageHeader
        title="Forms"
        description={DESCRIPTION}
        actions={
          <>
            {/* /assign-roles is an admins' page (routes/table.ts); admins are those who may delete forms. */}
            {canDelete && (
              <Link className={buttonClassName({ variant: 'secondary' })} to={tenantPath(formPaths.assign())}>
                <UsersRound size={16} aria-hidden />
                Assign to roles
              </Link>
            )}
            <Link className={buttonClassName()} to={tenantPath(formPaths.create())}>
              <Plus size={16} aria-hidden />
              New Form
            </Link>
          </>
        }
      />
      <div className={clsx(styles.layout, selectedId && styles.split)}>
        <Card aria-label="Forms list">
          <ListToolbar
            search={{
              label: 'Search forms',
              placeholder: 'Search by title or description',
              value: search,
              onChange: setSearch,
            }}
            actions={
              <div className={styles.viewToggle} role="group" aria-label="Show forms as">
                {VIEW_MODES.map(({ mode: option, label, icon: Icon }) => (
                  <button
                    key={option}
                    type="button"
                    className={styles.viewButton}
                    aria-pressed={mode === option}
                    onClick={() => setMode(option)}
                  >
                    <Icon size={16} aria-hidden />
                    {label}
                  </button>
                ))}
              </div>
            }
          >
            <ListFilter
              label="Filter by status"
              value={status}
              onChange={setStatus}
              all="All statuses"
              options={FORM_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
            />
          </ListToolbar>
          <div className={styles.listBody} aria-busy={forms.isFetching || undefined}>
            {forms.isError ? (
              <ErrorState
                message={FORM_MESSAGES.loadFailed}
                onRetry={() => void forms.refetch()}
                retrying={forms.isFetching}
              />
            ) : forms.isPending ? (
              <FormListSkeleton mode={mode} />
            ) : list.length === 0 ? (
              filtered ? (
                <EmptyState icon={Search} message="No forms match your search." />
              ) : (
                <EmptyState icon={ClipboardList} message="No forms yet.">
                  <Link className={buttonClassName({ size: 'sm' })} to={tenantPath(formPaths.create())}>
                    New Form
                  </Link>
                </EmptyState>
              )
            ) : (
              <>
                <FormList
                  mode={mode}
                  forms={list}
                  roles={roles.data}
                  selectedId={selectedId}
                  canDelete={canDelete}
                  onSelect={open}
                  onAction={act}
                />
                {list.length >= MANAGE_LIST_LIMIT && (
                  <p className={styles.limitNote}>
                    Showing the {MANAGE_LIST_LIMIT} most recent forms. Search to find older ones.
                  </p>
                )}
              </>
            )}
          </div>
        </Card>
        {selectedId && (
          <FormPanel
            key={selectedId}
            tenantId={tenantId}
            formId={selectedId}
            summary={selectedSummary}
            canDelete={canDelete}
            onAction={act}
            onClose={close}
          />
        )}
      </div>
      <DeleteFormDialog
        tenantId={tenantId}
        form={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(id) => {
          if (id === selectedId) select(null);
        }}
      />
    </Page>
  );
}
