import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { Download, Inbox } from 'lucide-react';
import clsx from 'clsx';
import { toast } from 'sonner';
import type { FormResponseView } from '@portico/common';
import { downloadResponsesCsv, useFormResponses } from '../api/form-list';
import { useFormDetail } from '../api/forms';
import { Button } from '../../../ui/Button';
import { ChooseTenant } from '../../../ui/ChooseTenant';
import { ErrorState } from '../../../ui/ErrorState';
import { DataTable, buttonColumn } from '../../../ui/DataTable';
import type { Column } from '../../../ui/DataTable';
import { Card } from '../../../ui/Card';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { errorMessage } from '../../../lib/api/http';
import { useScope } from '../../../lib/scope/scope-context';
import { formPaths } from '../manage/form-manage';
import { FormStatusBadge } from '../manage/FormStatusBadge';
import { firstFileItem, responderName, RESPONSES_TEXT, submittedAt } from '../response-display';
import { LoadMore } from '../../../ui/LoadMore';
import { BackLink } from '../BackLink';
import { SkeletonRows } from '../SkeletonRows';
import { ResponseDrawer } from './ResponseDrawer';
import { ResponseFileButton } from './ResponseFileButton';
import styles from './FormResponsesPage.module.css';

/** /forms/{id}/responses: who answered, when, their first file, every answer in a side panel, and a CSV export. */
export function FormResponsesPage() {
  const { activeTenantId, tenantPath } = useScope();
  const { id = '' } = useParams();
  const back = <BackLink to={tenantPath(formPaths.selected(id))} />;
  if (!activeTenantId) {
    return (
      <Page>
        {back}
        <PageHeader title="Responses" />
        <ChooseTenant message="Choose a tenant to see its form responses." />
      </Page>
    );
  }
  return <ResponsesScreen key={`${activeTenantId}:${id}`} tenantId={activeTenantId} formId={id} back={back} />;
}

function ResponsesScreen({ tenantId, formId, back }: { tenantId: string; formId: string; back: ReactNode }) {
  const form = useFormDetail(tenantId, formId);
  const responses = useFormResponses(tenantId, formId);
  const [openId, setOpenId] = useState<string | null>(null);
  const open: FormResponseView | null = responses.data?.responses.find((r) => r.id === openId) ?? null;
  const title = form.data?.title;

  const exportCsv = useMutation({
    mutationFn: () => downloadResponsesCsv(tenantId, formId, title ?? ''),
    onError: (err) => toast.error(RESPONSES_TEXT.exportFailed, { description: errorMessage(err, 'Unknown error') }),
  });

  if (form.isError) {
    return (
      <Page>
        {back}
        <PageHeader title="Responses" />
        <ErrorState
          message={errorMessage(form.error, 'Failed to load the form')}
          onRetry={() => void form.refetch()}
          retrying={form.isFetching}
        />
      </Page>
    );
  }

  const count = responses.data?.total ?? 0;
  const columns: Column<FormResponseView>[] = [
    {
      header: 'Name',
      className: styles.nameCell,
      sortValue: responderName,
      cell: (response) => (
        <>
          <Button variant="link" className={styles.name} onClick={() => setOpenId(response.id)}>
            {responderName(response)}
          </Button>
          {response.user_name && <div className={styles.muted}>{response.user_email}</div>}
        </>
      ),
    },
    {
      header: 'Submitted At',
      className: styles.nowrap,
      sortValue: (response) => response.created_at,
      cell: (response) => <time dateTime={response.created_at}>{submittedAt(response.created_at)}</time>,
    },
    {
      header: 'Resume/File',
      cell: (response) => {
        const file = firstFileItem(response.items);
        return file ? (
          <ResponseFileButton tenantId={tenantId} file={file.file} />
        ) : (
          <span className={styles.muted}>—</span>
        );
      },
    },
    buttonColumn('Details', (response) => ({
      text: 'View',
      label: `View the response of ${responderName(response)}`,
      onClick: () => setOpenId(response.id),
    })),
  ];
  return (
    <Page>
      {back}
      {form.data ? (
        <PageHeader
          title={form.data.title}
          description={
            <span className={styles.headerMeta}>
              <FormStatusBadge status={form.data.status} />
              {responses.isSuccess && <span>{count === 1 ? '1 response' : `${count.toLocaleString()} responses`}</span>}
            </span>
          }
          actions={
            <Button
              variant="secondary"
              onClick={() => exportCsv.mutate()}
              loading={exportCsv.isPending}
              disabled={count === 0}
            >
              {!exportCsv.isPending && <Download size={16} aria-hidden />}
              Export CSV
            </Button>
          }
        />
      ) : (
        <div className={styles.loading} role="status" aria-label="Loading the form">
          <Skeleton width={260} height={28} />
          <Skeleton width={160} height={14} />
        </div>
      )}

      <Card aria-label="Responses">
        {responses.isPending && <SkeletonRows label="Loading responses" />}
        {responses.isError && (
          <ErrorState
            message={RESPONSES_TEXT.loadFailed}
            onRetry={() => void responses.refetch()}
            retrying={responses.isFetching}
          />
        )}
        {responses.isSuccess && (
          <>
            <DataTable
              rows={responses.data.responses}
              columns={columns}
              rowKey={(response) => response.id}
              rowAttributes={(response) => ({
                className: clsx(response.id === openId && styles.openRow),
                'aria-current': response.id === openId || undefined,
              })}
              caption="Responses"
              empty={{ icon: Inbox, message: RESPONSES_TEXT.empty }}
            />
            <LoadMore
              list={responses}
              shown={responses.data.responses.length}
              total={count}
              label="Load more responses"
              failedMessage={RESPONSES_TEXT.loadMoreFailed}
            />
          </>
        )}
      </Card>
      <ResponseDrawer tenantId={tenantId} response={open} onClose={() => setOpenId(null)} />
    </Page>
  );
}
