import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, type ApiAnswer, type ApiSchema } from '../../lib/api/typed-client';
import { sendForm } from '../../lib/api/upload';
import { saveBlob } from '../../ui/download';
import { fileKeys } from './api';

/* A file's versions (issue 33): the history, a new version's upload, an earlier version's download (admins). */

export type FileVersion = ApiSchema<'FileVersion'>;
export type UploadedVersion = ApiAnswer<'post', '/files/{id}/versions'>;

/** Under the files' key, so whatever reads the files again reads the history again too. */
const versionsKey = (tenantId: string | null, id: string) => [...fileKeys.all(tenantId), 'versions', id] as const;

/** The file's versions, newest first. */
export function useFileVersions(tenantId: string | null, id: string, enabled: boolean) {
  return useQuery({
    queryKey: versionsKey(tenantId, id),
    queryFn: async () => (await client.GET('/files/{id}/versions', { params: { path: { id } }, tenantId })).versions,
    enabled: tenantId !== null && enabled,
  });
}

/**
 * Uploads a new version of a file through XMLHttpRequest, which reports progress (a fraction from 0
 * to 1) as the file upload does; the lists of files and the history are read again once it is stored.
 */
export function useUploadFileVersion(tenantId: string, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, file }: { fileId: string; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return sendForm<UploadedVersion>(`/api/files/${fileId}/versions`, tenantId, form, onProgress);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileKeys.all(tenantId) }),
  });
}

/** Downloads one version of a file (admins), saved under that version's name. */
export async function downloadFileVersion(tenantId: string, fileId: string, version: FileVersion): Promise<void> {
  const blob = await client.GET('/files/{id}/versions/{versionId}/download', {
    params: { path: { id: fileId, versionId: version.id } },
    parseAs: 'blob',
    tenantId,
  });
  saveBlob(blob, version.original_name);
}
