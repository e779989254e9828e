import { z } from 'zod';
import { EMBED_MESSAGES, EMBED_PROVIDER_KEYS, EMBED_URL_HTTPS_MESSAGE, isEmbeddableUrl } from '../embeds';
import { isUuid } from '../ids';
import { normalizeHttpUrl } from '../urls';
import { id, timestamp } from './wire';

/* Embeds (tenant-portal §2 Embeds, §7): the Embed Manager's and the embed page's calls. */

const FILL = EMBED_MESSAGES.fillRequired;
const PROVIDER_MESSAGE = 'Choose a provider from the list.';
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);
const blankAsNull = (value: unknown) => (value === '' ? null : value);

const title = z.string({ error: FILL }).trim().min(1, FILL).max(200, 'Titles must be at most 200 characters.');
const provider = z
  .string({ error: FILL })
  .trim()
  .min(1, FILL)
  .refine((v) => EMBED_PROVIDER_KEYS.includes(v), PROVIDER_MESSAGE);
const url = z
  .string({ error: FILL })
  .trim()
  .min(1, FILL)
  .max(2000, 'The URL must be at most 2000 characters.')
  .refine(isEmbeddableUrl, EMBED_URL_HTTPS_MESSAGE)
  .transform((v) => normalizeHttpUrl(v) ?? v);
const embedType = z.enum(['role', 'user'], { error: "The audience must be 'role' or 'user'." });
const role = z.preprocess(blankAsNull, z.string({ error: 'The role must be a role key.' }).trim().max(64).nullable());
const userId = z.preprocess(
  blankAsNull,
  z
    .string({ error: EMBED_MESSAGES.chooseUser })
    .refine(isUuid, EMBED_MESSAGES.chooseUser)
    .transform((v) => v.toLowerCase())
    .nullable(),
);
const description = z.preprocess(
  blankAsNull,
  z
    .string({ error: 'The description must be text.' })
    .trim()
    .max(2000, 'The description must be at most 2000 characters.')
    .nullable(),
);
const isActive = z.boolean({ error: 'is_active must be true or false.' });

const REQUIRED_FIELDS = ['title', 'provider', 'url'] as const;
const isFilled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** POST /api/embeds. A gap in title, provider or URL is answered first, with the spec's one sentence. */
export const embedCreateBody = z
  .preprocess(
    (body, ctx) => {
      const record =
        typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
      if (record && REQUIRED_FIELDS.some((field) => !isFilled(record[field])))
        ctx.addIssue({ code: 'custom', message: FILL });
      return body;
    },
    z.object({
      title,
      provider,
      url,
      embed_type: embedType.default('role'),
      role: role.optional().transform((v) => v ?? null),
      user_id: userId.optional().transform((v) => v ?? null),
      description: description.optional().transform((v) => v ?? null),
      is_active: isActive.default(true),
    }),
  )
  .refine((v) => v.embed_type !== 'user' || v.user_id !== null, {
    message: EMBED_MESSAGES.chooseUser,
    path: ['user_id'],
  });

/** PATCH /api/embeds?id=: any of the fields, at least one. */
export const embedPatchBody = z
  .object({
    title,
    provider,
    url,
    embed_type: embedType,
    role,
    user_id: userId,
    description,
    is_active: isActive,
    sort_order: z
      .number({ error: 'sort_order must be a whole number of at least 0.' })
      .int('sort_order must be a whole number of at least 0.')
      .min(0, 'sort_order must be a whole number of at least 0.')
      .max(1_000_000),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change: send at least one field.');

/** POST /api/embeds/reorder: every embed of the workspace, in its new order. */
export const embedReorderBody = z.object({
  ids: z
    .array(z.string({ error: 'Each id must be an embed id.' }), {
      error: 'ids must be the list of embed ids in their new order.',
    })
    .max(1000),
});

const embedIdField = z.string({ error: 'Give one embed id.' });

/** GET /api/embeds: one embed with `id`, else the list, filtered (the manager) or as the member sees it. */
export const embedListQuery = z.object({
  id: embedIdField.optional(),
  q: z
    .string({ error: 'Search text must be given once.' })
    .trim()
    .max(200, 'Search text must be at most 200 characters.')
    .optional(),
  provider: z.preprocess(
    blankAsAbsent,
    z
      .string({ error: 'Give one provider.' })
      .refine((v) => EMBED_PROVIDER_KEYS.includes(v), PROVIDER_MESSAGE)
      .optional(),
  ),
  status: z.preprocess(
    blankAsAbsent,
    z.enum(['active', 'inactive'], { error: 'Status must be active or inactive.' }).optional(),
  ),
  audience: z.preprocess(blankAsAbsent, z.string({ error: 'Give one audience.' }).max(64).optional()),
  visible: z.preprocess(
    blankAsAbsent,
    z.enum(['true', 'false'], { error: 'visible must be true or false.' }).optional(),
  ),
});

/** `?id=` of PATCH and DELETE /api/embeds: anything but an embed id names nothing (404). */
export const embedIdQuery = z.object({ id: embedIdField.optional() });

export const embedUserRow = z.object({
  id,
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
});
export type EmbedUser = z.infer<typeof embedUserRow>;

export const embedRow = z
  .object({
    id,
    title: z.string(),
    provider: z.string(),
    provider_label: z.string(),
    url: z.string(),
    embed_type: z.enum(['role', 'user']),
    role: z.string().nullable(),
    user_id: id.nullable(),
    user: embedUserRow.nullable().meta({ description: 'The person a personal embed is for.' }),
    is_active: z.boolean(),
    sort_order: z.number().int(),
    description: z.string().nullable(),
    frame_blocked: z
      .boolean()
      .nullable()
      .meta({ description: 'Whether the target refuses to be framed by the portal; null when not known.' }),
    frame_checked_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Embed' });
export type Embed = z.infer<typeof embedRow>;

export const embedAnswer = z.object({ embed: embedRow });
export const embedListAnswer = z.object({ embeds: z.array(embedRow) });
export const embedAudienceUsersAnswer = z.object({
  users: z.array(embedUserRow.extend({ role: z.string() })),
});
export type AudienceUser = z.infer<typeof embedAudienceUsersAnswer>['users'][number];
