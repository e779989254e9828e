import type { Transaction } from 'sequelize';
import { Membership, Tenant } from '../db/models';
import type { Brand } from '../mail/templates';
import { getSettings } from '../settings';

/**
 * The brand an email to this user carries: the tenant they asked from when they belong to it,
 * else their first active workspace, else the platform's.
 */
export async function brandForUser(
  userId: string,
  preferredTenantId: string | undefined,
  transaction?: Transaction,
): Promise<Brand & { tenantId: string | null }> {
  const memberships = await Membership.findAll({
    where: { user_id: userId, status: 'active' },
    allTenants: true,
    include: [{ model: Tenant, as: 'tenant', attributes: ['id', 'name', 'primary_color'] }],
    order: [['created_at', 'ASC']],
    transaction,
  });
  const chosen = memberships.find((m) => m.tenant_id === preferredTenantId) ?? memberships[0];
  if (!chosen?.tenant) return platformBrand();
  return { name: chosen.tenant.name, primaryColor: chosen.tenant.primary_color, tenantId: chosen.tenant.id };
}

/**
 * The platform's own brand (Super Settings, Brand and Legal): its name on every platform email, and
 * its support address and legal links in their footer. Tenants' emails stay white-label.
 */
export async function platformBrand(): Promise<Brand & { tenantId: null }> {
  const { brand } = await getSettings({ sequelize: Membership.sequelize! });
  return {
    name: brand.appName,
    primaryColor: null,
    tenantId: null,
    legal: { supportEmail: brand.supportEmail, privacyUrl: brand.privacyUrl, termsUrl: brand.termsUrl },
  };
}
