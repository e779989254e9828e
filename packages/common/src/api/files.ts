import { z } from 'zod';
import { isUuid } from '../ids';
import { count, id, optionalId, timestamp } from './wire';

/* The files of a workspace (tenant-portal §5, §9): what the portal's file routes take and answer. */

export const FILE_KINDS = ['pdf', 'image', 'document', 'spreadsheet', 'other'] as const;
export type FileKind = (typeof FILE_KINDS)[number];
export const FILE_STATUSES = ['new', 'viewed'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];
/** Files fetched per page (tenant-portal §9: 100 on most pages, 1000 on the files page). */
export const FILE_LIST_LIMITS = [100, 1000] as const;
/** What someone did with a file: previewed or downloaded it, deleted it or undid that, uploaded a new version of it, made or revoked a share link to it, moved it to another folder. */
export const FILE_EVENT_KINDS = [
  'view',
  'download',
  'deleted',
  'restored',
  'version',
  'link_created',
  'link_revoked',
  'moved',
] as const;
export type FileEventKind = (typeof FILE_EVENT_KINDS)[number];
export const FILE_ORDERS = ['newest', 'oldest'] as const;
export type FileOrder = (typeof FILE_ORDERS)[number];

/** What an upload or a share lacks, in the spec's words (tenant-portal §8, Uploads). */
export const FILE_MESSAGES = {
  selectFile: 'Please select a file',
  selectUser: 'Please select a user',
  selectRole: 'Please select a role',
  selectUserOrRoles: 'Select a user or roles',
} as const;

/** Whom an admin shares a file with: a member and/or roles; `assignTo` says which one they picked, when they picked one. */
export interface RecipientChoice {
  assignTo?: 'user' | 'role';
  userId?: string | null;
  roles: readonly string[];
}

/** The sentence for a choice of recipients that names nobody, or null: the API's rule, which the upload form applies before sending. */
export function missingRecipient({ assignTo, userId, roles }: RecipientChoice): string | null {
  if (assignTo === 'user' && !userId) return FILE_MESSAGES.selectUser;
  if (assignTo === 'role' && roles.length === 0) return FILE_MESSAGES.selectRole;
  if (!userId && roles.length === 0) return FILE_MESSAGES.selectUserOrRoles;
  return null;
}

/** An empty query or form value counts as not given. */
const blankIsAbsent = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);

/** A file's title as given with an upload or a share: the file's name when left out. */
export const fileTitleField = z
  .string({ error: 'The title must be text.' })
  .trim()
  .max(255, 'The title must be at most 255 characters.')
  .optional()
  .meta({ description: 'Defaults to the file name.' });

/** `assigned_roles` of an upload or a share: the field repeated, or role keys separated by commas. */
export const fileRoleList = z
  .union([z.array(z.string()), z.string()], { error: 'assigned_roles must be a list of role keys.' })
  .optional()
  .transform((v) =>
    v === undefined
      ? []
      : (Array.isArray(v) ? v : [v])
          .flatMap((s) => s.split(','))
          .map((s) => s.trim())
          .filter(Boolean),
  )
  .meta({ description: 'Role keys to share the file with: repeat the field or separate keys with commas.' });

/** The member (user id) a file is shared with. */
export const fileRecipientField = optionalId(FILE_MESSAGES.selectUser).meta({
  description: 'The member (user id) to share the file with.',
});

const FOLDER_FILTER_MESSAGE = 'folder_id must be a folder id or root.';

const assignTo = z.enum(['user', 'role'], { error: 'assign_to must be user or role.' }).meta({
  description: 'What the admin picked, a single user or roles: decides the sentence when that choice is missing.',
});

/** GET /api/files: filters, order and page of the list. */
export const fileListQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be 100 or 1000.' })
    .refine((n) => (FILE_LIST_LIMITS as readonly number[]).includes(n), 'limit must be 100 or 1000.')
    .default(100),
  q: z.string().max(200, 'Search text must be at most 200 characters.').optional(),
  user_id: optionalId('user_id must be a user id.'),
  type: blankIsAbsent(z.enum(FILE_KINDS, { error: `type must be one of ${FILE_KINDS.join(', ')}.` }).optional()),
  status: blankIsAbsent(z.enum(FILE_STATUSES, { error: 'status must be new or viewed.' }).optional()),
  cursor: z.string().max(500).optional(),
  order: blankIsAbsent(z.enum(FILE_ORDERS, { error: 'order must be newest or oldest.' }).optional()),
  folder_id: blankIsAbsent(
    z
      .string({ error: FOLDER_FILTER_MESSAGE })
      .refine((v) => v === 'root' || isUuid(v), FOLDER_FILTER_MESSAGE)
      .transform((v) => v.toLowerCase())
      .optional(),
  ).meta({
    description:
      'Files in this folder, or `root` for the caller’s top level (files in no folder, or in one the caller may not open); every folder when left out.',
  }),
});
export type FileListQuery = z.input<typeof fileListQuery>;

/** POST /api/files/upload: the text fields of the multipart body (the `file` part is streamed). */
export const fileUploadFields = z.object({
  folder_id: optionalId('folder_id must be a folder id.').meta({
    description:
      'The folder to put it in (one the uploader may open); the top level if left out. In a folder, an admin who chooses nobody shares the file as the folder is.',
  }),
  title: fileTitleField,
  user_id: fileRecipientField,
  assigned_roles: fileRoleList,
  assign_to: blankIsAbsent(assignTo.optional()),
});

/** POST /api/files: shares an existing file of the workspace again. */
export const fileShareBody = z.object({
  title: fileTitleField,
  file_id: z.string().optional().meta({ description: 'The file to share.' }),
  file_url: z.string().optional().meta({ description: 'Or its `file_url`.' }),
  user_id: fileRecipientField,
  assigned_roles: fileRoleList,
  assign_to: assignTo.optional(),
});
export type FileShareBody = z.input<typeof fileShareBody>;

/** POST /api/files/{id}/link. */
export const fileLinkBody = z.object({
  disposition: z
    .enum(['download', 'preview'], { error: 'disposition must be download or preview.' })
    .default('download'),
});
export type FileLinkBody = z.input<typeof fileLinkBody>;

/** A file as the portal shows it: never its storage key. */
export const portalFile = z
  .object({
    id,
    title: z.string(),
    file_url: z.string().meta({ description: '`/api/files/{id}/download`.' }),
    original_name: z.string(),
    content_type: z.string(),
    kind: z.enum(FILE_KINDS),
    size_bytes: count,
    folder_id: id.nullable().meta({ description: 'The folder it is in; null at the top level.' }),
    user_id: id.nullable(),
    user_email: z.string().nullable(),
    assigned_roles: z.array(z.string()),
    uploaded_by: id.nullable(),
    uploaded_by_email: z.string().nullable(),
    recipients_count: count,
    status: z.enum(FILE_STATUSES),
    created_at: timestamp,
  })
  .meta({ id: 'WorkspaceFile' });
export type PortalFile = z.infer<typeof portalFile>;

/** GET /api/files: a page of files and how many match in all. */
export const filePageAnswer = z.object({
  files: z.array(portalFile),
  next_cursor: z.string().nullable(),
  total: count.meta({ description: 'Every file matching the filters, on every page.' }),
});
export type FilePage = z.infer<typeof filePageAnswer>;

/** GET /api/files/{id}. */
export const fileAnswer = z.object({ file: portalFile });

export const fileRecipient = z.object({ id, email: z.string(), role: z.string() });
export type FileRecipient = z.infer<typeof fileRecipient>;

/** GET /api/files/tenant-users: the active members a file can be shared with, by email. */
export const fileRecipientsAnswer = z.object({ users: z.array(fileRecipient) });

export const fileEvent = z.object({
  id,
  kind: z.enum(FILE_EVENT_KINDS),
  user_id: id.nullable(),
  user_email: z.string().nullable(),
  version_number: count.nullable().meta({ description: 'The version uploaded, for `version`; null otherwise.' }),
  created_at: timestamp,
});
export type FileEvent = z.infer<typeof fileEvent>;

/** GET /api/files/{id}/activity: views, downloads, deletions, restores and new versions, newest first. */
export const fileActivityAnswer = z.object({ activity: z.array(fileEvent) });

/** POST /api/files/{id}/link: the signed address and when it stops working. */
export const fileLinkAnswer = z.object({ url: z.string(), expires_at: timestamp });
export type FileLink = z.infer<typeof fileLinkAnswer>;
