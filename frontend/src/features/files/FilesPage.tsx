import { Link } from 'react-router-dom';
import { ChooseTenant } from '../../ui/ChooseTenant';
import { PageHeader } from '../../ui/PageHeader';
import { useScope } from '../../lib/scope/scope-context';
import { FileBrowser } from './FileBrowser';
import { emptyFolderMessage, folderFilter, FolderView, useFolderParam } from './FolderView';
import { useFolder } from './folders-api';
import { UploadCard } from './UploadCard';
import { buttonClassName } from '../../ui/Button';
import { Page } from '../../ui/Page';
import { useFilesViewer } from './use-files-viewer';

/** /files: admins upload for a user or a role and see every file; members see theirs and upload for themselves. */
export function FilesPage() {
  const { tenantId, isAdmin, userId } = useFilesViewer();
  const { tenantPath } = useScope();
  const folderId = useFolderParam();
  const folder = useFolder(tenantId, folderId);
  return (
    <Page>
      <PageHeader
        title="Files"
        description={
          isAdmin
            ? 'Share files with a person or with everyone holding a role.'
            : 'Files shared with you, and the ones you uploaded.'
        }
        actions={
          isAdmin && tenantId ? (
            <Link className={buttonClassName({ variant: 'secondary' })} to={tenantPath('/admin/files')}>
              Open file manager
            </Link>
          ) : null
        }
      />
      {tenantId ? (
        <>
          <UploadCard tenantId={tenantId} mode={isAdmin ? 'choice' : 'self'} folderId={folderId} />
          <FolderView tenantId={tenantId} isAdmin={isAdmin} listing={folder} />
          <FileBrowser
            tenantId={tenantId}
            isAdmin={isAdmin}
            userId={userId}
            filters={{ limit: 1000, folder_id: folderFilter(folderId) }}
            title={folderId ? 'Files in this folder' : isAdmin ? 'All files' : 'Your files'}
            emptyMessage={emptyFolderMessage(folderId, folder.data, 'No files yet.')}
            movable={isAdmin}
          />
        </>
      ) : (
        <ChooseTenant message="Choose a tenant to see its files." />
      )}
    </Page>
  );
}
