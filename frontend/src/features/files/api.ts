import { useCallback } from 'react';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FileKind, FileOrder, FileStatus } from '@portico/common';
import { client, type ApiAnswer, type ApiSchema } from '../../lib/api/typed-client';
import { sendForm } from '../../lib/api/upload';
import { saveBlob } from '../../ui/download';

export type { FileKind, FileOrder, FileStatus };
export type PortalFile = ApiSchema<'WorkspaceFile'>;

export const FILE_KIND_LABELS: Record<FileKind, string> = {
  pdf: 'PDF',
  image: 'Image',
  document: 'Document',
  spreadsheet: 'Spreadsheet',
  other: 'Other',
};

/** The list's filters as the pages hold them: an empty choice means "all". */
export interface FileFilters {
  limit: 100 | 1000;
  q?: string;
  user_id?: string;
  type?: FileKind | '';
  status?: FileStatus | '';
  order?: FileOrder;
  /** Files in this folder, or `root` for the viewer's top level; every folder when absent. */
  folder_id?: string;
}

export const FILE_ORDER_LABELS: Record<FileOrder, string> = { newest: 'Newest first', oldest: 'Oldest first' };

export const fileKeys = {
  all: (tenantId: string | null) => ['files', tenantId] as const,
  list: (tenantId: string | null, filters: FileFilters) => ['files', tenantId, 'list', filters] as const,
  activity: (tenantId: string | null, id: string) => ['files', tenantId, 'activity', id] as const,
  tenantUsers: (tenantId: string | null) => ['files-tenant-users', tenantId] as const,
};

function listQuery(filters: FileFilters, cursor: string | null = null) {
  return {
    limit: filters.limit,
    q: filters.q?.trim() || undefined,
    user_id: filters.user_id?.trim() || undefined,
    type: filters.type || undefined,
    status: filters.status || undefined,
    order: filters.order,
    folder_id: filters.folder_id,
    cursor: cursor ?? undefined,
  };
}

const listFiles = (tenantId: string | null, filters: FileFilters, cursor?: string | null) =>
  client.GET('/files', { params: { query: listQuery(filters, cursor) }, tenantId });

/** The first page of the files this person can see (the dashboards' recent files). */
export function useFiles(tenantId: string | null, filters: FileFilters) {
  return useQuery({
    queryKey: fileKeys.list(tenantId, filters),
    queryFn: async () => (await listFiles(tenantId, filters)).files,
    enabled: tenantId !== null,
    placeholderData: keepPreviousData,
  });
}

/** Every file this person can see, a page of `filters.limit` at a time; `total` counts them all. */
export function useFilePages(tenantId: string | null, filters: FileFilters) {
  return useInfiniteQuery({
    queryKey: [...fileKeys.list(tenantId, filters), 'pages'],
    queryFn: ({ pageParam }) => listFiles(tenantId, filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    select: (data) => ({ files: data.pages.flatMap((page) => page.files), total: data.pages[0]?.total ?? 0 }),
    enabled: tenantId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useTenantUsers(tenantId: string | null, enabled = true) {
  return useQuery({
    queryKey: fileKeys.tenantUsers(tenantId),
    queryFn: async () => (await client.GET('/files/tenant-users', { tenantId })).users,
    enabled: tenantId !== null && enabled,
  });
}

export function useFileActivity(tenantId: string | null, id: string, enabled: boolean) {
  return useQuery({
    queryKey: fileKeys.activity(tenantId, id),
    queryFn: async () => (await client.GET('/files/{id}/activity', { params: { path: { id } }, tenantId })).activity,
    enabled: tenantId !== null && enabled,
  });
}

/** A short-lived signed address for <a>, <img> and <iframe>, which cannot send the bearer token. */
export async function fileLink(tenantId: string, id: string, disposition: 'download' | 'preview'): Promise<string> {
  return (await client.POST('/files/{id}/link', { params: { path: { id } }, body: { disposition }, tenantId })).url;
}

/** Starts a browser download of one file through a signed link. */
export async function downloadFile(tenantId: string, id: string): Promise<void> {
  const url = await fileLink(tenantId, id, 'download');
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/** Downloads several files as one zip. */
export async function downloadZip(tenantId: string, ids: readonly string[]): Promise<void> {
  const zip = await client.GET('/files/download.zip', {
    params: { query: { ids: ids.join(',') } },
    parseAs: 'blob',
    tenantId,
  });
  saveBlob(zip, 'files.zip');
}

export interface UploadInput {
  file: File;
  title?: string;
  userId?: string;
  roles?: string[];
  assignTo?: 'user' | 'role';
  /** The folder it goes in; the top level when absent. */
  folderId?: string | null;
}

/** How one upload reports its progress (a fraction from 0 to 1) and is cancelled. */
export interface UploadControl {
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

/** POST /api/files/upload through XMLHttpRequest, which (unlike fetch) reports upload progress. */
function uploadFile(
  tenantId: string,
  input: UploadInput,
  { signal, onProgress }: UploadControl,
): Promise<ApiAnswer<'post', '/files/upload'>> {
  const form = new FormData();
  if (input.title) form.append('title', input.title);
  if (input.assignTo) form.append('assign_to', input.assignTo);
  if (input.userId) form.append('user_id', input.userId);
  for (const role of input.roles ?? []) form.append('assigned_roles', role);
  if (input.folderId) form.append('folder_id', input.folderId);
  form.append('file', input.file, input.file.name);
  return sendForm<ApiAnswer<'post', '/files/upload'>>('/api/files/upload', tenantId, form, onProgress, signal);
}

/**
 * Uploads one file of the workspace; the lists of files are read again after each one is stored, so a
 * queue of uploads fills the list as it goes.
 */
export function useFileUpload(tenantId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (input: UploadInput, control: UploadControl): Promise<PortalFile> => {
      const uploaded = await uploadFile(tenantId, input, control);
      void queryClient.invalidateQueries({ queryKey: fileKeys.all(tenantId) });
      return uploaded;
    },
    [queryClient, tenantId],
  );
}

/** Deletes a file (undoable for 30 days); the lists of files are read again once it is gone. */
export function useDeleteFile(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.DELETE('/files/{id}', { params: { path: { id } }, tenantId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileKeys.all(tenantId) }),
  });
}

/**
 * Brings a deleted file back and reads the lists again. A plain function rather than a mutation:
 * the toast's Undo calls it after the list that deleted the file may have unmounted.
 */
export function useRestoreFile(tenantId: string) {
  const queryClient = useQueryClient();
  return async (id: string) => {
    const { file } = await client.POST('/files/{id}/restore', { params: { path: { id } }, tenantId });
    await queryClient.invalidateQueries({ queryKey: fileKeys.all(tenantId) });
    return file;
  };
}
