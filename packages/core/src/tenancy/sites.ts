import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { Config } from '../config';
import type { Tenant } from '../db/models';
import type { ServiceContext } from '../scope';
import { findDomainsOf, findTenantSiteByDomain, findTenantSiteBySlug } from './tenancy-data';

/*
 * The host decides the tenant (DECISIONS §6): `{slug}.{BASE_DOMAIN}` and a tenant's verified custom
 * domains are that tenant's site; the platform's own host (PUBLIC_URL), the base domain itself and
 * anything else are the platform's. What a host is is kept in Redis (shared by every process and
 * read by Caddy's `ask`) and for a few seconds in each process (every API request asks).
 */

export type Site = { kind: 'platform' } | { kind: 'tenant'; tenantId: string; status: Tenant['status'] };

const PLATFORM: Site = { kind: 'platform' };
/** How long Redis keeps what a host is: a tenant's for 5 minutes, an unknown host's for 30 s (a new tenant appears soon). */
const KNOWN_TTL_S = 300;
const UNKNOWN_TTL_S = 30;
const PROCESS_TTL_MS = 5_000;
/** A forgotten host's key starts with this (then a unique tail): look it up again. */
const FORGOTTEN = '~';
/** SET key value EX ttl, only while the key still holds what the reader saw before its lookup ('' = nothing). */
const STORE_UNLESS_CHANGED = `
local now = redis.call('GET', KEYS[1])
if (now == false and ARGV[1] == '') or now == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3])
  return 1
end
return 0`;
const PROCESS_MAX = 2_000;

/** A hostname as sites are keyed: lower case, no port, no trailing dot. */
export function hostnameOf(host: string): string {
  const bare = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
  return bare.toLowerCase().replace(/\.$/, '');
}

export function platformHostname(config: Config): string {
  return new URL(config.publicUrl).hostname.toLowerCase();
}

/** The one-label name under BASE_DOMAIN a host stands for, if it is one. */
export function subdomainOf(config: Config, hostname: string): string | null {
  const suffix = `.${config.baseDomain.toLowerCase()}`;
  if (!hostname.endsWith(suffix)) return null;
  const label = hostname.slice(0, -suffix.length);
  return /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label) ? label : null;
}

/** Hosts that can never be a tenant's: the platform's own, the base domain, addresses. */
export function isPlatformHostname(config: Config, hostname: string): boolean {
  return (
    hostname === platformHostname(config) ||
    hostname === config.baseDomain.toLowerCase() ||
    hostname === 'localhost' ||
    isIP(hostname.replace(/^\[|\]$/g, '')) !== 0
  );
}

/**
 * Keyed as Redis is (prefix included), so two contexts in one process (tests) never share an answer.
 * `until` is monotonic (performance.now()): how long this process trusts its copy, not a time of the domain.
 */
const memo = new Map<string, { site: Site | null; until: number }>();

const siteKey = (ctx: ServiceContext, hostname: string) => `${ctx.config.redisPrefix}:site:${hostname}`;

async function lookUp(ctx: ServiceContext, hostname: string): Promise<Site | null> {
  const slug = subdomainOf(ctx.config, hostname);
  const tenant = slug ? await findTenantSiteBySlug(ctx, slug) : await findTenantSiteByDomain(ctx, hostname);
  return tenant ? { kind: 'tenant', tenantId: tenant.id, status: tenant.status } : null;
}

/** The tenant a host belongs to, or null for a host that is no tenant's (platform or unknown). */
export async function tenantSiteOf(
  ctx: ServiceContext,
  host: string,
): Promise<Extract<Site, { kind: 'tenant' }> | null> {
  const hostname = hostnameOf(host);
  if (isPlatformHostname(ctx.config, hostname)) return null;
  const key = siteKey(ctx, hostname);
  const remembered = memo.get(key);
  if (remembered && remembered.until > performance.now())
    return remembered.site as Extract<Site, { kind: 'tenant' }> | null;
  const cached = await ctx.redis.get(key);
  if (cached !== null && !cached.startsWith(FORGOTTEN))
    return remember(key, cached === '' ? null : (JSON.parse(cached) as Site));
  const site = await lookUp(ctx, hostname);
  // Kept only if the host was not forgotten while it was looked up (a domain removed meanwhile).
  const kept = await ctx.redis.eval(
    STORE_UNLESS_CHANGED,
    1,
    key,
    cached ?? '',
    site ? JSON.stringify(site) : '',
    site ? KNOWN_TTL_S : UNKNOWN_TTL_S,
  );
  return kept === 1 ? remember(key, site) : (site as Extract<Site, { kind: 'tenant' }> | null);
}

function remember(key: string, site: Site | null): Extract<Site, { kind: 'tenant' }> | null {
  if (memo.size >= PROCESS_MAX) memo.clear();
  memo.set(key, { site, until: performance.now() + PROCESS_TTL_MS });
  return site as Extract<Site, { kind: 'tenant' }> | null;
}

/** The site a request's host is. */
export async function siteOf(ctx: ServiceContext, host: string): Promise<Site> {
  return (await tenantSiteOf(ctx, host)) ?? PLATFORM;
}

/**
 * Forgets what these hosts are, everywhere, after a domain, slug or status changes (other processes'
 * memos within seconds). The key holds a fresh tombstone for a minute, so a lookup that began before
 * the change cannot store its stale answer after it.
 */
export async function forgetHosts(ctx: ServiceContext, hostnames: readonly string[]): Promise<void> {
  if (hostnames.length === 0) return;
  const pipeline = ctx.redis.pipeline();
  for (const hostname of hostnames) {
    memo.delete(siteKey(ctx, hostname));
    pipeline.set(siteKey(ctx, hostname), `${FORGOTTEN}${randomUUID()}`, 'EX', 60);
  }
  await pipeline.exec();
}

/** A workspace's own address under BASE_DOMAIN. */
export function subdomainHostOf(config: Config, tenant: Pick<Tenant, 'slug'>): string {
  return `${tenant.slug}.${config.baseDomain.toLowerCase()}`;
}

/** Every host of a tenant: its subdomain and its custom domains. */
export async function hostsOfTenant(ctx: ServiceContext, tenant: Pick<Tenant, 'id' | 'slug'>): Promise<string[]> {
  const domains = await findDomainsOf(ctx, tenant.id, ctx.transaction);
  return [subdomainHostOf(ctx.config, tenant), ...domains];
}

/**
 * Caddy's `ask`: may the proxy get a certificate for this host? Yes for the platform's own host, a
 * tenant's subdomain and a verified custom domain of a tenant that is not suspended.
 */
export async function mayIssueCertificate(ctx: ServiceContext, host: string): Promise<boolean> {
  const hostname = hostnameOf(host);
  if (hostname === platformHostname(ctx.config)) return true;
  const site = await tenantSiteOf(ctx, hostname);
  return site !== null && site.status !== 'suspended';
}

/**
 * Where a tenant's links point: its custom domain once it has a certificate, else its subdomain when
 * the platform itself is served under BASE_DOMAIN (so subdomains resolve), else the platform's address.
 */
export function tenantOrigin(config: Config, tenant: Pick<Tenant, 'slug' | 'domain'>): string {
  if (tenant.domain) return `https://${tenant.domain}`;
  const platform = new URL(config.publicUrl);
  const base = config.baseDomain.toLowerCase();
  const host = platform.hostname.toLowerCase();
  if (host !== base && !host.endsWith(`.${base}`)) return config.publicUrl;
  return subdomainOrigin(config, tenant);
}

/**
 * The workspace's address a request came on, when it is one of the workspace's own — the
 * platform's, its subdomain or one of its verified domains — else where its links point
 * (`tenantOrigin`). For addresses the browser is sent back to: a Host header naming anything
 * else (forged, or a host the platform does not know) never becomes one.
 */
export async function workspaceOriginFor(
  ctx: ServiceContext,
  tenant: Pick<Tenant, 'id' | 'slug' | 'domain'>,
  host: string,
): Promise<string> {
  const hostname = hostnameOf(host);
  if (hostname === platformHostname(ctx.config)) return ctx.config.publicUrl;
  if (hostname === subdomainHostOf(ctx.config, tenant)) return subdomainOrigin(ctx.config, tenant);
  const site = await tenantSiteOf(ctx, hostname);
  if (site?.tenantId === tenant.id) return `https://${hostname}`;
  return tenantOrigin(ctx.config, tenant);
}

/**
 * The address a request came on when it is a workspace's (its subdomain or a verified domain), else
 * the platform's: for a link that must open where it was asked for, as one bound to that browser's
 * cookie must. A Host header naming anything else never becomes one.
 */
export async function siteOriginOf(ctx: ServiceContext, host: string): Promise<string> {
  const hostname = hostnameOf(host);
  if (!(await tenantSiteOf(ctx, hostname))) return ctx.config.publicUrl;
  if (!subdomainOf(ctx.config, hostname)) return `https://${hostname}`;
  const platform = new URL(ctx.config.publicUrl);
  return `${platform.protocol}//${hostname}${platform.port ? `:${platform.port}` : ''}`;
}

/** A workspace's own address, `{slug}.{BASE_DOMAIN}`, with the platform's scheme and port (the proxy serves both). */
export function subdomainOrigin(config: Config, tenant: Pick<Tenant, 'slug'>): string {
  const platform = new URL(config.publicUrl);
  return `${platform.protocol}//${subdomainHostOf(config, tenant)}${platform.port ? `:${platform.port}` : ''}`;
}
