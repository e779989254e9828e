import { z } from 'zod';
import {
  answersPayloadSchema,
  FORM_FONT_NAMES,
  FORM_LIST_LIMITS,
  FORM_MESSAGES,
  FORM_STATUSES,
  formDescriptionSchema,
  formFieldsSchema,
  formThemeSchema,
  formTitleSchema,
  QUESTION_TYPES,
  THEME_VARIANTS,
} from '../forms';
import { count, id, timestamp } from './wire';

/* Forms in the portal (tenant-portal §2 Forms, §6, §7): the builder, filling, responses. */

const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

const roleList = z
  .array(z.string({ error: FORM_MESSAGES.invalidRole }).trim().min(1, FORM_MESSAGES.invalidRole).max(64), {
    error: 'assigned_roles must be a list of role keys.',
  })
  .max(100);
const status = z.enum(FORM_STATUSES, { error: `status must be one of ${FORM_STATUSES.join(', ')}.` });

/** POST /api/forms and PUT /api/forms/{id}: every part of a form one may send; the definition parts are the form model's. */
export const formBody = z
  .object({
    title: formTitleSchema.optional(),
    description: formDescriptionSchema.optional(),
    fields: formFieldsSchema.optional(),
    theme: formThemeSchema.optional(),
    assigned_roles: roleList.optional(),
    status: status.optional(),
  })
  .meta({ id: 'FormInput' });

/** PATCH /api/forms: a form's roles or status, the form named in the body. */
export const formAssignBody = z
  .object({
    id: z.string({ error: 'Give the id of the form.' }),
    assigned_roles: roleList.optional(),
    status: status.optional(),
  })
  .refine((v) => v.assigned_roles !== undefined || v.status !== undefined, {
    message: 'Nothing to change: send assigned_roles or status.',
    path: ['id'],
  });

/** GET /api/forms. */
export const formListQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be 200 or 1000.' })
    .refine((n) => (FORM_LIST_LIMITS as readonly number[]).includes(n), 'limit must be 200 or 1000.')
    .default(200),
  q: z.preprocess(
    blankAsAbsent,
    z
      .string({ error: 'Search text must be given once.' })
      .trim()
      .max(200, 'Search text must be at most 200 characters.')
      .optional(),
  ),
  status: z.preprocess(blankAsAbsent, status.optional()),
});

/** POST /api/forms/{id}/responses. */
export const formResponseBody = z.object({
  answers: answersPayloadSchema,
  version: z
    .number({ error: 'version must be a whole number.' })
    .int('version must be a whole number.')
    .min(1, 'version must be a whole number.')
    .optional(),
});

/** `?formId=` of the responses list and export. */
export const formResponsesQuery = z.object({ formId: z.string({ error: 'Give the form with formId.' }) });

/** The multipart body of a form question's upload: the file, and which file question it answers. */
export const formUploadFields = z.object({
  question_id: z.string({ error: 'Name the file question this upload answers with question_id.' }).optional(),
});

/* ---------- answers ---------- */

export const formQuestionRow = z
  .object({
    id: z.string(),
    type: z.enum(QUESTION_TYPES),
    label: z.string(),
    required: z.boolean(),
    options: z.array(z.string()),
    logic: z
      .object({ whenQuestionId: z.string(), equals: z.string(), showQuestionId: z.string() })
      .nullable()
      .meta({ description: 'Show this question only when another question is answered with `equals`.' }),
  })
  .meta({ id: 'FormQuestion' });

export const formThemeRow = z
  .object({
    font: z.enum(FORM_FONT_NAMES),
    primary: z.string(),
    secondary: z.string(),
    bg: z.string(),
    variant: z.enum(THEME_VARIANTS),
  })
  .meta({ id: 'FormTheme' });

/** A form as a list shows it, for the public API (a key never responds, so no `submitted`). */
export const formSummaryShape = {
  id,
  title: z.string(),
  description: z.string(),
  status: z.enum(FORM_STATUSES),
  published: z.boolean(),
  assigned_roles: z.array(z.string()).meta({ description: 'Role keys the form is assigned to.' }),
  version: count,
  questions_count: count,
  responses_count: count,
  completion_rate: count.max(100).nullable().meta({
    description: 'Whole percent of members of the assigned roles who responded; null when those roles have no members.',
  }),
  created_at: timestamp,
  updated_at: timestamp,
};

/** A form as the portal's lists show it: with whether the caller has responded. */
export const formSummaryRow = z
  .object({ ...formSummaryShape, submitted: z.boolean().meta({ description: 'Whether the caller has responded.' }) })
  .meta({ id: 'WorkspaceFormSummary' });
export type FormSummary = z.infer<typeof formSummaryRow>;

export const formDetailRow = formSummaryRow
  .extend({ fields: z.array(formQuestionRow), theme: formThemeRow })
  .meta({ id: 'WorkspaceForm' });
export type FormDetail = z.infer<typeof formDetailRow>;

const answerValue = z.union([z.string(), z.array(z.string()), z.number()]).meta({ id: 'AnswerValue' });

export const responseFileRow = z.object({ id, title: z.string(), original_name: z.string(), size_bytes: count });
export type ResponseFile = z.infer<typeof responseFileRow>;

export const responseItemRow = z.object({
  question_id: z.string(),
  label: z.string(),
  type: z.enum(QUESTION_TYPES),
  value: answerValue,
  file: responseFileRow.nullable().optional(),
});
export type ResponseItem = z.infer<typeof responseItemRow>;

export const formResponseRow = z
  .object({
    id,
    form_id: id,
    version: count.meta({ description: 'The form version that was filled.' }),
    user_id: id.nullable(),
    user_email: z.string(),
    user_name: z.string().nullable(),
    answers: z
      .record(z.string(), answerValue)
      .meta({ description: 'Question label (as it was when answered) → answer.' }),
    items: z.array(responseItemRow).meta({ description: 'The same answers in question order, with files resolved.' }),
    created_at: timestamp,
  })
  .meta({ id: 'FormResponse' });
export type FormResponseView = z.infer<typeof formResponseRow>;

export const formListAnswer = z.object({ forms: z.array(formSummaryRow) });
export const formAnswer = z.object({ form: formDetailRow });
export const formResponseAnswer = z.object({ response: formResponseRow });
export const formResponsePageAnswer = z.object({
  responses: z.array(formResponseRow),
  next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last.' }),
  total: count.meta({ description: 'Responses to the form in all.' }),
});
export type FormResponsePage = z.infer<typeof formResponsePageAnswer>;
export const formUploadAnswer = z.object({
  file: responseFileRow.meta({ description: 'Its id is the answer to the question.' }),
});
