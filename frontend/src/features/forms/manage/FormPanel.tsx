import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Pencil, X } from 'lucide-react';
import type { FormSummary } from '@portico/common';
import { useFormDetail } from '../api/forms';
import { buttonClassName, IconButton } from '../../../ui/Button';
import { ErrorState } from '../../../ui/ErrorState';
import { Skeleton } from '../../../ui/Skeleton';
import { Tabs } from '../../../ui/Tabs';
import { errorMessage } from '../../../lib/api/http';
import { useScope } from '../../../lib/scope/scope-context';
import { FormView } from '../FormView';
import { FormActionsMenu, type FormAction } from './FormActionsMenu';
import { formPaths } from './form-manage';
import { FormStatusBadge } from './FormStatusBadge';
import { PanelResponses } from './PanelResponses';
import { RoleAssignment } from './RoleAssignment';
import styles from './FormPanel.module.css';

type PanelTab = 'preview' | 'roles' | 'responses';
const TABS = [
  { key: 'preview', label: 'Preview' },
  { key: 'roles', label: 'Role Assignment' },
  { key: 'responses', label: 'Responses' },
] as const;

interface FormPanelProps {
  tenantId: string;
  formId: string;
  /** The list's row, shown while the full form loads. */
  summary: FormSummary | undefined;
  canDelete: boolean;
  onAction: (form: FormSummary, action: FormAction) => void;
  onClose: () => void;
}

/**
 * The right-hand panel of the selected form: Preview, Role Assignment, Responses. Escape closes
 * it unless a dialog, drawer or menu above it took the key first. On narrow screens CSS makes it
 * a full-width drawer.
 */
export function FormPanel({ tenantId, formId, summary, canDelete, onAction, onClose }: FormPanelProps) {
  const { tenantPath } = useScope();
  const detail = useFormDetail(tenantId, formId);
  const [tab, setTab] = useState<PanelTab>('preview');
  const heading = useRef<HTMLHeadingElement>(null);
  const form = detail.data ?? summary;

  useEffect(() => {
    // Keyboard and screen reader users land in the panel they just opened.
    heading.current?.focus();
  }, [formId]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Radix dialogs and menus handle Escape first (capture phase) and mark it handled.
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <>
      {/* Shown on narrow screens only, where the panel covers the page: a click outside closes it. */}
      <div className={styles.backdrop} aria-hidden onClick={onClose} />
      <aside className={styles.panel} aria-labelledby="forms-panel-title">
        <header className={styles.header}>
          <div className={styles.heading}>
            <h2 id="forms-panel-title" className={styles.title} ref={heading} tabIndex={-1}>
              {form ? form.title : <Skeleton width={180} height={18} />}
            </h2>
            {form && <FormStatusBadge status={form.status} />}
          </div>
          {form && (
            <>
              <Link
                className={buttonClassName({ variant: 'secondary', size: 'sm' })}
                to={tenantPath(formPaths.edit(form.id))}
              >
                <Pencil size={14} aria-hidden />
                Edit
              </Link>
              <FormActionsMenu form={form} canDelete={canDelete} onAction={(action) => onAction(form, action)} />
            </>
          )}
          <IconButton label="Close panel" icon={X} onClick={onClose} />
        </header>
        {detail.isError && !form ? (
          <ErrorState
            message={errorMessage(detail.error, 'Failed to load the form')}
            onRetry={() => void detail.refetch()}
            retrying={detail.isFetching}
          />
        ) : (
          <Tabs label="Form details" tabs={TABS} value={tab} onChange={setTab}>
            {tab === 'preview' &&
              (detail.isPending ? (
                <div className={styles.stack} role="status" aria-label="Loading preview">
                  <Skeleton height={28} width="60%" />
                  <Skeleton height={64} />
                  <Skeleton height={64} />
                </div>
              ) : detail.isError ? (
                <ErrorState
                  message={errorMessage(detail.error, 'Failed to load the form')}
                  onRetry={() => void detail.refetch()}
                  retrying={detail.isFetching}
                />
              ) : (
                <div className={styles.preview}>
                  <FormView form={detail.data} />
                </div>
              ))}
            {tab === 'roles' && form && <RoleAssignment tenantId={tenantId} form={form} />}
            {tab === 'responses' && <PanelResponses tenantId={tenantId} formId={formId} />}
          </Tabs>
        )}
      </aside>
    </>
  );
}
