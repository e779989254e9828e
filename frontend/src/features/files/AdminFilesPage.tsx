import { useState } from 'react';
import { FILE_KIND_LABELS, useTenantUsers } from './api';
import type { FileKind, FileStatus } from './api';
import { ChooseTenant } from '../../ui/ChooseTenant';
import { ListFilter } from '../../ui/ListToolbar';
import { Page } from '../../ui/Page';
import { PageHeader } from '../../ui/PageHeader';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { FileBrowser } from './FileBrowser';
import { emptyFolderMessage, folderFilter, FolderView, useFolderParam } from './FolderView';
import { useFolder } from './folders-api';
import { UploadCard } from './UploadCard';
import { useFilesViewer } from './use-files-viewer';

const FILE_STATUS_FILTERS = [
  { value: 'new', label: 'New files' },
  { value: 'viewed', label: 'Viewed files' },
] as const;

/** /admin/files: search, user/type/status filters, upload with recipient and roles, recent files and the preview drawer. */
export function AdminFilesPage() {
  const { tenantId, isAdmin, userId: viewerId } = useFilesViewer();
  const users = useTenantUsers(tenantId);
  const [q, setQ] = useState('');
  const [userId, setUserId] = useState('');
  const [type, setType] = useState<FileKind | ''>('');
  const [status, setStatus] = useState<FileStatus | ''>('');
  const search = useDebouncedValue(q.trim(), 300);
  const folderId = useFolderParam();
  const folder = useFolder(tenantId, folderId);

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
      <UploadCard tenantId={tenantId} mode="both" folderId={folderId} />
      <FolderView tenantId={tenantId} isAdmin={isAdmin} listing={folder} />
      <FileBrowser
        tenantId={tenantId}
        isAdmin={isAdmin}
        userId={viewerId}
        filters={{ limit: 100, q: search, user_id: userId, type, status, folder_id: folderFilter(folderId, search) }}
        title={search ? 'Matching files' : folderId ? 'Files in this folder' : 'Recent files'}
        emptyMessage={emptyFolderMessage(folderId, folder.data, 'No recent files.')}
        selectable
        movable={isAdmin}
        search={{ label: 'Search files', value: q, onChange: setQ, placeholder: 'Title, file name or recipient' }}
        filterSelects={
          <>
            <ListFilter
              label="Filter by user"
              value={userId}
              onChange={setUserId}
              all="All users"
              options={users.data?.map((u) => ({ value: u.id, label: u.email }))}
            />
            <ListFilter
              label="Filter by type"
              value={type}
              onChange={setType}
              all="All types"
              options={(Object.keys(FILE_KIND_LABELS) as FileKind[]).map((k) => ({
                value: k,
                label: FILE_KIND_LABELS[k],
              }))}
            />
            <ListFilter
              label="Filter by status"
              value={status}
              onChange={setStatus}
              all="All statuses"
              options={FILE_STATUS_FILTERS}
            />
          </>
        }
      />
    </Page>
  );
}
