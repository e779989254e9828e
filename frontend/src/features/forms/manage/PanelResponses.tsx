import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ChevronRight, Inbox, Paperclip } from 'lucide-react';
import type { FormResponseView } from '@portico/common';
import { useFormResponses } from '../api/form-list';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { Skeleton } from '../../../ui/Skeleton';
import { useScope } from '../../../lib/scope/scope-context';
import { relativeAge } from '../../../ui/relative-age';
import { firstFileItem, responderName, RESPONSES_TEXT, submittedAt } from '../response-display';
import { LoadMore } from '../../../ui/LoadMore';
import { ResponseDrawer } from '../responses/ResponseDrawer';
import { formPaths } from './form-manage';
import styles from './PanelResponses.module.css';

/** The panel's Responses tab: who answered and when; a response opens in the response drawer. */
export function PanelResponses({ tenantId, formId }: { tenantId: string; formId: string }) {
  const { tenantPath } = useScope();
  const responses = useFormResponses(tenantId, formId);
  const [openId, setOpenId] = useState<string | null>(null);
  const open: FormResponseView | null = responses.data?.responses.find((r) => r.id === openId) ?? null;

  if (responses.isPending) {
    return (
      <div className={styles.stack} role="status" aria-label="Loading responses">
        <Skeleton height={44} />
        <Skeleton height={44} />
        <Skeleton height={44} />
      </div>
    );
  }
  if (responses.isError) {
    return (
      <ErrorState
        message={RESPONSES_TEXT.loadFailed}
        onRetry={() => void responses.refetch()}
        retrying={responses.isFetching}
      />
    );
  }
  const { responses: shown, total } = responses.data;
  return (
    <div className={styles.stack}>
      <div className={styles.row}>
        <span className={styles.muted}>{total === 1 ? '1 response' : `${total.toLocaleString()} responses`}</span>
        <Link className={styles.link} to={tenantPath(formPaths.responses(formId))}>
          Open responses page
        </Link>
      </div>
      {shown.length === 0 ? (
        <EmptyState icon={Inbox} message={RESPONSES_TEXT.empty} />
      ) : (
        <ul className={styles.list}>
          {shown.map((response) => (
            <li key={response.id}>
              <button type="button" className={styles.response} onClick={() => setOpenId(response.id)}>
                <span className={styles.text}>
                  <span className={styles.name}>{responderName(response)}</span>
                  <time
                    className={styles.muted}
                    dateTime={response.created_at}
                    title={submittedAt(response.created_at)}
                  >
                    {relativeAge(response.created_at)}
                  </time>
                </span>
                {firstFileItem(response.items) && <Paperclip size={14} aria-label="Has a file" />}
                <ChevronRight size={16} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        list={responses}
        shown={shown.length}
        total={total}
        label="Load more responses"
        failedMessage={RESPONSES_TEXT.loadMoreFailed}
      />
      <ResponseDrawer tenantId={tenantId} response={open} onClose={() => setOpenId(null)} />
    </div>
  );
}
