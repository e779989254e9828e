import type { Transaction } from 'sequelize';

import type { Brand } from '../mail/templates';
import { getSettings } from '../settings';
import type { ServiceContext } from '../scope';
import { findActiveMembershipsWithTenant } from './tenancy-data';

/**
 * The brand an email to this user carries: the tenant they asked from when they belong to it,
 * else their first active workspace, else the platform's.
 */
export async function brandForUser(
  ctx: Pick<ServiceContext, 'db' | 'sequelize'>,
  userId: string,
  preferredTenantId: string | undefined,
  transaction?: Transaction,
): Promise<Brand & { tenantId: string | null }> {
  const memberships = await findActiveMembershipsWithTenant(ctx, userId, transaction);
  const chosen = memberships.find((m) => m.tenant_id === preferredTenantId) ?? memberships[0];
  if (!chosen?.tenant) return platformBrand(ctx);
  return { name: chosen.tenant.name, primaryColor: chosen.tenant.primary_color, tenantId: chosen.tenant.id };
}

/**
 * The platform's own brand (Super Settings, Brand and Legal): its name on every platform email, and
 * its support address and legal links in their footer. Tenants' emails stay white-label.
 */
export async function platformBrand(
  ctx: Pick<ServiceContext, 'db' | 'sequelize'>,
): Promise<Brand & { tenantId: null }> {
  const { brand } = await getSettings(ctx);
  return {
    name: brand.appName,
    primaryColor: null,
    tenantId: null,
    legal: { supportEmail: brand.supportEmail, privacyUrl: brand.privacyUrl, termsUrl: brand.termsUrl },
  };
}
