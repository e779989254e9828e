import {
  fileRecipientField,
  fileRoleList,
  fileTitleField,
  formQuestionRow,
  formResponseRow,
  formSummaryShape,
  formThemeRow,
  MEMBERSHIP_STATUSES,
  messageThread,
  threadMessage,
} from '@portico/common';
import { FILE_KINDS, FILE_STATUSES } from '@portico/core';
import { z } from 'zod';
import 'zod-openapi';
import { emailField, pageCursorField, pageLimitField } from '../routes/schemas';

/*
 * The public API's zod schemas: its route declarations (./routes.ts) validate requests and check
 * answers with them, and the OpenAPI document is built from the same declarations, so the
 * documentation cannot drift from what the server checks and sends.
 */

/* ---------- requests ---------- */

export const PAGE_LIMIT = { min: 1, max: 100, default: 25 } as const;

export const listQuery = z.object({
  limit: pageLimitField(PAGE_LIMIT.max, PAGE_LIMIT.default).meta({
    description: `Items per page (${PAGE_LIMIT.min}–${PAGE_LIMIT.max}).`,
  }),
  cursor: pageCursorField.meta({
    description: 'The `next_cursor` of the previous page; leave out for the first page.',
  }),
});

/** The text fields of `POST /files` (multipart/form-data). */
export const uploadFields = z.object({
  title: fileTitleField,
  user_id: fileRecipientField,
  assigned_roles: fileRoleList,
});

/** The whole multipart body as documented: the fields and the file part. */
export const uploadBody = uploadFields.extend({
  file: z.any().meta({
    description: 'The file. Its size is limited by the server (MAX_UPLOAD_MB).',
    override: { type: 'string', format: 'binary' },
  }),
});

export const invitationBody = z.object({
  email: emailField.meta({ description: 'Who to invite.', override: { format: 'email' } }),
  role: z
    .string({ error: 'Role is required.' })
    .trim()
    .min(1, 'Role is required.')
    .meta({ description: 'A role key of the workspace (for example `role2`).' }),
});

/* ---------- responses ---------- */

const timestamp = z.iso.datetime({ offset: true });
const uuid = z.uuid();
const count = z.number().int().nonnegative();

export const errorSchema = z
  .object({
    error: z.string().meta({ description: 'What went wrong, as a sentence a person can read.' }),
    code: z.string().optional().meta({ description: 'A stable machine-readable code, when there is one.' }),
    details: z.unknown().optional(),
  })
  .meta({ id: 'Error' });

export const memberSchema = z
  .object({
    id: uuid.meta({ description: 'The user id.' }),
    email: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    role: z.string().meta({ description: 'Their role key in this workspace.' }),
    status: z.enum(MEMBERSHIP_STATUSES),
    created_at: timestamp.meta({ description: 'When they joined the workspace.' }),
  })
  .meta({ id: 'Member' });

export const fileSchema = z
  .object({
    id: uuid,
    title: z.string(),
    original_name: z.string(),
    content_type: z.string(),
    kind: z.enum(FILE_KINDS),
    size_bytes: count,
    user_id: uuid.nullable().meta({ description: 'The member the file is shared with personally.' }),
    user_email: z.string().nullable(),
    assigned_roles: z.array(z.string()).meta({ description: 'Role keys the file is shared with.' }),
    uploaded_by: uuid.nullable().meta({ description: 'Who uploaded it; null when an API key did.' }),
    status: z
      .enum(FILE_STATUSES)
      .meta({ description: '`viewed` once someone other than its uploader opened it in the portal.' }),
    created_at: timestamp,
    download_url: z.url().meta({
      description:
        'A signed link to the file, usable without the key for 5 minutes, and only while the key is not revoked.',
    }),
    download_url_expires_at: timestamp,
  })
  .meta({ id: 'File' });

export const formSummarySchema = z.object(formSummaryShape).meta({ id: 'FormSummary' });

export const formDetailSchema = z
  .object({ ...formSummaryShape, fields: z.array(formQuestionRow), theme: formThemeRow })
  .meta({ id: 'Form' });

export const formResponseSchema = formResponseRow;

export const invitationCreatedSchema = z
  .object({
    invitation: z.object({ id: uuid, email: z.string(), role: z.string(), expires_at: timestamp }),
    signup_url: z.url().meta({ description: 'The link the invitation email carries.' }),
  })
  .meta({ id: 'InvitationCreated' });

/** `{data, next_cursor}` around one page of items. */
export function pageSchema<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      data: z.array(item),
      next_cursor: z
        .string()
        .nullable()
        .meta({ description: 'Pass as `cursor` for the next page; null on the last page.' }),
    })
    .meta({ id });
}

export const memberPage = pageSchema(memberSchema, 'MemberPage');
export const filePage = pageSchema(fileSchema, 'FilePage');
export const formPage = pageSchema(formSummarySchema, 'FormPage');
export const formResponsePage = pageSchema(formResponseSchema, 'FormResponsePage');
export const threadPage = pageSchema(messageThread, 'ThreadPage');
export const messagePage = pageSchema(threadMessage, 'MessagePage');

export type MemberView = z.output<typeof memberSchema>;
export type FileView = z.output<typeof fileSchema>;
export type FormSummaryView = z.output<typeof formSummarySchema>;
export type FormDetailView = z.output<typeof formDetailSchema>;
export type FormResponseView = z.output<typeof formResponseSchema>;
export type InvitationCreatedView = z.output<typeof invitationCreatedSchema>;
