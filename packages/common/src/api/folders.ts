import { z } from 'zod';
import { isUuid } from '../ids';
import { fileRecipientField, fileRoleList } from './files';
import { id, optionalId, timestamp } from './wire';

/* Folders of a workspace's files (issue 33): what the folder routes, and those organising files, take and answer. */

export const FOLDER_NAME_MAX_CHARS = 255;

/** What the folder routes refuse, in sentences a person can act on. */
export const FOLDER_MESSAGES = {
  nameRequired: 'Give the folder a name.',
  nameTooLong: `A folder name must be at most ${FOLDER_NAME_MAX_CHARS} characters.`,
  notFound: 'This folder does not exist.',
  parentId: 'parent_id must be a folder id, or null for the top level.',
  folderId: 'folder_id must be a folder id, or null for the top level.',
  intoItself: 'A folder cannot be moved into itself or into one of the folders inside it.',
  adminsOnly: 'Only workspace admins can manage folders.',
  /** What the Files pages say in a folder with nothing in it. */
  emptyFolder: 'This folder is empty',
} as const;

/** The 409 for a name a sibling already has (names are compared without regard to case). */
export const folderNameTaken = (name: string) => `There is already a folder named “${name}” here. Choose another name.`;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The 409 for deleting a folder that still holds something. */
export function folderNotEmpty(files: number, folders: number): string {
  const held = [files > 0 ? plural(files, 'file') : null, folders > 0 ? plural(folders, 'folder') : null]
    .filter(Boolean)
    .join(' and ');
  return `This folder is not empty: it holds ${held}. Move or delete them first.`;
}

/** A folder's name: trimmed, 1 to 255 characters. */
export const folderNameField = z
  .string({ error: FOLDER_MESSAGES.nameRequired })
  .trim()
  .min(1, FOLDER_MESSAGES.nameRequired)
  .max(FOLDER_NAME_MAX_CHARS, FOLDER_MESSAGES.nameTooLong)
  .meta({ description: 'Unique among the folders beside it, whatever the case.' });

/** Where something goes: a folder's id, or null (or empty) for the top level; it must be said. */
const destination = (message: string) =>
  z
    .preprocess(
      (v) => (v === '' ? null : v),
      z
        .string({ error: message })
        .trim()
        .refine(isUuid, message)
        .transform((v) => v.toLowerCase())
        .nullable(),
    )
    .meta({ description: 'A folder id, or null for the top level.' });

const assignTo = z.enum(['user', 'role'], { error: 'assign_to must be user or role.' }).optional().meta({
  description: 'What the admin picked, a single user or roles: decides the sentence when that choice is missing.',
});

/** Whom a folder is shared with; nobody means it takes its parent's audience (admins only at the top level). */
const folderAudience = {
  user_id: fileRecipientField,
  assigned_roles: fileRoleList,
  assign_to: assignTo,
};

/** GET /api/folders: the folder to list; the top level when left out. */
export const folderListQuery = z.object({
  parent_id: optionalId(FOLDER_MESSAGES.parentId).meta({
    description: 'The folder to list; the top level if left out.',
  }),
});

/** POST /api/folders. */
export const folderCreateBody = z.object({
  name: folderNameField,
  parent_id: optionalId(FOLDER_MESSAGES.parentId).meta({
    description: 'The folder to create it in; the top level if left out.',
  }),
  ...folderAudience,
});
export type FolderCreateBody = z.input<typeof folderCreateBody>;

/** PATCH /api/folders/{id}: a new name and/or a new audience (`audience` replaces the old one; empty: its parent's). */
export const folderUpdateBody = z.object({
  name: folderNameField.optional(),
  audience: z.object(folderAudience).optional(),
});
export type FolderUpdateBody = z.input<typeof folderUpdateBody>;

/** POST /api/folders/{id}/move. */
export const folderMoveBody = z.object({ parent_id: destination(FOLDER_MESSAGES.parentId) });
export type FolderMoveBody = z.input<typeof folderMoveBody>;

/** PATCH /api/files/{id}: a file's new title (what the lists show; its stored name stays). */
export const fileRenameBody = z.object({
  title: z
    .string({ error: 'Give the file a title.' })
    .trim()
    .min(1, 'Give the file a title.')
    .max(255, 'The title must be at most 255 characters.'),
});
export type FileRenameBody = z.input<typeof fileRenameBody>;

/** POST /api/files/{id}/move. */
export const fileMoveBody = z.object({ folder_id: destination(FOLDER_MESSAGES.folderId) });
export type FileMoveBody = z.input<typeof fileMoveBody>;

export const portalFolder = z
  .object({
    id,
    name: z.string(),
    parent_id: id.nullable(),
    user_id: id.nullable(),
    user_email: z.string().nullable(),
    assigned_roles: z.array(z.string()),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'WorkspaceFolder' });
export type PortalFolder = z.infer<typeof portalFolder>;

/** One step of the way from the top level to a folder; `open` is false for a folder the caller only sees the name of. */
export const folderCrumb = z.object({ id, name: z.string(), open: z.boolean() });
export type FolderCrumb = z.infer<typeof folderCrumb>;

/** GET /api/folders: the folder (null at the top level), the way to it and the folders in it the caller may see. */
export const folderListAnswer = z.object({
  folder: portalFolder.nullable(),
  breadcrumbs: z.array(folderCrumb).meta({ description: 'From the top level down, the listed folder last.' }),
  folders: z.array(portalFolder),
});
export type FolderList = z.infer<typeof folderListAnswer>;

export const folderAnswer = z.object({ folder: portalFolder });
