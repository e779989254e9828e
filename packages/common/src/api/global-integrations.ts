import { z } from 'zod';
import { isUuid } from '../ids';
import { id, timestamp } from './wire';

/* Global integrations: the platform's own credentials (platform-console §2 Integrations, §3, §7). */

export const GLOBAL_INTEGRATION_KEYS = [
  'slack',
  'sendgrid',
  'google',
  'microsoft',
  'cloudflare',
  'automation',
] as const;
export type GlobalIntegrationKey = (typeof GLOBAL_INTEGRATION_KEYS)[number];

/**
 * Every secret kept encrypted in the global integrations' table: the six above, and the client
 * secrets of the Slack and GitHub sign-in providers, which Super Settings → Auth saves (Google's and
 * Microsoft's sign-in use the `google` and `microsoft` integrations' values themselves).
 */
export type GlobalSecretKey = GlobalIntegrationKey | 'slack_sign_in' | 'github_sign_in';

/** What each one is for, as the console describes it. */
export const GLOBAL_INTEGRATION_DESCRIPTIONS: Record<GlobalIntegrationKey, string> = {
  slack: 'Slack incoming-webhook URL: the platform posts its alerts there.',
  sendgrid: 'SendGrid API key for the platform’s outgoing mail.',
  google: 'Google OAuth client secret: Sign in with Google uses it, with the client ID in Super Settings → Auth.',
  microsoft:
    'Microsoft OAuth client secret: Sign in with Microsoft uses it, with the client ID in Super Settings → Auth.',
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
  value: z.string({ error: M.valueRequired }).trim().min(1, M.valueRequired).max(2000, M.valueTooLong),
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

/* A workspace's integrations, switched by the platform (platform-console §2 Integrations, §3). */

export const TENANT_INTEGRATION_KEYS = ['slack', 'sendgrid', 'google', 'microsoft', 'webhooks'] as const;
export type TenantIntegrationKey = (typeof TENANT_INTEGRATION_KEYS)[number];
export type TenantIntegrations = Record<TenantIntegrationKey, boolean>;

export const TENANT_INTEGRATION_MESSAGES = {
  includeIntegrations: 'includeIntegrations must be true or false.',
  key: `Key must be one of ${TENANT_INTEGRATION_KEYS.join(', ')}.`,
  enabled: 'Enabled must be true or false.',
  noSuchTenant: 'This workspace does not exist.',
  tenantId: 'Choose a workspace: tenantId must be a workspace id.',
  deliveryId: 'id must be a delivery id.',
  noSuchDelivery: 'No such delivery.',
} as const;
const T = TENANT_INTEGRATION_MESSAGES;

/** GET /api/tenants. */
export const tenantIntegrationsQuery = z.object({
  includeIntegrations: z
    .enum(['true', 'false'], { error: T.includeIntegrations })
    .optional()
    .transform((v) => v === 'true'),
});

const tenantIntegrationsMap = z.object(
  Object.fromEntries(TENANT_INTEGRATION_KEYS.map((key) => [key, z.boolean()])) as Record<
    TenantIntegrationKey,
    z.ZodBoolean
  >,
);

/** GET /api/integrations/platform: which integrations the platform leaves on for the workspace. */
export const platformSwitchesAnswer = z.object({ integrations: tenantIntegrationsMap });

export const tenantIntegrationRow = z
  .object({ id, name: z.string(), integrations: tenantIntegrationsMap.optional() })
  .meta({ id: 'TenantIntegrations' });
export type TenantIntegrationRow = z.infer<typeof tenantIntegrationRow>;
export const tenantIntegrationsAnswer = z.object({ tenants: z.array(tenantIntegrationRow) });

/** PUT /api/tenants/{id}/integrations. */
export const tenantIntegrationBody = z.object({
  key: z.enum(TENANT_INTEGRATION_KEYS, { error: T.key }),
  enabled: z.boolean({ error: T.enabled }),
});
export const tenantIntegrationAnswer = z.object({ tenant: tenantIntegrationRow });

/** GET /api/super/integrations/webhooks. */
export const webhookDebuggerQuery = z.object({
  tenantId: z
    .string({ error: T.tenantId })
    .trim()
    .refine(isUuid, T.tenantId)
    .transform((v) => v.toLowerCase()),
});

/** POST /api/super/integrations/webhooks/replay. */
export const webhookReplayBody = z.object({
  id: z
    .string({ error: T.deliveryId })
    .trim()
    .refine(isUuid, T.deliveryId)
    .transform((v) => v.toLowerCase()),
});

/* The workspace's own Slack (tenant Integrations; admins only). */

export const TENANT_SLACK_MESSAGES = {
  url: 'The Slack webhook must be an https URL such as https://hooks.slack.com/services/….',
} as const;

/** PUT /api/integrations/slack. */
export const tenantSlackBody = z.object({
  url: z
    .string({ error: TENANT_SLACK_MESSAGES.url })
    .trim()
    .min(1, TENANT_SLACK_MESSAGES.url)
    .max(2000, TENANT_SLACK_MESSAGES.url),
});
export const tenantSlackAnswer = z.object({
  slack: z.object({
    configured: z.boolean(),
    masked: z.string().nullable(),
    /** False when the platform turned Slack off for this workspace: nothing is posted. */
    platformEnabled: z.boolean(),
  }),
});
export type TenantSlack = z.infer<typeof tenantSlackAnswer>['slack'];
