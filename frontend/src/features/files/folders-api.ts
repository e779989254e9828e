import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, type ApiBody, type ApiSchema } from '../../lib/api/typed-client';
import { fileKeys } from './api';

/* Folders of the workspace's files (issue 33): listing one, and the admins' changes to them. */

export type PortalFolder = ApiSchema<'WorkspaceFolder'>;
export type FolderCreate = ApiBody<'post', '/folders'>;
export type FolderUpdate = ApiBody<'patch', '/folders/{id}'>;

/** Under the files' key, so whatever re-reads the files (an upload, a deletion) re-reads the folders too. */
export const folderKeys = {
  list: (tenantId: string | null, parentId: string | null) => [...fileKeys.all(tenantId), 'folders', parentId] as const,
};

/** A folder (the top level for null): the way to it and the folders in it the viewer may open. */
export function useFolder(tenantId: string | null, parentId: string | null, enabled = true) {
  return useQuery({
    queryKey: folderKeys.list(tenantId, parentId),
    queryFn: () => client.GET('/folders', { params: { query: { parent_id: parentId ?? undefined } }, tenantId }),
    enabled: tenantId !== null && enabled,
    placeholderData: keepPreviousData,
  });
}

/** A change to folders or to where files are: every list of files and folders is read again once it is saved. */
function useFolderChange<I, O>(tenantId: string, change: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileKeys.all(tenantId) }),
  });
}

export function useCreateFolder(tenantId: string) {
  return useFolderChange(tenantId, (body: FolderCreate) => client.POST('/folders', { body, tenantId }));
}

export function useUpdateFolder(tenantId: string) {
  return useFolderChange(tenantId, ({ id, body }: { id: string; body: FolderUpdate }) =>
    client.PATCH('/folders/{id}', { params: { path: { id } }, body, tenantId }),
  );
}

export function useDeleteFolder(tenantId: string) {
  return useFolderChange(tenantId, (id: string) =>
    client.DELETE('/folders/{id}', { params: { path: { id } }, tenantId }),
  );
}

export function useRenameFile(tenantId: string) {
  return useFolderChange(tenantId, ({ id, title }: { id: string; title: string }) =>
    client.PATCH('/files/{id}', { params: { path: { id } }, body: { title }, tenantId }),
  );
}

/** What a move dialog moves: a folder, or a file. */
export type Movable = { kind: 'folder'; id: string; name: string } | { kind: 'file'; id: string; name: string };

/** Moves a folder or a file into `to` (null: the top level). */
export function useMove(tenantId: string) {
  return useFolderChange(tenantId, async ({ item, to }: { item: Movable; to: string | null }): Promise<void> => {
    const path = { id: item.id };
    if (item.kind === 'folder')
      await client.POST('/folders/{id}/move', { params: { path }, body: { parent_id: to }, tenantId });
    else await client.POST('/files/{id}/move', { params: { path }, body: { folder_id: to }, tenantId });
  });
}
