import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useTenantRoles } from '../../lib/api/queries';
import { FILE_ORDER_LABELS, fileKeys, useFilePages } from './api';
import type { FileFilters, FileOrder, PortalFile } from './api';
import { Select } from '../../ui/Field';
import { ListToolbar, type ListSearch } from '../../ui/ListToolbar';
import { LoadMore } from '../../ui/LoadMore';
import { FileTable } from './FileTable';
import { MoveDialog, RenameFileDialog } from './FolderDialogs';
import { PreviewDrawer } from './PreviewDrawer';

interface FileBrowserProps {
  tenantId: string;
  isAdmin: boolean;
  /** The viewer: a member may delete the files they uploaded. */
  userId: string | null;
  filters: FileFilters;
  title: string;
  emptyMessage: string;
  selectable?: boolean;
  /** The list's search box and filter selects, shown before its order. */
  search?: ListSearch;
  filterSelects?: ReactNode;
  /** Files can be renamed and moved to another folder (admins). */
  movable?: boolean;
}

/** A file list read a page at a time, its order kept in the address (?order=oldest), with the preview drawer. */
export function FileBrowser({
  tenantId,
  isAdmin,
  userId,
  filters,
  title,
  emptyMessage,
  selectable,
  search,
  filterSelects,
  movable,
}: FileBrowserProps) {
  // The header search links to ?file={id} to open that file's drawer.
  const [params, setParams] = useSearchParams();
  const order: FileOrder = params.get('order') === 'oldest' ? 'oldest' : 'newest';
  const files = useFilePages(tenantId, { ...filters, order });
  const roles = useTenantRoles(tenantId);
  const [openId, setOpenId] = useState<string | null>(params.get('file'));
  const [moving, setMoving] = useState<PortalFile | null>(null);
  const [renaming, setRenaming] = useState<PortalFile | null>(null);
  const open = files.data?.files.find((f) => f.id === openId) ?? null;
  const setOrder = (next: FileOrder) =>
    setParams(
      (current) => {
        if (next === 'newest') current.delete('order');
        else current.set('order', next);
        return current;
      },
      { replace: true },
    );
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
  const roleLabel = useCallback(
    (key: string) => roles.data?.find((r) => r.role_key === key)?.role_label ?? key,
    [roles.data],
  );

  return (
    <>
      <FileTable
        tenantId={tenantId}
        title={title}
        toolbar={
          <ListToolbar
            search={search}
            actions={
              <Select
                size="sm"
                aria-label="Order"
                value={order}
                onChange={(e) => setOrder(e.target.value as FileOrder)}
              >
                {(Object.keys(FILE_ORDER_LABELS) as FileOrder[]).map((key) => (
                  <option key={key} value={key}>
                    {FILE_ORDER_LABELS[key]}
                  </option>
                ))}
              </Select>
            }
          >
            {filterSelects}
          </ListToolbar>
        }
        files={files.data?.files}
        isPending={files.isPending}
        isError={files.isError}
        retrying={files.isFetching}
        onRetry={() => void files.refetch()}
        emptyMessage={emptyMessage}
        selectable={selectable}
        showRecipients={isAdmin}
        roleLabel={roleLabel}
        onOpen={(file: PortalFile) => setOpenId(file.id)}
        canDelete={(file: PortalFile) => isAdmin || (userId !== null && file.uploaded_by === userId)}
        onMove={movable ? setMoving : undefined}
        onRename={movable ? setRenaming : undefined}
        canDownloadVersions={isAdmin}
        canShareLinks={isAdmin}
      />
      {files.data && (
        <LoadMore
          list={files}
          shown={files.data.files.length}
          total={files.data.total}
          label="Load more files"
          failedMessage="Failed to load more files. Try again."
        />
      )}
      {open && (
        <PreviewDrawer tenantId={tenantId} file={open} isAdmin={isAdmin} roleLabel={roleLabel} onClose={close} />
      )}
      {movable && (
        <MoveDialog
          tenantId={tenantId}
          item={moving && { kind: 'file', id: moving.id, name: moving.title }}
          from={moving?.folder_id ?? null}
          onClose={() => setMoving(null)}
        />
      )}
      {movable && <RenameFileDialog tenantId={tenantId} file={renaming} onClose={() => setRenaming(null)} />}
    </>
  );
}
