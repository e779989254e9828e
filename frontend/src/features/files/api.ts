import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FileEvent,
  FileKind,
  FileLink,
  FileLinkBody,
  FileOrder,
  FilePage,
  FileRecipient,
  FileStatus,
  PortalFile,
} from '@portico/common';
import { api, auth } from '../../lib/api/client';
import { ApiError } from '../../lib/api/http';
import { sendForm } from '../../lib/api/upload';

export type { FileKind, FileOrder, FileStatus, PortalFile };

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
}

export const FILE_ORDER_LABELS: Record<FileOrder, string> = { newest: 'Newest first', oldest: 'Oldest first' };

export const fileKeys = {
  all: (tenantId: string | null) => ['files', tenantId] as const,
  list: (tenantId: string | null, filters: FileFilters) => ['files', tenantId, 'list', filters] as const,
  activity: (tenantId: string | null, id: string) => ['files', tenantId, 'activity', id] as const,
  tenantUsers: (tenantId: string | null) => ['files-tenant-users', tenantId] as const,
};

function listPath(filters: FileFilters, cursor: string | null = null): string {
  const params = new URLSearchParams({ limit: String(filters.limit) });
  for (const key of ['q', 'user_id', 'type', 'status', 'order'] as const) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  if (cursor) params.set('cursor', cursor);
  return `/api/files?${params.toString()}`;
}

/** The first page of the files this person can see (the dashboards' recent files). */
export function useFiles(tenantId: string | null, filters: FileFilters) {
  return useQuery({
    queryKey: fileKeys.list(tenantId, filters),
    queryFn: async () => (await api<FilePage>(listPath(filters), { tenantId })).files,
    enabled: tenantId !== null,
    placeholderData: keepPreviousData,
  });
}

/** Every file this person can see, a page of `filters.limit` at a time; `total` counts them all. */
export function useFilePages(tenantId: string | null, filters: FileFilters) {
  return useInfiniteQuery({
    queryKey: [...fileKeys.list(tenantId, filters), 'pages'],
    queryFn: ({ pageParam }) => api<FilePage>(listPath(filters, pageParam), { tenantId }),
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
    queryFn: async () => (await api<{ users: FileRecipient[] }>('/api/files/tenant-users', { tenantId })).users,
    enabled: tenantId !== null && enabled,
  });
}

export function useFileActivity(tenantId: string | null, id: string, enabled: boolean) {
  return useQuery({
    queryKey: fileKeys.activity(tenantId, id),
    queryFn: async () => (await api<{ activity: FileEvent[] }>(`/api/files/${id}/activity`, { tenantId })).activity,
    enabled: tenantId !== null && enabled,
  });
}

/** A short-lived signed address for <a>, <img> and <iframe>, which cannot send the bearer token. */
export async function fileLink(tenantId: string, id: string, disposition: 'download' | 'preview'): Promise<string> {
  const body: FileLinkBody = { disposition };
  return (await api<FileLink>(`/api/files/${id}/link`, { method: 'POST', tenantId, body })).url;
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
  const session = await auth.getFreshSession();
  const response = await fetch(`/api/files/download.zip?ids=${ids.join(',')}`, {
    headers: { ...(session ? { authorization: `Bearer ${session.access_token}` } : {}), 'x-tenant-id': tenantId },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new ApiError(response.status, body?.error ?? `Request failed (${response.status})`);
  }
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = 'files.zip';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export interface UploadInput {
  file: File;
  title?: string;
  userId?: string;
  roles?: string[];
  assignTo?: 'user' | 'role';
}

/**
 * POST /api/files/upload through XMLHttpRequest, which (unlike fetch) reports upload progress.
 * `onProgress` gets a fraction from 0 to 1.
 */
function uploadFile(tenantId: string, input: UploadInput, onProgress: (fraction: number) => void): Promise<PortalFile> {
  const form = new FormData();
  if (input.title) form.append('title', input.title);
  if (input.assignTo) form.append('assign_to', input.assignTo);
  if (input.userId) form.append('user_id', input.userId);
  for (const role of input.roles ?? []) form.append('assigned_roles', role);
  form.append('file', input.file, input.file.name);
  return sendForm<PortalFile>('/api/files/upload', tenantId, form, onProgress);
}

/** Uploads a file, reporting its progress to `onProgress`; the lists of files are read again once it is stored. */
export function useUploadFile(tenantId: string, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadInput) => uploadFile(tenantId, input, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileKeys.all(tenantId) }),
  });
}
