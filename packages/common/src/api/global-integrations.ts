import { z } from 'zod';
import { timestamp } from './wire';

/* Global integrations: the platform's own credentials (platform-console §2 Integrations, §3, §7). */

export const GLOBAL_INTEGRATION_KEYS = ['slack', 'sendgrid', 'google', 'microsoft', 'cloudflare', 'automation'] as const;
export type GlobalIntegrationKey = (typeof GLOBAL_INTEGRATION_KEYS)[number];

/** What each one is for, as the console describes it. */
export const GLOBAL_INTEGRATION_DESCRIPTIONS: Record<GlobalIntegrationKey, string> = {
  slack: 'Slack incoming-webhook URL: the platform posts its alerts there.',
  sendgrid: 'SendGrid API key for the platform’s outgoing mail.',
  google: 'Google OAuth client credentials.',
  microsoft: 'Microsoft OAuth client credentials.',
  cloudflare: 'Cloudflare API token for custom domains.',
  automation: 'Automation platform token.',
};

export const GLOBAL_INTEGRATION_MESSAGES = {
  key: `Integration must be one of ${GLOBAL_INTEGRATION_KEYS.join(', ')}.`,
  valueRequired: 'Value is required.',
  valueTooLong: 'Value must be at most 2000 characters.',
  slackUrl: 'The Slack webhook must be an http(s) URL such as https://hooks.slack.com/services/….',
  notConfigured: 'Save a value for this integration first.',
} as const;
const M = GLOBAL_INTEGRATION_MESSAGES;

export const globalIntegrationParams = z.object({
  key: z.enum(GLOBAL_INTEGRATION_KEYS, { error: M.key }),
});

/** PUT /api/super/integrations/{key}. */
export const globalIntegrationBody = z.object({
  value: z
    .string({ error: M.valueRequired })
    .trim()
    .min(1, M.valueRequired)
    .max(2000, M.valueTooLong),
});

export const globalIntegrationRow = z
  .object({
    description: z.string(),
    /** `••••` and the last four characters; null when nothing is saved. The value itself never leaves the server. */
    masked: z.string().nullable(),
    configured: z.boolean(),
    lastUsedAt: timestamp.nullable(),
  })
  .meta({ id: 'GlobalIntegration' });
export type GlobalIntegrationRow = z.infer<typeof globalIntegrationRow>;

export const globalIntegrationsAnswer = z.object({
  integrations: z.record(z.enum(GLOBAL_INTEGRATION_KEYS), globalIntegrationRow),
});
export const globalIntegrationAnswer = z.object({ integration: globalIntegrationRow });

/** POST /api/super/integrations/{key}/test: `ok` false when the call failed or there is no test yet; `message` says which. */
export const globalIntegrationTestAnswer = z.object({ ok: z.boolean(), message: z.string() });
export type GlobalIntegrationTest = z.infer<typeof globalIntegrationTestAnswer>;
