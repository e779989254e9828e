import {
  TENANT_INTEGRATION_KEYS,
  TENANT_INTEGRATION_MESSAGES,
  type TenantIntegrationKey,
  type TenantIntegrations,
} from '@portico/common';
import { Op, type Transaction } from 'sequelize';
import { Tenant, TenantIntegration, WebhookDelivery } from '../db/models';
import { inTransaction, type ServiceContext } from '../scope';
import { recordAudit } from './audit';
import { notFound } from './errors';
import type { PlatformActor } from './platform';

/*
 * A workspace's integrations as the platform switches them (platform-console §2 Integrations):
 * each is on unless a super admin turned it off (a row with `enabled` false). Turned off, it
 * really stops: webhooks create no deliveries (services/webhook-delivery.ts), Slack gets no posts.
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

async function togglesOf(tenantIds: string[], transaction?: Transaction): Promise<Map<string, TenantIntegrations>> {
  const byTenant = new Map(tenantIds.map((id) => [id, allOn()]));
  if (tenantIds.length === 0) return byTenant;
  const rows = await TenantIntegration.findAll({ where: { tenant_id: { [Op.in]: tenantIds } }, transaction });
  for (const row of rows) byTenant.get(row.tenant_id)![row.key as TenantIntegrationKey] = row.enabled;
  return byTenant;
}

/** Whether the platform leaves this integration on for the workspace. */
export async function tenantIntegrationEnabled(
  tenantId: string,
  key: TenantIntegrationKey,
  transaction?: Transaction,
): Promise<boolean> {
  const row = await TenantIntegration.findOne({ where: { tenant_id: tenantId, key }, transaction });
  return row?.enabled ?? true;
}

/** GET /api/tenants: every workspace by name, with its integrations when asked. */
export async function listTenantIntegrations(includeIntegrations: boolean): Promise<TenantIntegrationsView[]> {
  const tenants = await Tenant.findAll({ attributes: ['id', 'name'], order: [['name', 'ASC']] });
  if (!includeIntegrations) return tenants.map(({ id, name }) => ({ id, name }));
  const toggles = await togglesOf(tenants.map((t) => t.id));
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
    const tenant = await Tenant.findByPk(tenantId, { attributes: ['id', 'name'], transaction });
    if (!tenant) throw notFound(TENANT_INTEGRATION_MESSAGES.noSuchTenant);
    await TenantIntegration.upsert(
      { tenant_id: tenant.id, key: input.key, enabled: input.enabled },
      { transaction, conflictFields: ['tenant_id', 'key'] },
    );
    await recordAudit(
      {
        actorUserId: actor.userId,
        action: 'tenant.integration_toggled',
        entityType: 'tenant',
        entityId: tenant.id,
        tenantId: tenant.id,
        ip: actor.ip,
        details: { key: input.key, enabled: input.enabled },
      },
      transaction,
    );
    const toggles = await togglesOf([tenant.id], transaction);
    return { id: tenant.id, name: tenant.name, integrations: toggles.get(tenant.id)! };
  });
}

/** The webhook debugger: a workspace's newest deliveries, of every webhook. */
export async function listTenantDeliveries(tenantId: string): Promise<WebhookDelivery[]> {
  if (!(await Tenant.findByPk(tenantId, { attributes: ['id'] })))
    throw notFound(TENANT_INTEGRATION_MESSAGES.noSuchTenant);
  return WebhookDelivery.findAll({
    where: { tenant_id: tenantId },
    attributes: { exclude: ['payload'] },
    order: [
      ['created_at', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: DEBUGGER_DELIVERIES,
  });
}

/** The delivery the debugger replays and its workspace, found wherever it is. */
export async function findDeliveryAnywhere(id: string): Promise<{ delivery: WebhookDelivery; tenant: Tenant }> {
  const delivery = await WebhookDelivery.findOne({
    where: { id },
    attributes: ['id', 'tenant_id', 'webhook_id'],
    allTenants: true,
  });
  const tenant = delivery && (await Tenant.findByPk(delivery.tenant_id));
  if (!delivery || !tenant) throw notFound(TENANT_INTEGRATION_MESSAGES.noSuchDelivery);
  return { delivery, tenant };
}
