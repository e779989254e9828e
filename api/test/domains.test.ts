import { checkDomainCertificate, purgeExpired } from '@portico/core';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSuperAdmin, makeWorkspace, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { startFakeDns, type FakeDns } from '../../testing/dns';
import { requestOnHost, type OnHostOptions } from '../../testing/on-host';
import { createKey } from './public-api-support';

const BASE = 'portico.test';
const DAY_MS = 24 * 60 * 60 * 1000;
const NOT_CONNECTED = 'This domain is not connected to this workspace.';
const ONLY_ADMINS = 'Only workspace admins can manage domains.';
const FORMAT = 'Enter a domain name such as portal.example.com, without https:// or a path.';
const ANOTHER_WORKSPACE = 'This address belongs to another workspace. Open that workspace at its own address.';

let app: TestApp;
let dns: FakeDns;
let root: Person;
beforeAll(async () => {
  dns = await startFakeDns();
  app = await startTestApp({
    BASE_DOMAIN: BASE,
    DNS_SERVERS: dns.server,
    TRUST_PROXY: 'loopback',
    // Nothing listens there: certificate checks fail at once.
    PROXY_URL: 'https://127.0.0.1:9',
  });
  root = await makeSuperAdmin(app);
});
afterAll(async () => {
  await app.close();
  await dns.close();
});

let domainCount = 0;
const freshDomain = () => `portal-${++domainCount}-${Date.now().toString(36)}.example.com`;

const onHost = (host: string, path: string, options: OnHostOptions = {}) => requestOnHost(app, host, path, options);

type Workspace = Awaited<ReturnType<typeof makeWorkspace>>;

async function added(w: Workspace, domain = freshDomain()) {
  const res = await app.request('POST', '/domains', { token: w.admin.token, tenantId: w.tenant.id, body: { domain } });
  expect(res.status).toBe(201);
  return res.body as { domain: { id: string; domain: string }; txtRecord: { name: string; value: string } };
}

async function verified(w: Workspace, domain = freshDomain()) {
  const { txtRecord } = await added(w, domain);
  dns.txt.set(txtRecord.name, [txtRecord.value]);
  const res = await app.request('POST', '/domains-verify', {
    token: w.admin.token,
    tenantId: w.tenant.id,
    body: { domain },
  });
  expect(res.status).toBe(200);
  return res.body.domain as { id: string; domain: string };
}

const ask = (domain: string, headers: Record<string, string> = {}) =>
  onHost('127.0.0.1', `/internal/tls-ask?domain=${encodeURIComponent(domain)}`, { headers });

describe('GET /api/domains', () => {
  it('lists the subdomain and custom domains to admins, with the TXT record of each', async () => {
    const w = await makeWorkspace(app, { tier: 'pro' });
    const empty = await app.request('GET', '/domains', { token: w.admin.token, tenantId: w.tenant.id });
    expect(empty).toMatchObject({
      status: 200,
      body: { domains: [], subdomain: `${w.tenant.slug}.${BASE}`, allowed: true },
    });
    const { domain, txtRecord } = await added(w, 'Portal.Acme-Example.com.');
    expect(domain.domain).toBe('portal.acme-example.com');
    const list = await app.request('GET', '/domains', { token: w.admin.token, tenantId: w.tenant.id });
    expect(list.body.domains).toEqual([
      {
        id: domain.id,
        domain: 'portal.acme-example.com',
        type: 'custom',
        ssl_status: 'pending',
        ssl_error: null,
        verified_at: null,
        expires_at: expect.any(String),
        txt_record: txtRecord,
        created_at: expect.any(String),
      },
    ]);
    const { created_at, expires_at } = list.body.domains[0];
    expect(Date.parse(expires_at) - Date.parse(created_at)).toBe(7 * DAY_MS);
    const starter = await makeWorkspace(app, { tier: 'starter' });
    const notAllowed = await app.request('GET', '/domains', {
      token: starter.admin.token,
      tenantId: starter.tenant.id,
    });
    expect(notAllowed.body).toMatchObject({ domains: [], allowed: false });
  });

  it('is refused to members, other workspaces and callers without a session', async () => {
    const w = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    await added(w);
    expect(await app.request('GET', '/domains', { token: w.member.token, tenantId: w.tenant.id })).toMatchObject({
      status: 403,
      body: { error: ONLY_ADMINS },
    });
    const asOther = await app.request('GET', '/domains', { token: other.admin.token, tenantId: w.tenant.id });
    expect(asOther.status).toBe(403);
    expect(JSON.stringify(asOther.body)).not.toContain('example.com');
    expect((await app.request('GET', '/domains', { tenantId: w.tenant.id })).status).toBe(401);
  });
});

describe('POST /api/domains', () => {
  it('adds a pending domain with a TXT record to publish, audited', async () => {
    const w = await makeWorkspace(app);
    const domain = freshDomain();
    const { domain: row, txtRecord } = await added(w, domain);
    expect(txtRecord).toEqual({
      name: `_portico-verify.${domain}`,
      value: expect.stringMatching(/^portico-verify=[0-9a-f]{32}$/),
    });
    expect(row).toMatchObject({ domain, ssl_status: 'pending', verified_at: null });
    expect(
      await app.ctx.db.AuditLog.count({ where: { tenant_id: w.tenant.id, action: 'domain.added', entity_id: row.id } }),
    ).toBe(1);
  });

  it.each([
    [{}, 'Enter a domain.'],
    [{ domain: '  ' }, 'Enter a domain.'],
    [{ domain: 'https://portal.example.com' }, FORMAT],
    [{ domain: 'portal.example.com/login' }, FORMAT],
    [{ domain: 'localhost' }, FORMAT],
    [{ domain: '203.0.113.7' }, FORMAT],
    [{ domain: '-bad-.example.com' }, FORMAT],
    [
      { domain: `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(60)}.com` },
      'A domain name is at most 253 characters.',
    ],
  ])('refuses %j with its sentence', async (body, message) => {
    const w = await makeWorkspace(app);
    const res = await app.request('POST', '/domains', { token: w.admin.token, tenantId: w.tenant.id, body });
    expect(res).toMatchObject({ status: 400, body: { error: message } });
    expect(await app.ctx.db.TenantDomain.count({ where: { tenant_id: w.tenant.id } })).toBe(0);
  });

  it('refuses the platform’s own addresses, and a domain another workspace has verified', async () => {
    const w = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const own = await app.request('POST', '/domains', {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { domain: `${other.tenant.slug}.${BASE}` },
    });
    expect(own).toMatchObject({
      status: 400,
      body: {
        error: `${other.tenant.slug}.${BASE} is an address of the platform itself. Your workspace already answers at ${w.tenant.slug}.${BASE}; add a domain you own instead.`,
      },
    });
    const base = await app.request('POST', '/domains', {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { domain: BASE },
    });
    expect(base.status).toBe(400);
    const { domain } = await verified(other);
    const taken = await app.request('POST', '/domains', {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { domain },
    });
    expect(taken).toMatchObject({
      status: 409,
      body: { error: `${domain} is connected to another workspace. Remove it there first.` },
    });
    const again = await app.request('POST', '/domains', {
      token: other.admin.token,
      tenantId: other.tenant.id,
      body: { domain },
    });
    expect(again).toMatchObject({ status: 409, body: { error: `${domain} is already connected to this workspace.` } });
  });

  it('is refused on the starter plan, to members, and without a session', async () => {
    const starter = await makeWorkspace(app, { tier: 'starter' });
    const body = { domain: freshDomain() };
    expect(
      await app.request('POST', '/domains', { token: starter.admin.token, tenantId: starter.tenant.id, body }),
    ).toMatchObject({
      status: 403,
      body: {
        error: 'Custom domains are available on the Pro and Advanced plans. Upgrade to add one.',
        code: 'plan_required',
      },
    });
    const w = await makeWorkspace(app);
    expect(await app.request('POST', '/domains', { token: w.member.token, tenantId: w.tenant.id, body })).toMatchObject(
      {
        status: 403,
        body: { error: ONLY_ADMINS },
      },
    );
    expect((await app.request('POST', '/domains', { tenantId: w.tenant.id, body })).status).toBe(401);
  });
});

describe('POST /api/domains-verify', () => {
  it('says why when the TXT record is missing or different, and changes nothing', async () => {
    const w = await makeWorkspace(app);
    const domain = freshDomain();
    const { txtRecord } = await added(w, domain);
    const verify = () =>
      app.request('POST', '/domains-verify', { token: w.admin.token, tenantId: w.tenant.id, body: { domain } });
    expect(await verify()).toMatchObject({
      status: 409,
      body: {
        code: 'txt_not_found',
        error: `No TXT record was found at ${txtRecord.name}. Create it with the value ${txtRecord.value}; DNS changes can take a few minutes to appear.`,
      },
    });
    dns.txt.set(txtRecord.name, ['portico-verify=someone-else']);
    expect((await verify()).body.error).toBe(
      `The TXT record at ${txtRecord.name} does not hold ${txtRecord.value} (found: "portico-verify=someone-else").`,
    );
    expect(await app.ctx.db.TenantDomain.findOne({ where: { tenant_id: w.tenant.id, domain } })).toMatchObject({
      verified_at: null,
    });
    expect((await ask(domain)).status).toBe(404);
  });

  it('verifies a domain whose record is published, and queues its certificate', async () => {
    const w = await makeWorkspace(app);
    const domain = freshDomain();
    const { txtRecord } = await added(w, domain);
    dns.txt.set(txtRecord.name, ['v=spf1 -all', txtRecord.value]);
    const res = await app.request('POST', '/domains-verify', {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { domain },
    });
    expect(res).toMatchObject({
      status: 200,
      body: { message: 'Domain verified', domain: { domain, ssl_status: 'pending', verified_at: expect.any(String) } },
    });
    const jobs = await app.ctx.queues.provisioning.getJobs(['waiting', 'delayed', 'active']);
    expect(jobs.map((j) => j.data)).toContainEqual({
      kind: 'certificate',
      tenantId: w.tenant.id,
      domainId: res.body.domain.id,
    });
    expect(await app.ctx.db.AuditLog.count({ where: { tenant_id: w.tenant.id, action: 'domain.verified' } })).toBe(1);
  });

  it('answers 404 for a domain of another workspace, and refuses members', async () => {
    const w = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const domain = freshDomain();
    await added(other, domain);
    expect(
      await app.request('POST', '/domains-verify', { token: w.admin.token, tenantId: w.tenant.id, body: { domain } }),
    ).toMatchObject({ status: 404, body: { error: NOT_CONNECTED } });
    expect(
      (await app.request('POST', '/domains-verify', { token: w.member.token, tenantId: w.tenant.id, body: { domain } }))
        .status,
    ).toBe(403);
    expect((await app.request('POST', '/domains-verify', { tenantId: w.tenant.id, body: { domain } })).status).toBe(
      401,
    );
    expect(
      await app.request('POST', '/domains-verify', { token: w.admin.token, tenantId: w.tenant.id, body: {} }),
    ).toMatchObject({ status: 400, body: { error: 'Enter a domain.' } });
  });
});

/** Backdates a claim past its week. */
const lapse = (id: string) =>
  app.ctx.sequelize.query(`UPDATE tenant_domains SET created_at = now() - interval '8 days' WHERE id = :id`, {
    replacements: { id },
  });

describe('claims: the first workspace to prove the TXT record takes the domain', () => {
  it('lets another workspace claim a domain someone only claimed; verifying takes it, and the first claimant is told', async () => {
    const squatter = await makeWorkspace(app);
    const owner = await makeWorkspace(app);
    const domain = freshDomain();
    const squat = await added(squatter, domain);
    const claim = await added(owner, domain);
    expect(claim.txtRecord.name).toBe(squat.txtRecord.name);
    expect(claim.txtRecord.value).not.toBe(squat.txtRecord.value);
    // The squatter cannot publish the record: only the owner's value is there.
    dns.txt.set(claim.txtRecord.name, [claim.txtRecord.value]);
    expect(
      await app.request('POST', '/domains-verify', {
        token: squatter.admin.token,
        tenantId: squatter.tenant.id,
        body: { domain },
      }),
    ).toMatchObject({ status: 409, body: { code: 'txt_not_found' } });
    const verify = await app.request('POST', '/domains-verify', {
      token: owner.admin.token,
      tenantId: owner.tenant.id,
      body: { domain },
    });
    expect(verify).toMatchObject({ status: 200, body: { domain: { domain, expires_at: null } } });

    expect(await app.ctx.db.TenantDomain.count({ where: { tenant_id: squatter.tenant.id } })).toBe(0);
    expect((await onHost(domain, '/public/site')).body.site.tenant_id).toBe(owner.tenant.id);
    const lost = await app.ctx.db.AuditLog.findOne({
      where: { tenant_id: squatter.tenant.id, action: 'domain.claim_lost' },
    });
    expect(lost).toMatchObject({ entity_id: squat.domain.id, actor_user_id: null, details: { domain } });
    const mail = await app.ctx.db.EmailOutbox.findOne({
      where: { tenant_id: squatter.tenant.id, template: 'domain-claim-lost' },
    });
    expect(mail).toMatchObject({
      to_address: squatter.admin.user.email,
      subject: `${domain} was verified by another workspace`,
    });
    expect(mail!.text_body).not.toContain(owner.tenant.name);
    expect(
      await app.ctx.db.EmailOutbox.count({ where: { tenant_id: owner.tenant.id, template: 'domain-claim-lost' } }),
    ).toBe(0);

    // Verified, it is the owner's: the squatter can neither claim it again nor verify.
    expect(
      await app.request('POST', '/domains', {
        token: squatter.admin.token,
        tenantId: squatter.tenant.id,
        body: { domain },
      }),
    ).toMatchObject({
      status: 409,
      body: { error: `${domain} is connected to another workspace. Remove it there first.` },
    });
    expect(
      (
        await app.request('POST', '/domains-verify', {
          token: squatter.admin.token,
          tenantId: squatter.tenant.id,
          body: { domain },
        })
      ).status,
    ).toBe(404);
  });

  it('gives the domain to exactly one of two workspaces verifying at once', async () => {
    const first = await makeWorkspace(app);
    const second = await makeWorkspace(app);
    const domain = freshDomain();
    const a = await added(first, domain);
    const b = await added(second, domain);
    dns.txt.set(a.txtRecord.name, [a.txtRecord.value, b.txtRecord.value]);
    const answers = await Promise.all(
      [first, second].map((w) =>
        app.request('POST', '/domains-verify', { token: w.admin.token, tenantId: w.tenant.id, body: { domain } }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const loser = answers.find((r) => r.status !== 200)!;
    expect([404, 409]).toContain(loser.status);
    expect(loser.body.error).toEqual(expect.any(String));
    const rows = await app.ctx.db.TenantDomain.findAll({ where: { domain }, allTenants: true });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.verified_at).not.toBeNull();
  });

  it('lets a claim lapse after 7 days: it cannot be verified, makes way for a new claim, and the purge removes it', async () => {
    const w = await makeWorkspace(app);
    const domain = freshDomain();
    const old = await added(w, domain);
    await lapse(old.domain.id);
    dns.txt.set(old.txtRecord.name, [old.txtRecord.value]);
    expect(
      await app.request('POST', '/domains-verify', { token: w.admin.token, tenantId: w.tenant.id, body: { domain } }),
    ).toMatchObject({
      status: 409,
      body: {
        code: 'claim_lapsed',
        error: `The claim on ${domain} lapsed: it was not verified within 7 days. Add the domain again for a new TXT record.`,
      },
    });
    expect((await ask(domain)).status).toBe(404);
    const list = await app.request('GET', '/domains', { token: w.admin.token, tenantId: w.tenant.id });
    expect(Date.parse(list.body.domains[0].expires_at)).toBeLessThan(Date.now());

    const again = await added(w, domain);
    expect(again.domain.id).not.toBe(old.domain.id);
    expect(again.txtRecord.value).not.toBe(old.txtRecord.value);

    const other = await makeWorkspace(app);
    const lapsed = await added(other);
    await lapse(lapsed.domain.id);
    const purged = (await purgeExpired(app.ctx)).domainClaims;
    expect(purged).toBeGreaterThanOrEqual(1);
    expect(await app.ctx.db.TenantDomain.findAll({ where: { tenant_id: other.tenant.id } })).toEqual([]);
    expect(await app.ctx.db.TenantDomain.count({ where: { tenant_id: w.tenant.id, id: again.domain.id } })).toBe(1);
  });

  it('does not count lapsed claims towards the ten domains', async () => {
    const w = await makeWorkspace(app);
    for (let i = 0; i < 10; i++) await lapse((await added(w)).domain.id);
    await added(w);
    for (let i = 0; i < 9; i++) await added(w);
    expect(
      await app.request('POST', '/domains', {
        token: w.admin.token,
        tenantId: w.tenant.id,
        body: { domain: freshDomain() },
      }),
    ).toMatchObject({ status: 409, body: { code: 'too_many_domains' } });
  });
});

describe('DELETE /api/domains', () => {
  it('removes a domain: it stops answering for the workspace and gets no certificate', async () => {
    const w = await makeWorkspace(app);
    const domain = await verified(w);
    expect((await ask(domain.domain)).status).toBe(200);
    const res = await app.request('DELETE', `/domains?domain=${domain.domain}`, {
      token: w.admin.token,
      tenantId: w.tenant.id,
    });
    expect(res.status).toBe(204);
    expect(await app.ctx.db.TenantDomain.count({ where: { tenant_id: w.tenant.id } })).toBe(0);
    expect((await ask(domain.domain)).status).toBe(404);
    expect((await onHost(domain.domain, '/public/site')).body.site.kind).toBe('platform');
    expect(await app.ctx.db.AuditLog.count({ where: { tenant_id: w.tenant.id, action: 'domain.removed' } })).toBe(1);
  });

  it('answers 404 for another workspace’s domain and refuses members', async () => {
    const w = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const { domain } = await added(other);
    const path = `/domains?domain=${domain.domain}`;
    expect(await app.request('DELETE', path, { token: w.admin.token, tenantId: w.tenant.id })).toMatchObject({
      status: 404,
      body: { error: NOT_CONNECTED },
    });
    expect((await app.request('DELETE', path, { token: other.member.token, tenantId: other.tenant.id })).status).toBe(
      403,
    );
    expect((await app.request('DELETE', path, { tenantId: other.tenant.id })).status).toBe(401);
    expect(await app.request('DELETE', '/domains', { token: w.admin.token, tenantId: w.tenant.id })).toMatchObject({
      status: 400,
      body: { error: 'Enter a domain.' },
    });
    expect(await app.ctx.db.TenantDomain.count({ where: { tenant_id: other.tenant.id } })).toBe(1);
  });
});

describe('GET /api/internal/tls-ask', () => {
  it('allows the platform host, workspaces’ subdomains and verified domains; nothing else', async () => {
    const w = await makeWorkspace(app);
    const domain = await verified(w);
    const { hostname } = new URL(app.url);
    expect((await ask(hostname)).status).toBe(200);
    expect((await ask(`${w.tenant.slug}.${BASE}`)).status).toBe(200);
    expect((await ask(domain.domain)).status).toBe(200);
    expect((await ask(`nobody-${Date.now()}.${BASE}`)).status).toBe(404);
    expect((await ask('unknown.example.org')).status).toBe(404);
    expect((await ask('')).status).toBe(404);
  });

  it('answers only the proxy’s network', async () => {
    const w = await makeWorkspace(app);
    const outside = await ask(`${w.tenant.slug}.${BASE}`, { 'x-forwarded-for': '203.0.113.9' });
    expect(outside.status).toBe(404);
  });

  it('stops a suspended workspace’s hosts getting certificates at once', async () => {
    const w = await makeWorkspace(app);
    const domain = await verified(w);
    expect((await ask(domain.domain)).status).toBe(200);
    await app.request('PATCH', `/super/tenants/${w.tenant.id}`, {
      token: root.token,
      body: { status: 'suspended', reason: 'Unpaid invoices' },
    });
    expect((await ask(domain.domain)).status).toBe(404);
    expect((await ask(`${w.tenant.slug}.${BASE}`)).status).toBe(404);
  });
});

describe('the host decides the workspace', () => {
  it('answers a workspace’s brand on its subdomain and verified domain, the platform’s elsewhere', async () => {
    const w = await makeWorkspace(app);
    await app.request('PATCH', '/tenant-config', {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { primary_color: '#112233' },
    });
    const onSubdomain = await onHost(`${w.tenant.slug}.${BASE}:443`, '/public/site');
    expect(onSubdomain.body.site).toMatchObject({
      kind: 'tenant',
      tenant_id: w.tenant.id,
      name: w.tenant.name,
      primary_color: '#112233',
    });
    const domain = await verified(w);
    expect((await onHost(domain.domain.toUpperCase(), '/public/site')).body.site.tenant_id).toBe(w.tenant.id);
    const platform = await onHost(new URL(app.url).host, '/public/site');
    expect(platform.body.site).toMatchObject({ kind: 'platform', tenant_id: null, name: 'Portico' });
    expect((await onHost('elsewhere.example.org', '/public/site')).body.site.kind).toBe('platform');
  });

  it('refuses a workspace header that disagrees with the host', async () => {
    const w = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const host = `${w.tenant.slug}.${BASE}`;
    const own = await onHost(host, '/tenant-config', { token: w.admin.token, tenantId: w.tenant.id });
    expect(own.status).toBe(200);
    const wrong = await onHost(host, '/tenant-config', { token: other.admin.token, tenantId: other.tenant.id });
    expect(wrong).toMatchObject({ status: 403, body: { error: ANOTHER_WORKSPACE, code: 'host_mismatch' } });
    const bySuper = await onHost(host, '/tenant-config', { token: root.token, tenantId: other.tenant.id });
    expect(bySuper.status).toBe(403);
  });

  it('takes on a workspace’s address only that workspace’s API keys', async () => {
    const w = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const own = await createKey(app, w.tenant, w.admin);
    const foreign = await createKey(app, other.tenant, other.admin);
    const host = `${w.tenant.slug}.${BASE}`;
    expect((await onHost(host, '/v1/members', { token: own.key })).status).toBe(200);
    expect(await onHost(host, '/v1/members', { token: foreign.key })).toMatchObject({
      status: 403,
      body: { error: ANOTHER_WORKSPACE, code: 'host_mismatch' },
    });
    // On the platform's own address every key works, for its own workspace.
    expect((await onHost(new URL(app.url).host, '/v1/members', { token: foreign.key })).status).toBe(200);
  });
});

describe('certificates', () => {
  it('retries a domain the proxy cannot serve, then records failed and emails the admins', async () => {
    const w = await makeWorkspace(app);
    const domain = await verified(w);
    const input = { tenantId: w.tenant.id, domainId: domain.id };
    const retry = await checkDomainCertificate(app.ctx, { ...input, lastAttempt: false });
    expect(retry.outcome).toBe('retry');
    expect(await app.ctx.db.TenantDomain.findOne({ where: { tenant_id: w.tenant.id, id: domain.id } })).toMatchObject({
      ssl_status: 'pending',
      ssl_error: expect.stringContaining('ECONNREFUSED'),
    });
    expect((await checkDomainCertificate(app.ctx, { ...input, lastAttempt: true })).outcome).toBe('failed');
    expect(await app.ctx.db.TenantDomain.findOne({ where: { tenant_id: w.tenant.id, id: domain.id } })).toMatchObject({
      ssl_status: 'failed',
    });
    const mail = await app.ctx.db.EmailOutbox.findOne({ where: { tenant_id: w.tenant.id, template: 'domain-failed' } });
    expect(mail).toMatchObject({ to_address: w.admin.user.email });
    expect(mail!.text_body).toContain(domain.domain);
    const inbox = await app.request('GET', '/inbox', { token: w.admin.token, tenantId: w.tenant.id });
    expect(inbox.body.items).toMatchObject([
      { kind: 'domain.failed', title: `${domain.domain} could not get its HTTPS certificate` },
    ]);
    const list = await app.request('GET', '/domains', { token: w.admin.token, tenantId: w.tenant.id });
    expect(list.body.domains[0]).toMatchObject({
      ssl_status: 'failed',
      ssl_error: expect.stringContaining('ECONNREFUSED'),
    });
  });
});
