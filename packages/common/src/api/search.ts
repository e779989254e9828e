import { z } from 'zod';
import { FORM_STATUSES } from '../forms';
import { id, timestamp } from './wire';

/** GET /api/search: what the header search looks for. */
export const searchQuery = z.object({
  q: z
    .string({ error: 'Type something to search for.' })
    .trim()
    .min(1, 'Type something to search for.')
    .max(100, 'Search text must be at most 100 characters.'),
});

export const userHit = z.object({
  id,
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  role: z.string(),
});
export const fileHit = z.object({
  id,
  title: z.string(),
  original_name: z.string(),
  kind: z.string(),
  created_at: timestamp,
});
export const formHit = z.object({ id, title: z.string(), status: z.enum(FORM_STATUSES) });
export const embedHit = z.object({ id, title: z.string(), provider: z.string(), is_active: z.boolean() });
export const messageHit = z.object({
  id,
  thread_id: id,
  excerpt: z.string().meta({ description: 'The message’s first 200 characters.' }),
  created_at: timestamp,
});

/** What the header search answers: up to five of each kind. */
export const searchResults = z.object({
  users: z.array(userHit),
  files: z.array(fileHit),
  forms: z.array(formHit),
  embeds: z.array(embedHit),
  messages: z.array(messageHit).meta({ description: 'Messages the caller may read.' }),
});

export type UserHit = z.infer<typeof userHit>;
export type FileHit = z.infer<typeof fileHit>;
export type FormHit = z.infer<typeof formHit>;
export type EmbedHit = z.infer<typeof embedHit>;
export type MessageHit = z.infer<typeof messageHit>;
export type SearchResults = z.infer<typeof searchResults>;

export const searchAnswer = z.object({ results: searchResults });
