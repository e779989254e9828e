import { useState } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { Download, X } from 'lucide-react';
import { toast } from 'sonner';
import { downloadFile, FILE_KIND_LABELS, fileLink, useFileActivity } from './api';
import { isPreviewable } from './file-format';
import type { PortalFile } from './api';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { Skeleton } from '../../ui/Skeleton';
import { Tabs } from '../../ui/Tabs';
import { errorMessage } from '../../lib/api/http';
import { useDialogReturnFocus } from '../../ui/use-return-focus';
import { formatBytes, formatDate } from '../../ui/format';
import { recipientsOf } from './FileTable';
import styles from './PreviewDrawer.module.css';

type DrawerTab = 'preview' | 'details' | 'activity';

interface PreviewDrawerProps {
  tenantId: string;
  file: PortalFile;
  isAdmin: boolean;
  roleLabel: (key: string) => string;
  onClose: () => void;
}

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Preview({ tenantId, file }: { tenantId: string; file: PortalFile }) {
  const previewable = isPreviewable(file);
  // Each opening gets a fresh signed link; the server records the view when it is loaded.
  const link = useQuery({
    queryKey: ['file-preview-link', tenantId, file.id],
    queryFn: () => fileLink(tenantId, file.id, 'preview'),
    enabled: previewable,
    gcTime: 0,
    staleTime: Infinity,
  });
  if (!previewable) return <p className={styles.note}>This file type cannot be previewed. Use Download to open it.</p>;
  if (link.isPending) return <Skeleton height={320} />;
  if (link.isError)
    return (
      <ErrorState message="Failed to load the preview" onRetry={() => void link.refetch()} retrying={link.isFetching} />
    );
  return file.kind === 'pdf' ? (
    <iframe className={styles.frame} src={link.data} title={`Preview of ${file.title}`} />
  ) : (
    <img className={styles.image} src={link.data} alt={`Preview of ${file.title}`} />
  );
}

function Activity({ tenantId, file }: { tenantId: string; file: PortalFile }) {
  const activity = useFileActivity(tenantId, file.id, true);
  if (activity.isPending) return <Skeleton height={80} />;
  if (activity.isError)
    return (
      <ErrorState
        message="Failed to load activity"
        onRetry={() => void activity.refetch()}
        retrying={activity.isFetching}
      />
    );
  if (activity.data.length === 0) return <EmptyState icon={Download} message="No views or downloads yet." />;
  return (
    <ul className={styles.activity}>
      {activity.data.map((e) => (
        <li key={e.id}>
          <span className={styles.who}>{e.user_email ?? 'A removed user'}</span>{' '}
          {e.kind === 'view' ? 'viewed' : 'downloaded'} ·{' '}
          <time dateTime={e.created_at}>{DATE_TIME.format(new Date(e.created_at))}</time>
        </li>
      ))}
    </ul>
  );
}

/** The right-hand drawer of a file: Preview, Details and (admins) Activity; Escape or a click outside closes it. */
export function PreviewDrawer({ tenantId, file, isAdmin, roleLabel, onClose }: PreviewDrawerProps) {
  const [tab, setTab] = useState<DrawerTab>('preview');
  const returnFocus = useDialogReturnFocus();

  async function download() {
    try {
      await downloadFile(tenantId, file.id);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed'));
    }
  }

  const tabs = [
    { key: 'preview' as const, label: 'Preview' },
    { key: 'details' as const, label: 'Details' },
    ...(isAdmin ? [{ key: 'activity' as const, label: 'Activity' }] : []),
  ];
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.backdrop} />
        <RadixDialog.Content className={styles.drawer} aria-describedby={undefined} {...returnFocus}>
          <header className={styles.header}>
            <RadixDialog.Title className={styles.title}>{file.title}</RadixDialog.Title>
            <Button size="sm" variant="secondary" onClick={() => void download()}>
              <Download size={14} aria-hidden />
              Download
            </Button>
            <RadixDialog.Close className="icon-button" aria-label="Close">
              <X size={18} aria-hidden />
            </RadixDialog.Close>
          </header>
          <Tabs label="File" tabs={tabs} value={tab} onChange={setTab}>
            {tab === 'preview' && <Preview tenantId={tenantId} file={file} />}
            {tab === 'details' && (
              <dl className={styles.details}>
                <dt>File name</dt>
                <dd>{file.original_name}</dd>
                <dt>Type</dt>
                <dd>
                  {FILE_KIND_LABELS[file.kind]} ({file.content_type})
                </dd>
                <dt>Size</dt>
                <dd>{formatBytes(file.size_bytes)}</dd>
                <dt>Shared with</dt>
                <dd>{recipientsOf(file, roleLabel)}</dd>
                <dt>Recipients</dt>
                <dd>{file.recipients_count}</dd>
                <dt>Uploaded by</dt>
                <dd>{file.uploaded_by_email ?? '—'}</dd>
                <dt>Uploaded</dt>
                <dd>{formatDate(file.created_at)}</dd>
                <dt>Status</dt>
                <dd>{file.status === 'viewed' ? 'Viewed' : 'New'}</dd>
              </dl>
            )}
            {tab === 'activity' && isAdmin && <Activity tenantId={tenantId} file={file} />}
          </Tabs>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
