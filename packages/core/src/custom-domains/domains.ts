import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { Op, type Transaction, type WhereOptions } from 'sequelize';
import { TENANT_ADMIN_ROLES } from '@portico/common';
import type { Tenant, TenantDomain } from '../db/models';
import { domainCertificateEmail, domainClaimLostEmail } from '../mail/templates';
import { hasCustomDomains } from '../plans';
import { inTransaction, type ServiceContext, type TenantScope } from '../scope';
import { audit, systemScope } from '../kernel/audit';
import { badRequest, conflict, DomainError, forbidden, notFound } from '../kernel/errors';
import { notify } from '../inbox';
import { emailTenantAdmins } from '../integrations';
import {
  countLiveDomains,
  findDomain,
  findDomainById,
  findFirstReadyDomain,
  findTenant,
  insertDomain,
  listOtherClaims,
  listTenantDomains,
  lockDomainName,
  setTenantDomain,
  verifiedOwnerOf,
} from './custom-domains-data';
import {
  forgetHosts,
  isPlatformHostname,
  platformHostname,
  subdomainHostOf,
  subdomainOf,
  tenantOrigin,
} from '../tenancy';

/*
 * Custom domains (tenant-portal §2 Settings → Domains, DECISIONS §6): added with a TXT record to
 * publish, verified by looking it up, then given a certificate by the proxy (a `provisioning` job
 * calls the domain through it). A verified domain belongs to one tenant. Until then it is a claim:
 * several workspaces may claim a domain, the first to prove its TXT record takes it (the others'
 * claims are removed and their admins told), and a claim not verified within DOMAIN_CLAIM_DAYS
 * lapses — it counts for nothing and the hourly purge removes it — so nobody holds a domain they
 * cannot prove.
 */

export const DOMAINS_PLAN_MESSAGE = 'Custom domains are available on the Pro and Advanced plans. Upgrade to add one.';
export const NO_SUCH_DOMAIN = 'This domain is not connected to this workspace.';
export const MAX_DOMAINS = 10;
/** Eight attempts, doubling from CERTIFICATE_RETRY_BASE_MS: about an hour at the default 30 s. */
export const CERTIFICATE_ATTEMPTS = 8;
const TXT_PREFIX = '_portico-verify';
/** How long a claim waits for its TXT record. */
export const DOMAIN_CLAIM_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** When a domain's claim lapses if it is not verified by then; null once verified. */
export const claimExpiresAt = (row: Pick<TenantDomain, 'created_at' | 'verified_at'>): Date | null =>
  row.verified_at ? null : new Date(row.created_at.getTime() + DOMAIN_CLAIM_DAYS * DAY_MS);

const hasLapsed = (ctx: Pick<ServiceContext, 'clock'>, row: TenantDomain): boolean =>
  (claimExpiresAt(row)?.getTime() ?? Infinity) <= ctx.clock.now().getTime();

/** Claims made before this moment and never verified have lapsed. */
const lapsedBefore = (ctx: Pick<ServiceContext, 'clock'>): Date =>
  new Date(ctx.clock.now().getTime() - DOMAIN_CLAIM_DAYS * DAY_MS);

/** Where clause of the claims that have lapsed. */
export const lapsedClaims = (ctx: Pick<ServiceContext, 'clock'>): WhereOptions<TenantDomain> => ({
  verified_at: null,
  created_at: { [Op.lte]: lapsedBefore(ctx) },
});

export interface TxtRecord {
  name: string;
  value: string;
}

export const txtRecordOf = (domain: TenantDomain): TxtRecord => ({
  name: `${TXT_PREFIX}.${domain.domain}`,
  value: `portico-verify=${domain.verification_token}`,
});

function assertDomainsPlan(tenant: Tenant): void {
  if (!hasCustomDomains(tenant)) throw forbidden(DOMAINS_PLAN_MESSAGE, 'plan_required');
}

/** The workspace's custom domains, oldest first. */
export async function listDomains(ctx: ServiceContext, scope: TenantScope): Promise<TenantDomain[]> {
  return listTenantDomains(ctx, scope.tenantId, ctx.transaction);
}

const takenSentence = (domain: string) => `${domain} is connected to another workspace. Remove it there first.`;

/** A domain of the workspace; 404 otherwise. */
async function domainOf(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  domain: string,
  transaction?: Transaction,
): Promise<TenantDomain> {
  const row = await findDomain(ctx, tenantId, domain, transaction);
  if (!row) throw notFound(NO_SUCH_DOMAIN);
  return row;
}

/** Adds a custom domain, pending until its TXT record is found; answers the record to publish. */
export async function addDomain(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { domain: string },
): Promise<TenantDomain> {
  const { domain } = input;
  assertDomainsPlan(scope.tenant);
  const base = ctx.config.baseDomain.toLowerCase();
  if (
    isPlatformHostname(ctx.config, domain) ||
    subdomainOf(ctx.config, domain) ||
    domain.endsWith(`.${platformHostname(ctx.config)}`)
  )
    throw badRequest(
      `${domain} is an address of the platform itself. Your workspace already answers at ${subdomainHostOf(ctx.config, scope.tenant)}; add a domain you own instead.`,
      'platform_domain',
    );
  if (domain.endsWith(`.${base}`))
    throw badRequest(`Addresses under ${base} belong to the platform; add a domain you own.`, 'platform_domain');
  const row = await inTransaction(ctx, async (transaction) => {
    await lockDomainName(ctx, domain, transaction);
    const owner = await verifiedOwnerOf(ctx, domain, transaction);
    if (owner && owner !== scope.tenantId) throw conflict(takenSentence(domain), 'domain_taken');
    const own = await findDomain(ctx, scope.tenantId, domain, transaction);
    if (own && !hasLapsed(ctx, own))
      throw conflict(`${domain} is already connected to this workspace.`, 'domain_taken');
    // A lapsed claim of this workspace's makes way for a new one, with a new token and a new week.
    if (own) await own.destroy({ transaction });
    const count = await countLiveDomains(ctx, scope.tenantId, lapsedBefore(ctx), transaction);
    if (count >= MAX_DOMAINS)
      throw conflict(`A workspace can have up to ${MAX_DOMAINS} custom domains. Remove one first.`, 'too_many_domains');
    const created = await insertDomain(
      ctx,
      scope.tenantId,
      {
        domain,
        verification_token: randomBytes(16).toString('hex'),
        created_by: scope.actor.userId,
      },
      transaction,
    );
    await auditDomain(ctx, scope, 'domain.added', created, transaction);
    return created;
  });
  await forgetHosts(ctx, [domain]);
  return row;
}

function auditDomain(
  ctx: Pick<ServiceContext, 'db'>,
  scope: TenantScope,
  action: string,
  row: TenantDomain,
  transaction: Transaction,
) {
  return audit(
    ctx,
    scope,
    { action, entity: { type: 'domain', id: row.id }, details: { domain: row.domain } },
    transaction,
  );
}

/** What a TXT lookup says about a domain's record: found, or why not (a sentence for the admin). */
export async function lookUpTxtRecord(ctx: ServiceContext, record: TxtRecord): Promise<string | null> {
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  if (ctx.config.domains.dnsServers.length > 0) resolver.setServers(ctx.config.domains.dnsServers);
  let values: string[];
  try {
    values = (await resolver.resolveTxt(record.name)).map((chunks) => chunks.join(''));
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'error';
    if (code === 'ENOTFOUND' || code === 'ENODATA')
      return `No TXT record was found at ${record.name}. Create it with the value ${record.value}; DNS changes can take a few minutes to appear.`;
    return `DNS did not answer for ${record.name} (${code}). Try again in a few minutes.`;
  }
  if (values.includes(record.value)) return null;
  return `The TXT record at ${record.name} does not hold ${record.value} (found: ${values.map((v) => `"${v}"`).join(', ')}).`;
}

/**
 * Verify: looks the TXT record up; found, the domain is verified and a `provisioning` job asks the
 * proxy for its certificate, and other workspaces' claims on it are removed, their admins told.
 * Not found: 409 with why, and nothing changes. A lapsed claim is not verified: it is added again.
 */
export async function verifyDomain(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { domain: string },
): Promise<TenantDomain> {
  assertDomainsPlan(scope.tenant);
  const found = await domainOf(ctx, scope.tenantId, input.domain, ctx.transaction);
  if (hasLapsed(ctx, found))
    throw conflict(
      `The claim on ${found.domain} lapsed: it was not verified within ${DOMAIN_CLAIM_DAYS} days. Add the domain again for a new TXT record.`,
      'claim_lapsed',
    );
  const problem = await lookUpTxtRecord(ctx, txtRecordOf(found));
  if (problem) throw new DomainError(409, problem, 'txt_not_found');
  const row = await inTransaction(ctx, async (transaction) => {
    await lockDomainName(ctx, found.domain, transaction);
    const owner = await verifiedOwnerOf(ctx, found.domain, transaction);
    if (owner && owner !== scope.tenantId) throw conflict(takenSentence(found.domain), 'domain_taken');
    // Read again under the lock: it may have been removed meanwhile.
    const current = await domainOf(ctx, scope.tenantId, found.domain, transaction);
    const firstTime = current.verified_at === null;
    await current.update(
      { verified_at: current.verified_at ?? ctx.clock.now(), ssl_status: 'pending', ssl_error: null },
      { transaction },
    );
    if (firstTime) {
      await auditDomain(ctx, scope, 'domain.verified', current, transaction);
      await takeFromOtherClaimants(ctx, current, transaction);
    }
    return current;
  });
  await forgetHosts(ctx, [row.domain]);
  await ctx.queues.provisioning.add(
    'certificate',
    { kind: 'certificate', tenantId: scope.tenantId, domainId: row.id },
    {
      // A new id for each verification: BullMQ ignores an add whose id it still holds.
      jobId: `certificate-${row.id}-${randomBytes(6).toString('hex')}`,
      attempts: CERTIFICATE_ATTEMPTS,
      backoff: { type: 'exponential', delay: ctx.config.domains.certificateRetryBaseMs },
    },
  );
  return row;
}

/**
 * The domain is now `verified`'s: other workspaces' claims on it go. Those still waiting for
 * their record are told (audited in their workspace, emailed to its admins), without naming the
 * workspace that took it.
 */
async function takeFromOtherClaimants(
  ctx: ServiceContext,
  verified: TenantDomain,
  transaction: Transaction,
): Promise<void> {
  const claims = await listOtherClaims(ctx, verified.domain, verified.tenant_id, transaction);
  for (const claim of claims) {
    await claim.destroy({ transaction });
    if (hasLapsed(ctx, claim)) continue;
    await audit(
      ctx,
      systemScope,
      {
        action: 'domain.claim_lost',
        entity: { type: 'domain', id: claim.id },
        tenantId: claim.tenant_id,
        details: { domain: claim.domain },
      },
      transaction,
    );
    const tenant = await findTenant(ctx, claim.tenant_id, transaction);
    if (!tenant) continue;
    const rendered = await domainClaimLostEmail(
      { name: tenant.name, primaryColor: tenant.primary_color },
      { domain: claim.domain, settingsUrl: `${tenantOrigin(ctx.config, tenant)}/dashboard/admin/settings` },
    );
    await emailTenantAdmins(ctx, tenant.id, rendered, transaction);
  }
}

/** Removes a custom domain: it stops answering for the workspace and gets no new certificate. */
export async function removeDomain(ctx: ServiceContext, scope: TenantScope, input: { domain: string }): Promise<void> {
  await inTransaction(ctx, async (transaction) => {
    const row = await domainOf(ctx, scope.tenantId, input.domain, transaction);
    await row.destroy({ transaction });
    if (scope.tenant.domain === row.domain) await setPrimaryDomain(ctx, scope.tenantId, transaction);
    await auditDomain(ctx, scope, 'domain.removed', row, transaction);
  });
  await forgetHosts(ctx, [input.domain]);
}

/** `tenants.domain`: the first domain with a certificate, where the tenant's links point. */
async function setPrimaryDomain(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  transaction: Transaction,
): Promise<void> {
  const first = await findFirstReadyDomain(ctx, tenantId, transaction);
  await setTenantDomain(ctx, tenantId, first?.domain ?? null, transaction);
}

/** Asks the proxy for the domain's site over HTTPS, which makes it get a certificate; resolves when the answer is the API's. */
export async function fetchThroughProxy(ctx: ServiceContext, domain: string): Promise<void> {
  const proxy = ctx.config.domains.proxyUrl ? new URL(ctx.config.domains.proxyUrl) : null;
  const ca = ctx.config.outboundCa ? [...rootCertificates, ctx.config.outboundCa] : undefined;
  await new Promise<void>((resolve, reject) => {
    const request = https.request(
      {
        host: proxy?.hostname ?? domain,
        port: proxy?.port ? Number(proxy.port) : 443,
        servername: domain,
        path: '/api/health/live',
        headers: { host: domain },
        ca,
        timeout: 30_000,
      },
      (res) => {
        res.resume();
        if (res.statusCode === 200) resolve();
        else reject(new Error(`the proxy answered ${res.statusCode} for https://${domain}`));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`https://${domain} did not answer within 30 s`)));
    request.on('error', reject);
    request.end();
  });
}

/**
 * The `provisioning` job of a verified domain: the proxy serves it over HTTPS → ssl ready; failing,
 * the job is retried, and after the last attempt ssl failed. Either outcome is emailed to the admins.
 */
export async function checkDomainCertificate(
  ctx: ServiceContext,
  input: { tenantId: string; domainId: string; lastAttempt: boolean },
): Promise<{ outcome: 'ready' | 'failed' | 'retry' | 'gone'; failure?: string }> {
  const row = await findDomainById(ctx, input.tenantId, input.domainId);
  if (!row?.verified_at) return { outcome: 'gone' };
  let failure: string | null = null;
  try {
    await fetchThroughProxy(ctx, row.domain);
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  if (failure && !input.lastAttempt) {
    await row.update({ ssl_error: failure, ssl_checked_at: ctx.clock.now() });
    return { outcome: 'retry', failure };
  }
  const ssl_status = failure ? 'failed' : 'ready';
  await inTransaction(ctx, async (transaction) => {
    await row.update({ ssl_status, ssl_error: failure, ssl_checked_at: ctx.clock.now() }, { transaction });
    await setPrimaryDomain(ctx, input.tenantId, transaction);
    await emailAdminsCertificate(ctx, row, failure, transaction);
    await notify(
      ctx,
      input.tenantId,
      {
        kind: failure ? 'domain.failed' : 'domain.ready',
        userIds: [],
        roles: TENANT_ADMIN_ROLES,
        actorId: null,
        title: failure ? `${row.domain} could not get its HTTPS certificate` : `${row.domain} is live over HTTPS`,
        body: failure,
        path: '/dashboard/admin/settings',
        entity: { type: 'domain', id: row.id },
      },
      transaction,
    );
  });
  await forgetHosts(ctx, [row.domain]);
  return failure ? { outcome: 'failed', failure } : { outcome: 'ready' };
}

async function emailAdminsCertificate(
  ctx: ServiceContext,
  row: TenantDomain,
  failure: string | null,
  transaction: Transaction,
): Promise<void> {
  const tenant = await findTenant(ctx, row.tenant_id, transaction);
  if (!tenant) return;
  const rendered = await domainCertificateEmail(
    { name: tenant.name, primaryColor: tenant.primary_color },
    { domain: row.domain, failure, settingsUrl: `${tenantOrigin(ctx.config, tenant)}/dashboard/admin/settings` },
  );
  await emailTenantAdmins(ctx, tenant.id, rendered, transaction);
}
