import { Download, Eye, FileText } from 'lucide-react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { downloadFile, fileLink, useFiles, isPreviewable } from '../files';
import type { PortalFile } from '../files';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { Skeleton } from '../../ui/Skeleton';
import { errorMessage } from '../../lib/api/http';
import { useScope } from '../../lib/scope/scope-context';
import { relativeAge } from '../../ui/relative-age';
import { Card, CardHeader } from '../../ui/Card';
import styles from './RecentFiles.module.css';

interface RecentFilesProps {
  tenantId: string;
  count: number;
  title: string;
  emptyMessage: string;
}

async function open(tenantId: string, file: PortalFile, how: 'view' | 'download') {
  try {
    if (how === 'download' || !isPreviewable(file)) await downloadFile(tenantId, file.id);
    else window.open(await fileLink(tenantId, file.id, 'preview'), '_blank', 'noopener');
  } catch (err) {
    toast.error(errorMessage(err, 'Download failed'));
  }
}

/** The newest files this person can see, each with its age and View / Download. */
export function RecentFiles({ tenantId, count, title, emptyMessage }: RecentFilesProps) {
  const { tenantPath } = useScope();
  const files = useFiles(tenantId, { limit: 100 });
  const recent = files.data?.slice(0, count) ?? [];
  return (
    <Card aria-labelledby={`recent-files-${count}`}>
      <CardHeader
        id={`recent-files-${count}`}
        title={title}
        actions={
          <Link className={styles.allLink} to={tenantPath('/files')}>
            All files
          </Link>
        }
      />
      {files.isPending && <Skeleton height={96} />}
      {files.isError && (
        <ErrorState message="Failed to fetch files" onRetry={() => void files.refetch()} retrying={files.isFetching} />
      )}
      {files.isSuccess && recent.length === 0 && <EmptyState icon={FileText} message={emptyMessage} />}
      {recent.length > 0 && (
        <ul className={styles.list}>
          {recent.map((file) => (
            <li key={file.id} className={styles.file}>
              <FileText size={20} aria-hidden className={styles.icon} />
              <div className={styles.text}>
                <p className={styles.title}>{file.title}</p>
                <p className={styles.age}>{relativeAge(file.created_at)}</p>
              </div>
              <div className={styles.actions}>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`View ${file.title}`}
                  onClick={() => void open(tenantId, file, 'view')}
                >
                  <Eye size={14} aria-hidden /> View
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Download ${file.title}`}
                  onClick={() => void open(tenantId, file, 'download')}
                >
                  <Download size={14} aria-hidden /> Download
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
