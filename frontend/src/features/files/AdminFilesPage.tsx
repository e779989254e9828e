import { useState } from 'react';
import { FILE_KIND_LABELS, useTenantUsers } from './api';
import type { FileKind, FileStatus } from './api';
import { ChooseTenant } from '../../ui/ChooseTenant';
import { Select } from '../../ui/Field';
import { Page } from '../../ui/Page';
import { PageHeader } from '../../ui/PageHeader';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { FileBrowser } from './FileBrowser';
import { UploadCard } from './UploadCard';
import { useFilesViewer } from './use-files-viewer';

/** /admin/files: search, user/type/status filters, upload with recipient and roles, recent files and the preview drawer. */
export function AdminFilesPage() {
  const { tenantId, isAdmin } = useFilesViewer();
  const users = useTenantUsers(tenantId);
  const [q, setQ] = useState('');
  const [userId, setUserId] = useState('');
  const [type, setType] = useState<FileKind | ''>('');
  const [status, setStatus] = useState<FileStatus | ''>('');
  const search = useDebouncedValue(q.trim(), 300);

  if (!tenantId) {
    return (
      <Page>
        <PageHeader title="Files" />
        <ChooseTenant message="Choose a tenant to see its files." />
      </Page>
    );
  }
  return (
    <Page>
      <PageHeader title="Files" description="Upload, assign and follow the files of this workspace." />
      <UploadCard tenantId={tenantId} mode="both" />
      <FileBrowser
        tenantId={tenantId}
        isAdmin={isAdmin}
        filters={{ limit: 100, q: search, user_id: userId, type, status }}
        title="Recent files"
        emptyMessage="No recent files."
        selectable
        search={{ label: 'Search files', value: q, onChange: setQ, placeholder: 'Title, file name or recipient' }}
        filterSelects={
          <>
            <Select size="sm" aria-label="Filter by user" value={userId} onChange={(e) => setUserId(e.target.value)}>
              <option value="">All users</option>
              {users.data?.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.email}
                </option>
              ))}
            </Select>
            <Select
              size="sm"
              aria-label="Filter by type"
              value={type}
              onChange={(e) => setType(e.target.value as FileKind | '')}
            >
              <option value="">All types</option>
              {(Object.keys(FILE_KIND_LABELS) as FileKind[]).map((k) => (
                <option key={k} value={k}>
                  {FILE_KIND_LABELS[k]}
                </option>
              ))}
            </Select>
            <Select
              size="sm"
              aria-label="Filter by status"
              value={status}
              onChange={(e) => setStatus(e.target.value as FileStatus | '')}
            >
              <option value="">All statuses</option>
              <option value="new">New files</option>
              <option value="viewed">Viewed files</option>
            </Select>
          </>
        }
      />
    </Page>
  );
}
