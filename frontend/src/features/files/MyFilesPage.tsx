import { ChooseTenant } from '../../ui/ChooseTenant';
import { PageHeader } from '../../ui/PageHeader';
import { FileBrowser } from './FileBrowser';
import { UploadCard } from './UploadCard';
import { Page } from '../../ui/Page';
import { useFilesViewer } from './use-files-viewer';

/** /my-files: the viewer's own files (theirs and their role's) and an upload for themselves. */
export function MyFilesPage() {
  const { tenantId, isAdmin, userId } = useFilesViewer();
  return (
    <Page>
      <PageHeader title="Your Files" description="Files shared with you, and the ones you uploaded." />
      {tenantId ? (
        <>
          <UploadCard tenantId={tenantId} mode="self" />
          <FileBrowser
            tenantId={tenantId}
            isAdmin={isAdmin}
            userId={userId}
            filters={{ limit: 100, user_id: isAdmin && userId ? userId : undefined }}
            title="Your files"
            emptyMessage="No files yet."
          />
        </>
      ) : (
        <ChooseTenant message="Choose a tenant to see its files." />
      )}
    </Page>
  );
}
