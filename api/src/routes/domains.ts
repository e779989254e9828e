import {
  addedDomainAnswer,
  domainBody,
  domainQuery,
  domainsAnswer,
  siteAnswer,
  verifiedDomainAnswer,
} from '@portico/common';
import {
  addDomain,
  DOMAINS_PLAN_MESSAGE,
  hasCustomDomains,
  isInternalAddress,
  listDomains,
  mayIssueCertificate,
  NO_SUCH_DOMAIN,
  notFound,
  removeDomain,
  siteOf,
  subdomainHostOf,
  txtRecordOf,
  verifyDomain,
} from '@portico/core';
import { z } from 'zod';
import { defineRoutes } from '../http/route';
import { presentDomain, presentSite } from '../presenters/domains';

const DOMAIN_REFUSALS = {
  403: `Only workspace admins can manage domains. On the starter plan: \`${DOMAINS_PLAN_MESSAGE}\` (\`plan_required\`).`,
  404: NO_SUCH_DOMAIN,
};

/** Settings → Domains (tenant-portal §2 and §7; DECISIONS §6): admins. */
export const domainRoutes = defineRoutes(
  'workspace',
  { name: 'Domains', description: 'The workspace’s subdomain and its own domains.' },
  (route) => [
    route({
      method: 'get',
      path: '/domains',
      operationId: 'listDomains',
      summary: 'List the workspace’s domains',
      responses: { 200: { description: 'Its subdomain and custom domains, oldest first.', schema: domainsAnswer } },
      refusals: { 403: 'Only workspace admins can manage domains.' },
      authorize: 'domains.manage',
      handle: async ({ ctx, scope }) => ({
        domains: (await listDomains(ctx, scope)).map(presentDomain),
        subdomain: subdomainHostOf(ctx.config, scope.tenant),
        allowed: hasCustomDomains(scope.tenant),
      }),
    }),
    route({
      method: 'post',
      path: '/domains',
      operationId: 'addDomain',
      summary: 'Add a custom domain',
      description:
        'A claim, pending until the TXT record in the answer is published and the domain verified (within 7 days, `expires_at`). Another workspace’s unverified claim does not block it: the first to verify takes the domain.',
      body: domainBody,
      responses: { 201: { description: 'The domain and the TXT record to publish.', schema: addedDomainAnswer } },
      refusals: {
        ...DOMAIN_REFUSALS,
        400: 'An address of the platform itself.',
        409: 'Already connected to this workspace, verified by another workspace, or ten domains already (`domain_taken`, `too_many_domains`).',
      },
      authorize: 'domains.manage',
      handle: async ({ ctx, scope, body }) => {
        const row = await addDomain(ctx, scope, body);
        return { domain: presentDomain(row), txtRecord: txtRecordOf(row) };
      },
    }),
    route({
      method: 'post',
      path: '/domains-verify',
      operationId: 'verifyDomain',
      summary: 'Verify a custom domain',
      description:
        'Looks up its TXT record. Found: verified, the proxy is asked for its certificate (`ssl_status` pending → ready or failed within the hour), and other workspaces’ claims on the domain are removed (their admins are emailed). Not found: 409 saying why.',
      body: domainBody,
      responses: { 200: { description: 'Verified.', schema: verifiedDomainAnswer } },
      refusals: {
        ...DOMAIN_REFUSALS,
        409: 'The TXT record was not found or holds another value (`txt_not_found`), the claim lapsed after 7 days (`claim_lapsed`), or another workspace verified the domain first (`domain_taken`).',
      },
      authorize: 'domains.manage',
      handle: async ({ ctx, scope, body }) => ({
        domain: presentDomain(await verifyDomain(ctx, scope, body)),
        message: 'Domain verified' as const,
      }),
    }),
    route({
      method: 'delete',
      path: '/domains',
      operationId: 'removeDomain',
      summary: 'Remove a custom domain',
      query: domainQuery,
      responses: { 204: { description: 'Removed: it no longer answers for the workspace or gets certificates.' } },
      refusals: DOMAIN_REFUSALS,
      authorize: 'domains.manage',
      handle: async ({ ctx, scope, query }) => {
        await removeDomain(ctx, scope, query);
      },
    }),
  ],
);

/** What the request's host is (for the sign-in page), and Caddy's question before it gets a certificate. */
export const siteRoutes = defineRoutes(
  'public',
  { name: 'Domains', description: 'The workspace’s subdomain and its own domains.' },
  (route) => [
    route({
      method: 'get',
      path: '/public/site',
      operationId: 'getSite',
      summary: 'The site the request’s host is',
      description:
        'A workspace’s subdomain or verified domain answers that workspace’s public brand; any other host the platform’s.',
      responses: { 200: { description: 'Its brand.', schema: siteAnswer } },
      handle: async ({ ctx, req }) => ({ site: await presentSite(ctx, await siteOf(ctx, req.get('host') ?? '')) }),
    }),
    route({
      method: 'get',
      path: '/internal/tls-ask',
      operationId: 'tlsAsk',
      summary: 'May the proxy get a certificate for this domain?',
      description:
        'For Caddy’s on-demand TLS `ask`, from loopback and private networks only: 200 for the platform’s host, a workspace’s subdomain or verified domain (not suspended), 404 otherwise.',
      query: z.object({ domain: z.string().max(253).default('').meta({ description: 'The host Caddy asks about.' }) }),
      responses: { 200: { description: 'Yes.', schema: z.object({ ok: z.literal(true) }) } },
      refusals: { 404: 'No (or not asked from the proxy’s network).' },
      handle: async ({ ctx, req, query }) => {
        if (!isInternalAddress(req.ip) || !(await mayIssueCertificate(ctx, query.domain)))
          throw notFound('No certificate for this host.');
        return { ok: true as const };
      },
    }),
  ],
);
