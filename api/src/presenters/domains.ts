import type { DomainRow, SiteAnswer } from '@portico/common';
import {
  claimExpiresAt,
  findTenant,
  getSettings,
  passwordRule,
  txtRecordOf,
  type ServiceContext,
  type Site,
  type TenantDomain,
} from '@portico/core';

export function presentDomain(row: TenantDomain): DomainRow {
  return {
    id: row.id,
    domain: row.domain,
    type: 'custom',
    ssl_status: row.ssl_status,
    ssl_error: row.ssl_error,
    verified_at: row.verified_at?.toISOString() ?? null,
    expires_at: claimExpiresAt(row)?.toISOString() ?? null,
    txt_record: txtRecordOf(row),
    created_at: row.created_at.toISOString(),
  };
}

/** The platform's own brand, from Super Settings (Brand and Legal); an empty field is null. */
async function platformSite(ctx: ServiceContext): Promise<SiteAnswer['site']> {
  const { brand, security } = await getSettings(ctx);
  return {
    kind: 'platform',
    tenant_id: null,
    name: brand.appName,
    logo_url: brand.logoUrl || null,
    favicon_url: brand.faviconUrl || null,
    primary_color: null,
    secondary_color: null,
    support_email: brand.supportEmail || null,
    privacy_url: brand.privacyUrl || null,
    terms_url: brand.termsUrl || null,
    password_rule: passwordRule(security),
    magic_links: true,
    provider_buttons: true,
  };
}

/** A workspace's public brand (what its sign-in page shows), or the platform's. */
export async function presentSite(ctx: ServiceContext, site: Site): Promise<SiteAnswer['site']> {
  const tenant = site.kind === 'tenant' ? await findTenant(ctx, site.tenantId, ctx.transaction) : null;
  if (!tenant) return platformSite(ctx);
  return {
    kind: 'tenant',
    tenant_id: tenant.id,
    name: tenant.name,
    logo_url: tenant.logo_url,
    favicon_url: tenant.favicon_url,
    primary_color: tenant.primary_color,
    secondary_color: tenant.secondary_color,
    support_email: tenant.support_email,
    privacy_url: tenant.privacy_url,
    terms_url: tenant.terms_url,
    password_rule: passwordRule((await getSettings(ctx)).security),
    magic_links: tenant.magic_links !== 'off',
    provider_buttons: tenant.provider_buttons,
  };
}
