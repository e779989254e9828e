import { useState } from 'react';
import { Search } from 'lucide-react';
import { FILE_KIND_LABELS, useTenantUsers } from './api';
import type { FileKind, FileStatus } from './api';
import { ChooseTenant } from '../../ui/ChooseTenant';
import { SelectField } from '../../ui/Field';
import { PageHeader } from '../../ui/PageHeader';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { FileBrowser } from './FileBrowser';
import { UploadCard } from './UploadCard';
import { useFilesViewer } from './use-files-viewer';
import styles from './AdminFilesPage.module.css';

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
      <div className="page">
        <PageHeader title="Files" />
        <ChooseTenant message="Choose a tenant to see its files." />
      </div>
    );
  }
  return (
    <div className="page">
      <PageHeader title="Files" description="Upload, assign and follow the files of this workspace." />
      <div className={styles.filters} role="search" aria-label="Filter files">
        <div className="field">
          <label className="field-label" htmlFor="files-search">
            Search files
          </label>
          <div className={styles.searchBox}>
            <Search size={16} aria-hidden />
            <input
              id="files-search"
              className="input"
              type="search"
              placeholder="Title, file name or recipient"
              value={q}
              onChange={(e) => setQ(e.target.value)}
            />
          </div>
        </div>
        <SelectField label="User" value={userId} onChange={(e) => setUserId(e.target.value)}>
          <option value="">All users</option>
          {users.data?.map((u) => (
            <option key={u.id} value={u.id}>
              {u.email}
            </option>
          ))}
        </SelectField>
        <SelectField label="Type" value={type} onChange={(e) => setType(e.target.value as FileKind | '')}>
          <option value="">All types</option>
          {(Object.keys(FILE_KIND_LABELS) as FileKind[]).map((k) => (
            <option key={k} value={k}>
              {FILE_KIND_LABELS[k]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value as FileStatus | '')}>
          <option value="">All statuses</option>
          <option value="new">New</option>
          <option value="viewed">Viewed</option>
        </SelectField>
      </div>
      <UploadCard tenantId={tenantId} mode="both" />
      <FileBrowser
        tenantId={tenantId}
        isAdmin={isAdmin}
        filters={{ limit: 100, q: search, user_id: userId, type, status }}
        title="Recent files"
        emptyMessage="No recent files."
        selectable
      />
    </div>
  );
}
