import { useState } from 'react';
import { Download, History } from 'lucide-react';
import { toast } from 'sonner';
import type { PortalFile } from './api';
import { downloadFileVersion, useFileVersions, type FileVersion } from './versions-api';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { Skeleton } from '../../ui/Skeleton';
import { errorMessage } from '../../lib/api/http';
import { formatBytes, formatDateTime } from '../../ui/format';
import styles from './FileVersions.module.css';

interface VersionHistoryDialogProps {
  tenantId: string;
  /** The file whose history to show; null keeps the dialog closed. */
  file: PortalFile | null;
  /** Earlier versions can be downloaded (admins: the API's rule). */
  canDownloadEarlier: boolean;
  onClose: () => void;
}

function Versions({
  tenantId,
  file,
  canDownloadEarlier,
}: Omit<VersionHistoryDialogProps, 'onClose' | 'file'> & { file: PortalFile }) {
  const versions = useFileVersions(tenantId, file.id, true);
  const [downloading, setDownloading] = useState<string | null>(null);

  async function download(version: FileVersion) {
    setDownloading(version.id);
    try {
      await downloadFileVersion(tenantId, file.id, version);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed'));
    } finally {
      setDownloading(null);
    }
  }

  if (versions.isPending)
    return (
      <div className={styles.loading} role="status" aria-label="Loading versions">
        <Skeleton height={44} />
        <Skeleton height={44} />
      </div>
    );
  if (versions.isError)
    return (
      <ErrorState
        message="Failed to load the version history"
        onRetry={() => void versions.refetch()}
        retrying={versions.isFetching}
      />
    );
  if (versions.data.length === 0) return <EmptyState icon={History} message="No versions yet." />;
  return (
    <ol className={styles.versions} aria-label="Versions, newest first">
      {versions.data.map((version) => (
        <li key={version.id} className={styles.version}>
          <div className={styles.versionText}>
            <div className={styles.versionTitle}>
              <span>Version {version.number}</span>
              {version.latest && <Badge tone="green">Latest</Badge>}
            </div>
            <div>
              {version.original_name} · {formatBytes(version.size_bytes)}
            </div>
            <div className={styles.muted}>
              {version.uploaded_by_name ?? 'A removed user'} ·{' '}
              <time dateTime={version.created_at}>{formatDateTime(version.created_at)}</time>
            </div>
          </div>
          {canDownloadEarlier && !version.latest && (
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Download version ${version.number}`}
              loading={downloading === version.id}
              onClick={() => void download(version)}
            >
              {downloading !== version.id && <Download size={14} aria-hidden />}
              Download
            </Button>
          )}
        </li>
      ))}
    </ol>
  );
}

/**
 * A file's versions, newest first, with who uploaded each and when (issue 33). The file's own
 * download serves the latest; admins may download an earlier one here.
 */
export function VersionHistoryDialog({ tenantId, file, canDownloadEarlier, onClose }: VersionHistoryDialogProps) {
  return (
    <Dialog
      open={file !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Version history"
      description={file ? `“${file.title}”, newest first.` : undefined}
      wide
    >
      {file && <Versions tenantId={tenantId} file={file} canDownloadEarlier={canDownloadEarlier} />}
      <p className={styles.note}>
        {canDownloadEarlier
          ? 'Downloads and previews of the file serve its latest version.'
          : 'Downloads and previews of the file serve its latest version; admins can download earlier ones.'}{' '}
        A copy shared on its own keeps the version it was shared with.
      </p>
    </Dialog>
  );
}
