import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useTenantRoles } from '../../api/queries';
import { fileKeys, useFiles } from '../../api/files';
import type { FileFilters, PortalFile } from '../../api/files';
import { FileTable } from './FileTable';
import { PreviewDrawer } from './PreviewDrawer';

interface FileBrowserProps {
  tenantId: string;
  isAdmin: boolean;
  filters: FileFilters;
  title: string;
  emptyMessage: string;
  selectable?: boolean;
}

/** A file list with the preview drawer. */
export function FileBrowser({ tenantId, isAdmin, filters, title, emptyMessage, selectable }: FileBrowserProps) {
  const files = useFiles(tenantId, filters);
  const roles = useTenantRoles(tenantId);
  // The header search links to ?file={id} to open that file's drawer.
  const [params, setParams] = useSearchParams();
  const [openId, setOpenId] = useState<string | null>(params.get('file'));
  const open = files.data?.find((f) => f.id === openId) ?? null;
  const queryClient = useQueryClient();
  // A preview or download changes the file's status (new → viewed): re-read the list on close.
  const close = useCallback(() => {
    setOpenId(null);
    setParams(
      (current) => {
        current.delete('file');
        return current;
      },
      { replace: true },
    );
    void queryClient.invalidateQueries({ queryKey: fileKeys.all(tenantId) });
  }, [queryClient, tenantId, setParams]);
  const roleLabel = useCallback((key: string) => roles.data?.find((r) => r.role_key === key)?.role_label ?? key, [roles.data]);

  return (
    <>
      <FileTable
        tenantId={tenantId}
        title={title}
        files={files.data}
        isPending={files.isPending}
        isError={files.isError}
        retrying={files.isFetching}
        onRetry={() => void files.refetch()}
        emptyMessage={emptyMessage}
        selectable={selectable}
        showRecipients={isAdmin}
        roleLabel={roleLabel}
        onOpen={(file: PortalFile) => setOpenId(file.id)}
      />
      {open && <PreviewDrawer tenantId={tenantId} file={open} isAdmin={isAdmin} roleLabel={roleLabel} onClose={close} />}
    </>
  );
}
