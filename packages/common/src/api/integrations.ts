import { z } from 'zod';
import { normalizeHttpUrl } from '../urls';
import { count, id, timestamp } from './wire';

/* Integrations (tenant-portal §2, §7): outgoing webhooks and API keys, as the API takes and sends them. */

/** What a webhook subscribes to: every event, form events or file events. */
export const WEBHOOK_EVENT_CHOICES = ['all', 'forms', 'files'] as const;
export type WebhookEvents = (typeof WEBHOOK_EVENT_CHOICES)[number];

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** A workspace keeps at most this many webhooks (each event is sent to every one of them). */
export const MAX_WEBHOOKS_PER_TENANT = 20;

export const WEBHOOK_MESSAGES = {
  urlRequired: 'Please enter a webhook URL.',
  urlScheme: 'The webhook URL must start with http:// or https://.',
  urlInvalid: 'Enter a full webhook URL, such as https://example.com/hooks/portico.',
  urlTooLong: 'The webhook URL must be at most 2000 characters.',
  urlCredentials: 'The webhook URL must not contain a user name or password.',
  urlPrivate: 'This URL points to a private or local address; webhooks can only reach public addresses.',
  events: 'events must be all, forms or files.',
  enabled: 'enabled must be true or false.',
  nothingToChange: 'Nothing to change: send url, events or enabled.',
  notFound: 'This webhook does not exist.',
  deliveryNotFound: 'This delivery does not exist.',
  tooMany: `A workspace can have at most ${MAX_WEBHOOKS_PER_TENANT} webhooks. Delete one you no longer use first.`,
} as const;

// What is not an http(s) address stays as typed, for the URL check of the service to say what is wrong with it.
const webhookUrl = z
  .string({ error: WEBHOOK_MESSAGES.urlRequired })
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlRequired)
  .max(2000, WEBHOOK_MESSAGES.urlTooLong)
  .transform((v) => normalizeHttpUrl(v) ?? v);
const webhookEvents = z.enum(WEBHOOK_EVENT_CHOICES, { error: WEBHOOK_MESSAGES.events });
const webhookEnabled = z.boolean({ error: WEBHOOK_MESSAGES.enabled });

/** POST /api/integrations/webhooks. */
export const webhookCreateBody = z.object({
  url: webhookUrl,
  events: webhookEvents.default('all'),
  enabled: webhookEnabled.default(true),
});
export type WebhookInput = z.output<typeof webhookCreateBody>;

/** PATCH /api/integrations/webhooks/{id}: any of the fields, at least one. */
export const webhookPatchBody = z
  .object({ url: webhookUrl, events: webhookEvents, enabled: webhookEnabled })
  .partial()
  .refine((v) => Object.values(v).some((value) => value !== undefined), WEBHOOK_MESSAGES.nothingToChange);
export type WebhookChanges = z.output<typeof webhookPatchBody>;

/** A webhook as it leaves the server: never its secret (the create answer adds it once). */
export const webhookRow = z
  .object({
    id,
    url: z.string(),
    events: z.enum(WEBHOOK_EVENT_CHOICES),
    enabled: z.boolean(),
    disabled_reason: z
      .string()
      .nullable()
      .meta({ description: 'Why it was disabled automatically; null when enabled or switched off by a person.' }),
    consecutive_failures: count,
    created_at: timestamp,
    updated_at: timestamp,
    last_delivery: z
      .object({ status: z.enum(DELIVERY_STATUSES), status_code: z.number().int().nullable(), at: timestamp })
      .nullable(),
  })
  .meta({ id: 'Webhook' });
export type Webhook = z.infer<typeof webhookRow>;

export const webhookListAnswer = z.object({ webhooks: z.array(webhookRow) });
export const webhookAnswer = z.object({ webhook: webhookRow });
export const createdWebhookAnswer = z.object({
  webhook: webhookRow.extend({ secret: z.string().meta({ description: 'The signing secret, shown this once.' }) }),
});
export type CreatedWebhook = z.infer<typeof createdWebhookAnswer>['webhook'];

export const deliveryAttemptRow = z.object({
  attempt: z.number().int().positive(),
  status_code: z.number().int().nullable(),
  duration_ms: count,
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
  created_at: timestamp,
});
export type DeliveryAttempt = z.infer<typeof deliveryAttemptRow>;

export const deliveryRow = z
  .object({
    id,
    event_type: z.string(),
    message_id: z.string().meta({ description: 'The `webhook-id` header; a replay keeps it.' }),
    status: z.enum(DELIVERY_STATUSES),
    attempts: count,
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    replay_of: id.nullable(),
    created_at: timestamp,
    completed_at: timestamp.nullable(),
    attempt_log: z.array(deliveryAttemptRow),
  })
  .meta({ id: 'WebhookDelivery' });
export type Delivery = z.infer<typeof deliveryRow>;

export const deliveryAnswer = z.object({ delivery: deliveryRow });
export const deliveryListAnswer = z.object({ deliveries: z.array(deliveryRow) });

const API_KEY_LABEL_REQUIRED = 'Give the key a label.';

/** POST /api/integrations/api-keys. */
export const apiKeyCreateBody = z.object({
  label: z
    .string({ error: API_KEY_LABEL_REQUIRED })
    .trim()
    .min(1, API_KEY_LABEL_REQUIRED)
    .max(100, 'The label must be at most 100 characters.'),
});

/** An API key as its list shows it: never the key itself nor its hash. */
export const apiKeyRow = z
  .object({
    id,
    label: z.string(),
    key_prefix: z.string().meta({ description: 'The first 12 characters of the key, to tell keys apart.' }),
    created_at: timestamp,
    last_used_at: timestamp.nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKeyRow>;

export const apiKeyListAnswer = z.object({ keys: z.array(apiKeyRow) });
export const createdApiKeyAnswer = z.object({
  key: apiKeyRow.extend({ key: z.string().meta({ description: 'The key itself, shown this once.' }) }),
});
export type CreatedApiKey = z.infer<typeof createdApiKeyAnswer>['key'];
