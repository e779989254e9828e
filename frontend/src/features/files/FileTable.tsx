import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Download, FileText } from 'lucide-react';
import { toast } from 'sonner';
import { downloadFile, downloadZip, FILE_KIND_LABELS } from './api';
import type { PortalFile } from './api';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card, CardHeader } from '../../ui/Card';
import { DataTable, type Column } from '../../ui/DataTable';
import { ErrorState } from '../../ui/ErrorState';
import { CheckboxField } from '../../ui/Field';
import { Skeleton } from '../../ui/Skeleton';
import { errorMessage } from '../../lib/api/http';
import { formatBytes, formatDate } from '../../ui/format';
import { DeleteFileDialog } from './DeleteFileDialog';
import { UploadVersionDialog } from './UploadVersionDialog';
import { VersionHistoryDialog } from './VersionHistoryDialog';
import { ShareLinkDialog } from './ShareLinkDialog';
import styles from './FileTable.module.css';

interface FileTableProps {
  tenantId: string;
  title: string;
  /** The bar above the rows: search, filters, order. */
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
  /** Whether the viewer may delete this file (the API's rule: admins any file, a member their own uploads); the same people upload new versions of it. */
  canDelete: (file: PortalFile) => boolean;
  /** Offers to move a file to another folder (admins). */
  onMove?: (file: PortalFile) => void;
  /** Offers to rename a file (admins). */
  onRename?: (file: PortalFile) => void;
  /** Earlier versions of a file can be downloaded from its history (admins). */
  canDownloadVersions?: boolean;
  /** Offers "Share link": expiring links for people outside the workspace (admins). */
  canShareLinks?: boolean;
}

export function recipientsOf(
  file: Pick<PortalFile, 'user_email' | 'user_id' | 'assigned_roles'>,
  roleLabel: (key: string) => string,
): string {
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
  canDelete,
  onMove,
  onRename,
  canDownloadVersions = false,
  canShareLinks,
}: FileTableProps) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [deleting, setDeleting] = useState<PortalFile | null>(null);
  const [versioning, setVersioning] = useState<PortalFile | null>(null);
  const [history, setHistory] = useState<PortalFile | null>(null);
  const [sharing, setSharing] = useState<PortalFile | null>(null);
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

  const columns: Column<PortalFile>[] = [
    ...(selectable
      ? [
          {
            header: 'Select',
            hideHeader: true,
            className: styles.check,
            cell: (file: PortalFile) => (
              <input
                type="checkbox"
                aria-label={`Select ${file.title}`}
                checked={selected.has(file.id)}
                onChange={() => toggle(file.id)}
              />
            ),
          },
        ]
      : []),
    {
      header: 'Title',
      variant: 'strong',
      cell: (file) => (
        <>
          <Button variant="link" onClick={() => onOpen(file)}>
            {file.title}
          </Button>
          <div className={styles.fileName}>{file.original_name}</div>
        </>
      ),
    },
    ...(showRecipients ? [{ header: 'Shared with', cell: (file: PortalFile) => recipientsOf(file, roleLabel) }] : []),
    { header: 'Type', cell: (file) => FILE_KIND_LABELS[file.kind] },
    { header: 'Size', variant: 'numeric', cell: (file) => formatBytes(file.size_bytes) },
    {
      header: 'Status',
      cell: (file) => (file.status === 'viewed' ? <Badge tone="green">Viewed</Badge> : <Badge tone="blue">New</Badge>),
    },
    { header: 'Uploaded', cell: (file) => formatDate(file.created_at) },
  ];

  return (
    <Card aria-label={title}>
      <CardHeader
        title={title}
        actions={
          selectable &&
          visible.length > 0 && (
            <div className={styles.bulkBar}>
              <CheckboxField
                label="Select all files"
                checked={allChosen}
                onChange={() => setSelected(allChosen ? new Set() : new Set(visible.map((f) => f.id)))}
              />
              {chosen.length > 0 && (
                <>
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
                </>
              )}
            </div>
          )
        }
      />
      {toolbar}
      {isPending && (
        <div className={styles.loading} role="status" aria-label="Loading files">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={20} />
          ))}
        </div>
      )}
      {isError && <ErrorState message="Failed to fetch files" onRetry={onRetry} retrying={retrying} />}
      {!isPending && !isError && (
        <DataTable
          rows={visible}
          columns={columns}
          rowKey={(file) => file.id}
          rowLabel={(file) => file.title}
          rowActions={(file) => [
            { label: 'Preview', onSelect: () => onOpen(file) },
            { label: 'Download', onSelect: () => void download(file) },
            ...(onRename ? [{ label: 'Rename', onSelect: () => onRename(file) }] : []),
            ...(onMove ? [{ label: 'Move', onSelect: () => onMove(file) }] : []),
            ...(canDelete(file) ? [{ label: 'Upload new version', onSelect: () => setVersioning(file) }] : []),
            { label: 'Version history', onSelect: () => setHistory(file) },
            ...(canShareLinks ? [{ label: 'Share link', onSelect: () => setSharing(file) }] : []),
            ...(canDelete(file) ? [{ label: 'Delete', danger: true, onSelect: () => setDeleting(file) }] : []),
          ]}
          caption={title}
          empty={{ icon: FileText, message: emptyMessage }}
        />
      )}
      <DeleteFileDialog tenantId={tenantId} file={deleting} onClose={() => setDeleting(null)} />
      <UploadVersionDialog tenantId={tenantId} file={versioning} onClose={() => setVersioning(null)} />
      <VersionHistoryDialog
        tenantId={tenantId}
        file={history}
        canDownloadEarlier={canDownloadVersions}
        onClose={() => setHistory(null)}
      />
      {canShareLinks && <ShareLinkDialog tenantId={tenantId} file={sharing} onClose={() => setSharing(null)} />}
    </Card>
  );
}
