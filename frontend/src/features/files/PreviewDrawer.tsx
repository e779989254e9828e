import { useState } from 'react';
import { Download } from 'lucide-react';
import { toast } from 'sonner';
import type { FileEventKind } from '@portico/common';
import { downloadFile, FILE_KIND_LABELS, useFileActivity } from './api';
import { FilePreview } from './FilePreview';
import type { PortalFile } from './api';
import { Button } from '../../ui/Button';
import { DetailList } from '../../ui/DetailList';
import { Drawer } from '../../ui/Drawer';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { Skeleton } from '../../ui/Skeleton';
import { Tabs } from '../../ui/Tabs';
import { errorMessage } from '../../lib/api/http';
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

const ACTIVITY_VERBS: Record<FileEventKind, string> = {
  view: 'viewed',
  download: 'downloaded',
  deleted: 'deleted',
  restored: 'restored',
  moved: 'moved',
  version: 'uploaded version',
  link_created: 'made a share link',
  link_revoked: 'revoked a share link',
};

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
          <span className={styles.who}>{e.user_email ?? 'A removed user'}</span> {ACTIVITY_VERBS[e.kind]}
          {e.version_number !== null && ` ${e.version_number}`} ·{' '}
          <time dateTime={e.created_at}>{DATE_TIME.format(new Date(e.created_at))}</time>
        </li>
      ))}
    </ul>
  );
}

/** The right-hand drawer of a file: Preview, Details and (admins) Activity; Escape or a click outside closes it. */
export function PreviewDrawer({ tenantId, file, isAdmin, roleLabel, onClose }: PreviewDrawerProps) {
  const [tab, setTab] = useState<DrawerTab>('preview');

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
    <Drawer open onOpenChange={(open) => !open && onClose()} title={file.title}>
      <div className={styles.body}>
        <div>
          <Button size="sm" variant="secondary" onClick={() => void download()}>
            <Download size={14} aria-hidden />
            Download
          </Button>
        </div>
        <Tabs label="File" tabs={tabs} value={tab} onChange={setTab}>
          {tab === 'preview' && <FilePreview tenantId={tenantId} file={file} />}
          {tab === 'details' && (
            <DetailList
              rows={[
                ['File name', file.original_name],
                ['Type', `${FILE_KIND_LABELS[file.kind]} (${file.content_type})`],
                ['Size', formatBytes(file.size_bytes)],
                ['Shared with', recipientsOf(file, roleLabel)],
                ['Recipients', file.recipients_count],
                ['Uploaded by', file.uploaded_by_email ?? '—'],
                ['Uploaded', formatDate(file.created_at)],
                ['Status', file.status === 'viewed' ? 'Viewed' : 'New'],
              ]}
            />
          )}
          {tab === 'activity' && isAdmin && <Activity tenantId={tenantId} file={file} />}
        </Tabs>
      </div>
    </Drawer>
  );
}
