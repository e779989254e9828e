import {
  DEFAULT_ROLE_TYPES,
  isValidSubdomain,
  roleKindOf,
  type RoleType,
  type WorkspaceCapability,
} from '@portico/common';
import { UniqueConstraintError, type Transaction } from 'sequelize';
import type { Tenant, TenantRoleType, TenantTier } from '../db/models';
import { inTransaction, type ServiceContext, type TenantScope } from '../scope';
import { audit } from '../kernel/audit';
import { conflict } from '../kernel/errors';
import { isPlatformHostname } from './sites';
import {
  findActiveMemberRoles,
  findRoleKindsOf,
  findRoleTypes,
  findSubdomainReservation,
  findTenantIdBySlug,
  insertRoleTypes,
  insertTenant,
} from './tenancy-data';

export type { TenantFilters } from './tenancy-data';

/** Subdomains no workspace may take: the platform's own hosts and names people would mistake for it. */
export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  'www',
  'api',
  'admin',
  'app',
  'apps',
  'auth',
  'login',
  'signup',
  'onboarding',
  'account',
  'accounts',
  'billing',
  'pay',
  'payments',
  'checkout',
  'dashboard',
  'console',
  'super',
  'superadmin',
  'portal',
  'portico',
  'platform',
  'root',
  'system',
  'status',
  'health',
  'metrics',
  'grafana',
  'prometheus',
  'mail',
  'email',
  'smtp',
  'imap',
  'pop',
  'mx',
  'ns',
  'ns1',
  'ns2',
  'dns',
  'ftp',
  'ssh',
  'vpn',
  'cdn',
  'static',
  'assets',
  'files',
  'media',
  'img',
  'images',
  'uploads',
  'docs',
  'help',
  'support',
  'blog',
  'news',
  'dev',
  'staging',
  'test',
  'demo',
  'sandbox',
  'internal',
  'webhooks',
  'hooks',
  'socket',
  'ws',
  'proxy',
  'localhost',
]);

export type SlugRefusal = 'invalid' | 'reserved' | 'taken';

/**
 * Why a workspace may not take this address, or null: the one rule wherever a slug is chosen
 * (onboarding's subdomain, the console's new workspace). It must be well formed (platform-console
 * §5), not reserved nor the platform's own host, not a workspace's slug, and not reserved by an
 * owner still onboarding — except by `owner`, the owner choosing it.
 */
export async function slugRefusalOf(
  ctx: ServiceContext,
  slug: string,
  options: { owner?: string } = {},
): Promise<SlugRefusal | null> {
  if (!isValidSubdomain(slug)) return 'invalid';
  if (RESERVED_SUBDOMAINS.has(slug) || isPlatformHostname(ctx.config, `${slug}.${ctx.config.baseDomain}`))
    return 'reserved';
  const [tenantId, reservation] = await Promise.all([
    findTenantIdBySlug(ctx, slug, ctx.transaction),
    findSubdomainReservation(ctx, slug, options.owner, ctx.transaction),
  ]);
  return tenantId || reservation ? 'taken' : null;
}

export interface NewTenant {
  /** The id to give it; a new one when left out (onboarding knows its workspace's id from the start). */
  id?: string;
  name: string;
  slug: string;
  tier: TenantTier;
  seatsTotal: number;
  bypassBilling: boolean;
}

export const slugTaken = (slug: string) =>
  conflict(`The workspace address "${slug}" is already taken. Choose another name or slug.`, 'slug_taken');

export async function createTenant(
  ctx: Pick<ServiceContext, 'db'>,
  input: NewTenant,
  transaction: Transaction,
): Promise<Tenant> {
  if (await findTenantIdBySlug(ctx, input.slug, transaction)) throw slugTaken(input.slug);
  const tenant = await insertTenant(
    ctx,
    {
      ...(input.id && { id: input.id }),
      name: input.name,
      slug: input.slug,
      tier: input.tier,
      seats_total: input.seatsTotal,
      bypass_billing: input.bypassBilling,
    },
    transaction,
  ).catch((error: unknown) => {
    // Two requests for the same slug at once: the unique index decides.
    throw error instanceof UniqueConstraintError ? slugTaken(input.slug) : error;
  });
  await insertRoleTypes(
    ctx,
    tenant.id,
    DEFAULT_ROLE_TYPES.map((r, i) => ({ ...r, sort_order: i })),
    transaction,
  );
  return tenant;
}

/** Brand & Legal settings an admin may change; null clears a setting (the name cannot be cleared). */
export interface WorkspaceSettings {
  name?: string;
  support_email?: string | null;
  primary_color?: string | null;
  secondary_color?: string | null;
  privacy_url?: string | null;
  terms_url?: string | null;
  /** Capabilities switched on or off; the others keep their state. */
  features?: Partial<Record<WorkspaceCapability, boolean>>;
  /** Whether its sign-in page shows the provider buttons Super Settings switched on. */
  provider_buttons?: boolean;
}

/** Saves the settings given on the scope's workspace, auditing each one's old and new value. Returns the updated workspace. */
export async function updateWorkspaceSettings(
  ctx: ServiceContext,
  scope: TenantScope,
  changes: WorkspaceSettings,
): Promise<Tenant> {
  const { tenant } = scope;
  await inTransaction(ctx, async (transaction) => {
    const details = Object.fromEntries(
      Object.entries(changes).map(([key, to]) => [key, { from: tenant.get(key as keyof WorkspaceSettings), to }]),
    );
    const { features, ...fields } = changes;
    await tenant.update(features ? { ...fields, features: { ...tenant.features, ...features } } : fields, {
      transaction,
    });
    await audit(
      ctx,
      scope,
      { action: 'tenant.config_updated', entity: { type: 'tenant', id: tenant.id }, details },
      transaction,
    );
  });
  return tenant;
}

const BRAND_ASSET_COLUMNS = { logo: 'logo_url', favicon: 'favicon_url' } as const;
export type BrandAssetKind = keyof typeof BRAND_ASSET_COLUMNS;

/** Points the workspace's logo or favicon at `url` (null removes it), audited. Returns the updated workspace. */
export async function updateBrandAsset(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { kind: BrandAssetKind; url: string | null },
): Promise<Tenant> {
  const { tenant } = scope;
  const { kind, url } = input;
  await inTransaction(ctx, async (transaction) => {
    await tenant.update({ [BRAND_ASSET_COLUMNS[kind]]: url }, { transaction });
    await audit(
      ctx,
      scope,
      {
        action: `tenant.${kind}_${url ? 'updated' : 'removed'}`,
        entity: { type: 'tenant', id: tenant.id },
        details: { url },
      },
      transaction,
    );
  });
  return tenant;
}

/** Role types in the tenant's order, as plain values. */
export function sortRoleTypes(rows: readonly TenantRoleType[]): RoleType[] {
  return [...rows]
    .sort((a, b) => a.sort_order - b.sort_order || a.role_key.localeCompare(b.role_key))
    .map((r) => ({ role_key: r.role_key, role_label: r.role_label, role_color: r.role_color, kind: r.kind }));
}

export async function roleTypesOf(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  transaction?: Transaction,
): Promise<RoleType[]> {
  return sortRoleTypes(await findRoleTypes(ctx, tenantId, transaction));
}

export function roleLabelOf(roleKey: string, roleTypes: readonly RoleType[]): string {
  if (roleKey === 'owner') return 'Owner';
  return roleTypes.find((r) => r.role_key === roleKey)?.role_label ?? roleKey;
}

/** Team seats in use: active members whose role is of kind team. */
export async function seatsUsedByTenant(
  ctx: Pick<ServiceContext, 'db'>,
  tenantIds: string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (tenantIds.length === 0) return counts;
  const [memberships, roleTypes] = await Promise.all([
    findActiveMemberRoles(ctx, tenantIds),
    findRoleKindsOf(ctx, tenantIds),
  ]);
  const roleTypesByTenant = new Map<string, TenantRoleType[]>();
  for (const r of roleTypes) roleTypesByTenant.set(r.tenant_id, [...(roleTypesByTenant.get(r.tenant_id) ?? []), r]);
  for (const m of memberships) {
    const kind = roleKindOf(m.role, roleTypesByTenant.get(m.tenant_id));
    if (kind === 'team') counts.set(m.tenant_id, (counts.get(m.tenant_id) ?? 0) + 1);
  }
  return counts;
}
