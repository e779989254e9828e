import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Download, FileText } from 'lucide-react';
import { toast } from 'sonner';
import { downloadFile, downloadZip, FILE_KIND_LABELS } from './api';
import type { PortalFile } from './api';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { HiddenColumnHeader } from '../../ui/HiddenColumnHeader';
import { Skeleton } from '../../ui/Skeleton';
import { errorMessage } from '../../lib/api/http';
import { formatBytes, formatDate } from '../../ui/format';
import clsx from 'clsx';
import styles from './FileTable.module.css';

interface FileTableProps {
  tenantId: string;
  title: string;
  /** Controls of the list shown in its header, such as its order. */
  toolbar?: ReactNode;
  files: PortalFile[] | undefined;
  isPending: boolean;
  isError: boolean;
  retrying: boolean;
  onRetry: () => void;
  emptyMessage: string;
  /** Rows can be selected for a bulk download. */
  selectable?: boolean;
  /** Shows recipients (admins). */
  showRecipients?: boolean;
  roleLabel: (key: string) => string;
  onOpen: (file: PortalFile) => void;
}

export function recipientsOf(file: PortalFile, roleLabel: (key: string) => string): string {
  const parts = [
    file.user_email ?? (file.user_id ? 'A user' : null),
    ...file.assigned_roles.map((r) => `${roleLabel(r)} role`),
  ].filter(Boolean);
  return parts.join(', ') || '—';
}

export function FileTable({
  tenantId,
  title,
  toolbar,
  files,
  isPending,
  isError,
  retrying,
  onRetry,
  emptyMessage,
  selectable,
  showRecipients,
  roleLabel,
  onOpen,
}: FileTableProps) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const visible = files ?? [];
  const chosen = visible.filter((f) => selected.has(f.id));
  const allChosen = visible.length > 0 && chosen.length === visible.length;

  function toggle(id: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  const zip = useMutation({
    mutationFn: (ids: string[]) => downloadZip(tenantId, ids),
    onError: (err) => toast.error(errorMessage(err, 'Failed')),
  });

  async function download(file: PortalFile) {
    try {
      await downloadFile(tenantId, file.id);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed'));
    }
  }

  return (
    <section className="card" aria-label={title}>
      <div className={clsx('card-header', styles.header)}>
        <h2 className="card-title">{title}</h2>
        {selectable && chosen.length > 0 && (
          <div className={styles.bulkBar}>
            <span>{chosen.length} selected</span>
            <Button
              size="sm"
              variant="secondary"
              loading={zip.isPending}
              onClick={() => zip.mutate(chosen.map((f) => f.id))}
            >
              {!zip.isPending && <Download size={14} aria-hidden />}
              Download selected
            </Button>
          </div>
        )}
        {toolbar}
      </div>
      {isPending && (
        <div className={styles.loading} role="status" aria-label="Loading files">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={20} />
          ))}
        </div>
      )}
      {isError && <ErrorState message="Failed to fetch files" onRetry={onRetry} retrying={retrying} />}
      {!isPending && !isError && visible.length === 0 && <EmptyState icon={FileText} message={emptyMessage} />}
      {!isPending && !isError && visible.length > 0 && (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                {selectable && (
                  <th scope="col" className={styles.check}>
                    <input
                      type="checkbox"
                      aria-label="Select all files"
                      checked={allChosen}
                      onChange={() => setSelected(allChosen ? new Set() : new Set(visible.map((f) => f.id)))}
                    />
                  </th>
                )}
                <th scope="col">Title</th>
                {showRecipients && <th scope="col">Shared with</th>}
                <th scope="col">Type</th>
                <th scope="col">Size</th>
                <th scope="col">Status</th>
                <th scope="col">Uploaded</th>
                <HiddenColumnHeader label="Actions" />
              </tr>
            </thead>
            <tbody>
              {visible.map((file) => (
                <tr key={file.id}>
                  {selectable && (
                    <td className={styles.check}>
                      <input
                        type="checkbox"
                        aria-label={`Select ${file.title}`}
                        checked={selected.has(file.id)}
                        onChange={() => toggle(file.id)}
                      />
                    </td>
                  )}
                  <td>
                    <button type="button" className={clsx('link-button', styles.title)} onClick={() => onOpen(file)}>
                      {file.title}
                    </button>
                    <div className={styles.fileName}>{file.original_name}</div>
                  </td>
                  {showRecipients && <td>{recipientsOf(file, roleLabel)}</td>}
                  <td>{FILE_KIND_LABELS[file.kind]}</td>
                  <td>{formatBytes(file.size_bytes)}</td>
                  <td>
                    {file.status === 'viewed' ? <Badge tone="green">Viewed</Badge> : <Badge tone="blue">New</Badge>}
                  </td>
                  <td>{formatDate(file.created_at)}</td>
                  <td>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Download ${file.title}`}
                      onClick={() => void download(file)}
                    >
                      <Download size={14} aria-hidden />
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
