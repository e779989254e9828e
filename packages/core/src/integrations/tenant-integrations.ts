import {
  TENANT_INTEGRATION_KEYS,
  TENANT_INTEGRATION_MESSAGES,
  TENANT_SLACK_MESSAGES,
  type TenantIntegrationKey,
  type TenantIntegrations,
} from '@portico/common';
import type { Transaction } from 'sequelize';
import type { AppContext } from '../context';
import type { Tenant, WebhookDelivery } from '../db/models';
import { inTransaction, type PlatformActor, type ServiceContext, type TenantScope } from '../scope';
import { audit } from '../kernel/audit';
import { decryptSecret, encryptSecret } from '../kernel/crypto';
import { badRequest, notFound } from '../kernel/errors';
import { assertPublicUrl, OutboundError, safeFetch } from '../kernel/outbound';
import {
  countTenantSlack,
  findDeliveryOfAnyTenant,
  findIntegrationSwitch,
  findTenant,
  findTenantName,
  findTenantSlack,
  listIntegrationSwitches,
  listNewestDeliveries,
  listTenantNames,
  tenantExists,
  upsertIntegrationSwitch,
  upsertTenantSlack,
} from './integrations-data';

/*
 * A workspace's integrations as the platform switches them (platform-console §2 Integrations):
 * each is on unless a super admin turned it off (a row with `enabled` false). Turned off, it
 * really stops: webhooks create no deliveries and queued ones are not sent
 * (integrations/webhook-delivery.ts, the webhook worker), Slack gets no posts, the workspace's mail goes
 * through SMTP_URL rather than SendGrid (integrations/mail.ts), and Google's or Microsoft's tools can be
 * neither embedded nor shown to members (embeds/embeds.ts).
 */

/** How many deliveries the webhook debugger shows. */
export const DEBUGGER_DELIVERIES = 100;

export interface TenantIntegrationsView {
  id: string;
  name: string;
  integrations?: TenantIntegrations;
}

function allOn(): TenantIntegrations {
  return Object.fromEntries(TENANT_INTEGRATION_KEYS.map((key) => [key, true])) as TenantIntegrations;
}

async function togglesOf(
  ctx: Pick<ServiceContext, 'db'>,
  tenantIds: string[],
  transaction?: Transaction,
): Promise<Map<string, TenantIntegrations>> {
  const byTenant = new Map(tenantIds.map((id) => [id, allOn()]));
  if (tenantIds.length === 0) return byTenant;
  const rows = await listIntegrationSwitches(ctx, tenantIds, transaction);
  for (const row of rows) byTenant.get(row.tenant_id)![row.key as TenantIntegrationKey] = row.enabled;
  return byTenant;
}

/** Whether the platform leaves this integration on for the workspace. */
export async function tenantIntegrationEnabled(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  key: TenantIntegrationKey,
  transaction?: Transaction,
): Promise<boolean> {
  const row = await findIntegrationSwitch(ctx, tenantId, key, transaction);
  return row?.enabled ?? true;
}

/** GET /api/integrations/platform: which of its integrations the platform leaves on for this workspace. */
export async function platformSwitchesOf(
  ctx: Pick<ServiceContext, 'db'>,
  scope: TenantScope,
): Promise<TenantIntegrations> {
  return (await togglesOf(ctx, [scope.tenantId])).get(scope.tenantId)!;
}

/** GET /api/tenants: every workspace by name, with its integrations when asked. */
export async function listTenantIntegrations(
  ctx: Pick<ServiceContext, 'db'>,
  includeIntegrations: boolean,
): Promise<TenantIntegrationsView[]> {
  const tenants = await listTenantNames(ctx);
  if (!includeIntegrations) return tenants.map(({ id, name }) => ({ id, name }));
  const toggles = await togglesOf(
    ctx,
    tenants.map((t) => t.id),
  );
  return tenants.map(({ id, name }) => ({ id, name, integrations: toggles.get(id)! }));
}

/** PUT /api/tenants/{id}/integrations: switches one integration of a workspace. Audited `tenant.integration_toggled`. */
export async function setTenantIntegration(
  ctx: ServiceContext,
  actor: PlatformActor,
  tenantId: string,
  input: { key: TenantIntegrationKey; enabled: boolean },
): Promise<TenantIntegrationsView> {
  return inTransaction(ctx, async (transaction) => {
    const tenant = await findTenantName(ctx, tenantId, transaction);
    if (!tenant) throw notFound(TENANT_INTEGRATION_MESSAGES.noSuchTenant);
    await upsertIntegrationSwitch(ctx, tenant.id, input.key, input.enabled, transaction);
    await audit(
      ctx,
      { actor },
      {
        action: 'tenant.integration_toggled',
        entity: { type: 'tenant', id: tenant.id },
        tenantId: tenant.id,
        details: { key: input.key, enabled: input.enabled },
      },
      transaction,
    );
    const toggles = await togglesOf(ctx, [tenant.id], transaction);
    return { id: tenant.id, name: tenant.name, integrations: toggles.get(tenant.id)! };
  });
}

/** The webhook debugger: a workspace's newest deliveries, of every webhook. */
export async function listTenantDeliveries(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
): Promise<WebhookDelivery[]> {
  if (!(await tenantExists(ctx, tenantId))) throw notFound(TENANT_INTEGRATION_MESSAGES.noSuchTenant);
  return listNewestDeliveries(ctx, tenantId, null, DEBUGGER_DELIVERIES);
}

/** The delivery the debugger replays and its workspace, found wherever it is. */
export async function findDeliveryAnywhere(
  ctx: Pick<ServiceContext, 'db'>,
  id: string,
): Promise<{ delivery: WebhookDelivery; tenant: Tenant }> {
  const delivery = await findDeliveryOfAnyTenant(ctx, id);
  const tenant = delivery && (await findTenant(ctx, delivery.tenant_id));
  if (!delivery || !tenant) throw notFound(TENANT_INTEGRATION_MESSAGES.noSuchDelivery);
  return { delivery, tenant };
}

/* ---------- the workspace's own Slack ---------- */

export interface TenantSlackView {
  configured: boolean;
  masked: string | null;
  platformEnabled: boolean;
}

/** GET /api/integrations/slack: the workspace's Slack webhook, masked, and whether the platform lets it post. */
export async function getTenantSlack(ctx: Pick<ServiceContext, 'db'>, scope: TenantScope): Promise<TenantSlackView> {
  const [row, platformEnabled] = await Promise.all([
    findTenantSlack(ctx, scope.tenantId),
    tenantIntegrationEnabled(ctx, scope.tenantId, 'slack'),
  ]);
  return { configured: Boolean(row), masked: row ? `••••${row.url_last4}` : null, platformEnabled };
}

/** A workspace's Slack webhook must be an https URL the outbound guard accepts (http too only under OUTBOUND_ALLOW_PRIVATE). */
export async function assertSlackWebhookUrl(ctx: ServiceContext, url: string): Promise<void> {
  try {
    await assertPublicUrl(url, ctx.config, { httpsOnly: !ctx.config.outboundAllowPrivate });
  } catch (error) {
    if (error instanceof OutboundError) throw badRequest(`${TENANT_SLACK_MESSAGES.url} ${error.message}`);
    throw error;
  }
}

/**
 * PUT /api/integrations/slack: an https URL the outbound guard accepts (http too only while
 * OUTBOUND_ALLOW_PRIVATE, tests), stored encrypted. Audited `integration.slack_updated`, without the URL.
 */
export async function saveTenantSlack(ctx: ServiceContext, scope: TenantScope, url: string): Promise<TenantSlackView> {
  await assertSlackWebhookUrl(ctx, url);
  await inTransaction(ctx, async (transaction) => {
    await upsertTenantSlack(
      ctx,
      scope.tenantId,
      { url_encrypted: encryptSecret(url, ctx.config.secretsKey), url_last4: url.slice(-4) },
      transaction,
    );
    await audit(
      ctx,
      scope,
      { action: 'integration.slack_updated', entity: { type: 'tenant', id: scope.tenantId } },
      transaction,
    );
  });
  return getTenantSlack(ctx, scope);
}

/**
 * Queues a post to the workspace's Slack once the transaction commits, when it has one and the
 * platform leaves Slack on. Never blocks or fails the caller: a failed enqueue is logged.
 */
export async function queueTenantSlack(
  ctx: Pick<AppContext, 'db' | 'queues' | 'logger'>,
  tenantId: string,
  text: string,
  transaction: Transaction,
): Promise<void> {
  const hasSlack = await countTenantSlack(ctx, tenantId, transaction);
  if (!hasSlack || !(await tenantIntegrationEnabled(ctx, tenantId, 'slack', transaction))) return;
  transaction.afterCommit(async () => {
    try {
      await ctx.queues.webhooks.add('slack', { kind: 'slack', tenantId, text });
    } catch (error) {
      ctx.logger.error({ err: error, tenantId }, 'could not queue the Slack post');
    }
  });
}

/** The worker's `slack` job: posts through the outbound guard; throws on failure so the queue retries. */
export async function postTenantSlack(ctx: AppContext, tenantId: string, text: string): Promise<'posted' | 'skipped'> {
  const row = await findTenantSlack(ctx, tenantId);
  // Switched off or removed since the job was queued: nothing to post.
  if (!row || !(await tenantIntegrationEnabled(ctx, tenantId, 'slack'))) return 'skipped';
  const res = await safeFetch(
    decryptSecret(row.url_encrypted, ctx.config.secretsKey),
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
      maxRedirects: 0,
    },
    ctx.config,
  );
  if (res.status < 200 || res.status >= 300) throw new Error(`Slack answered HTTP ${res.status}.`);
  return 'posted';
}
