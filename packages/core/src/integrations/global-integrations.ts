import {
  GLOBAL_INTEGRATION_DESCRIPTIONS,
  GLOBAL_INTEGRATION_KEYS,
  GLOBAL_INTEGRATION_MESSAGES,
  type GlobalIntegrationKey,
  type GlobalSecretKey,
  type GlobalIntegrationTest,
} from '@portico/common';
import type { AppContext } from '../context';
import type { GlobalIntegration } from '../db/models';
import { integrationTestEmail } from '../mail/templates';
import { inTransaction, type PlatformActor, type ServiceContext } from '../scope';
import { audit } from '../kernel/audit';
import { platformBrand } from '../tenancy';
import { encryptSecret } from '../kernel/crypto';
import { badRequest } from '../kernel/errors';
import { globalIntegrationValue, markGlobalIntegrationUsed } from './global-integration-secrets';
import {
  countGlobalIntegrations,
  findGlobalIntegration,
  findUserEmail,
  listGlobalIntegrationRows,
  upsertGlobalIntegration,
} from './integrations-data';
import { sendEmail } from './mail';
import { safeFetch, type OutboundPolicy } from '../kernel/outbound';
import { checkWebhookUrl } from './webhooks';

/*
 * Global integrations (platform-console §2 Integrations, §3; DECISIONS §4 "Global integration
 * secrets are encrypted at rest and only ever returned masked"). A saved value is encrypted with
 * SECRETS_KEY and never logged, audited or answered: the console sees `••••` and its last four
 * characters.
 */

export interface GlobalIntegrationView {
  description: string;
  masked: string | null;
  configured: boolean;
  lastUsedAt: Date | null;
}

const MASK = '••••';

function viewOf(key: GlobalIntegrationKey, row: GlobalIntegration | undefined): GlobalIntegrationView {
  return {
    description: GLOBAL_INTEGRATION_DESCRIPTIONS[key],
    masked: row ? `${MASK}${row.value_last4}` : null,
    configured: Boolean(row),
    lastUsedAt: row?.last_used_at ?? null,
  };
}

function policyOf(ctx: Pick<AppContext, 'config'>): OutboundPolicy {
  return ctx.config;
}

/** GET /api/super/integrations: every global integration, saved or not, masked. */
export async function listGlobalIntegrations(
  ctx: Pick<ServiceContext, 'db'>,
): Promise<Record<GlobalIntegrationKey, GlobalIntegrationView>> {
  const rows = new Map((await listGlobalIntegrationRows(ctx)).map((row) => [row.key, row]));
  return Object.fromEntries(GLOBAL_INTEGRATION_KEYS.map((key) => [key, viewOf(key, rows.get(key))])) as Record<
    GlobalIntegrationKey,
    GlobalIntegrationView
  >;
}

/**
 * PUT /api/super/integrations/{key}: stores the value encrypted (a Slack URL is checked by the
 * outbound guard first). Audited `integration.updated` with the key only — never the value.
 */
export async function saveGlobalIntegration(
  ctx: ServiceContext,
  actor: PlatformActor,
  key: GlobalIntegrationKey,
  value: string,
): Promise<GlobalIntegrationView> {
  if (key === 'slack') {
    if (!/^https?:\/\//i.test(value)) throw badRequest(GLOBAL_INTEGRATION_MESSAGES.slackUrl);
    await checkWebhookUrl(value, policyOf(ctx));
  }
  return viewOf(key, await storeGlobalSecret(ctx, actor, key, value));
}

/**
 * Stores a global secret encrypted, in the caller's transaction if any; audited
 * `integration.updated` with the key only — never the value.
 */
export async function storeGlobalSecret(
  ctx: ServiceContext,
  actor: PlatformActor,
  key: GlobalSecretKey,
  value: string,
): Promise<GlobalIntegration> {
  return inTransaction(ctx, async (transaction) => {
    const existing = await findGlobalIntegration(ctx, key, transaction);
    const row = await upsertGlobalIntegration(
      ctx,
      {
        key,
        value_encrypted: encryptSecret(value, ctx.config.secretsKey),
        value_last4: [...value].slice(-4).join(''),
        updated_by: actor.userId,
      },
      transaction,
    );
    await audit(
      ctx,
      { actor },
      { action: 'integration.updated', entity: { type: 'integration' }, details: { key, replaced: Boolean(existing) } },
      transaction,
    );
    return row;
  });
}

/** Each saved global secret masked (`••••` and its last four characters); a key with nothing saved is absent. */
export async function maskedGlobalSecrets(ctx: Pick<ServiceContext, 'db'>): Promise<Map<string, string>> {
  return new Map((await listGlobalIntegrationRows(ctx)).map((row) => [row.key, `${MASK}${row.value_last4}`]));
}

/** Whether a value is saved for this global integration. */
export async function globalIntegrationConfigured(
  ctx: Pick<ServiceContext, 'db'>,
  key: GlobalSecretKey,
): Promise<boolean> {
  return (await countGlobalIntegrations(ctx, key)) > 0;
}

/**
 * Posts a message to the global Slack incoming webhook through the outbound guard and records
 * the use. Answers null when Slack is not configured; throws when the post fails.
 */
export async function postToGlobalSlack(ctx: ServiceContext, text: string): Promise<'posted' | null> {
  const url = await globalIntegrationValue(ctx, 'slack');
  if (!url) return null;
  const res = await safeFetch(
    url,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
      maxRedirects: 0,
    },
    policyOf(ctx),
  );
  if (res.status < 200 || res.status >= 300) throw new Error(`Slack answered HTTP ${res.status}.`);
  await markGlobalIntegrationUsed(ctx, 'slack');
  return 'posted';
}

/**
 * POST /api/super/integrations/{key}/test: really calls the service where Portico can (Slack: a
 * test message; SendGrid: a test email to the super admin); for the others it says there is no test yet. Audited `integration.tested` with
 * the outcome.
 */
export async function testGlobalIntegration(
  ctx: ServiceContext,
  actor: PlatformActor,
  key: GlobalIntegrationKey,
): Promise<GlobalIntegrationTest> {
  if (!(await globalIntegrationConfigured(ctx, key))) throw badRequest(GLOBAL_INTEGRATION_MESSAGES.notConfigured);
  let outcome: GlobalIntegrationTest;
  if (key === 'slack') {
    try {
      const { name } = await platformBrand(ctx);
      await postToGlobalSlack(ctx, `${name} test message: the platform can post to this Slack webhook.`);
      outcome = { ok: true, message: 'Slack accepted the test message.' };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      outcome = { ok: false, message: `Slack did not accept the test message: ${reason}` };
    }
  } else if (key === 'sendgrid') {
    // Through the outbox and the email worker, as every platform email goes: the worker sends it through SendGrid.
    const email = (await findUserEmail(ctx, actor.userId!))!;
    const rendered = await integrationTestEmail(await platformBrand(ctx), {
      consoleUrl: new URL('/super/integrations', ctx.config.publicUrl).href,
    });
    await sendEmail(ctx, { ...rendered, to: email, tenantId: null });
    outcome = { ok: true, message: `A test email is on its way to ${email} through SendGrid.` };
  } else {
    outcome = { ok: false, message: `There is no test for ${key} yet: Portico does not call it yet.` };
  }
  await audit(
    ctx,
    { actor },
    { action: 'integration.tested', entity: { type: 'integration' }, details: { key, ok: outcome.ok } },
  );
  return outcome;
}
