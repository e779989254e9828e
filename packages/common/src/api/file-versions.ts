import { z } from 'zod';
import { portalFile } from './files';
import { count, id, timestamp } from './wire';

/* A file's versions (issue 33): the history `GET /api/files/{id}/versions` answers. */

/** What refuses an earlier version's download to anyone but an admin. */
export const FILE_VERSION_MESSAGES = {
  adminsOnly:
    'Only workspace admins can download earlier versions of a file. Download the file to get its latest version.',
  notFound: 'This version does not exist.',
  fileGone: 'This file was deleted while its new version was uploading.',
} as const;

/** One version of a file: never its storage key. */
export const fileVersion = z
  .object({
    id: id.meta({ description: 'The version’s id; version 1’s is the file’s own.' }),
    number: count.meta({ description: '1 for the first upload, counting up.' }),
    original_name: z.string(),
    content_type: z.string(),
    size_bytes: count,
    uploaded_by: id.nullable(),
    uploaded_by_name: z
      .string()
      .nullable()
      .meta({ description: 'Their name, else their email; null once their account is gone.' }),
    created_at: timestamp.meta({ description: 'When this version was uploaded.' }),
    latest: z.boolean().meta({ description: 'The version the file’s downloads and previews serve.' }),
  })
  .meta({ id: 'FileVersion' });
export type FileVersion = z.infer<typeof fileVersion>;

/** GET /api/files/{id}/versions: newest first. */
export const fileVersionsAnswer = z.object({ versions: z.array(fileVersion) });

/** POST /api/files/{id}/versions: the version added, and the file it now describes. */
export const fileVersionUploadAnswer = z.object({ version: fileVersion, file: portalFile });
