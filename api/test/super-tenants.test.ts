import { fanoutEvent } from '@portico/core';
import type { Tenant } from '@portico/core/db';
import type { Worker } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeSuperAdmin, makeWorkspace, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { startFakeDns, type FakeDns } from '../../testing/dns';
import { runMaintenanceTask } from '../../testing/jobs';
import { startLocalS3, type LocalS3 } from '../../testing/s3';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver';
import { createProvisioningWorker } from '../../worker/src/provisioning-worker';
import { createWebhookWorker } from '../../worker/src/webhook-worker';
import { upload } from './files-support';
import { createKey, v1 } from './public-api-support';

/** The Tenants and Domains page's calls (issue 14): the table's figures, the lifecycle, a tenant's domains and brand. */

const BASE = 'portico.test';
const SUPER_ONLY = 'Only platform super admins can do that.';
const NO_SUCH_TENANT = 'This workspace does not exist.';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

let app: TestApp;
let dns: FakeDns;
let s3: LocalS3;
let receiver: WebhookReceiver;
let root: Person;
const workers: Worker[] = [];

beforeAll(async () => {
  [dns, s3, receiver] = await Promise.all([startFakeDns(), startLocalS3(), startWebhookReceiver()]);
  app = await startTestApp({
    BASE_DOMAIN: BASE,
    DNS_SERVERS: dns.server,
    // Nothing listens there: certificate checks fail at once.
    PROXY_URL: 'https://127.0.0.1:9',
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY: s3.accessKey,
    S3_SECRET_KEY: s3.secretKey,
    S3_BUCKET: 'portico-tenants-test',
    OUTBOUND_ALLOW_PRIVATE: 'true',
    // One part per upload: the local S3 server has no multipart listing.
    MAX_UPLOAD_MB: '1',
  });
  root = await makeSuperAdmin(app);
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.close()));
});
afterAll(async () => {
  await app.close();
  await Promise.all([dns.close(), s3.close(), receiver.close()]);
});

type Workspace = Awaited<ReturnType<typeof makeWorkspace>>;

const asRoot = (method: string, path: string, body?: unknown) => app.request(method, path, { token: root.token, body });

async function listed(query = ''): Promise<any[]> {
  const res = await asRoot('GET', `/super/tenants${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items;
}

const idsOf = (items: { id: string }[]) => items.map((t) => t.id);

async function auditOf(action: string, entityId: string) {
  return app.ctx.db.AuditLog.findOne({
    where: { action, entity_id: entityId },
    allTenants: true,
    order: [['created_at', 'DESC']],
  });
}

/** Waits until `check` holds (a worker's result), or fails after a while. */
async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still not: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A file shared with the workspace's member, uploaded by `token` (its admin, or the super admin). */
function share(w: Workspace, token: string, name: string, content = 'hello file') {
  return upload(app, { token, tenantId: w.tenant.id, name, content, fields: { user_id: w.member.user.id } });
}

async function addHook(w: Workspace, path: string): Promise<string> {
  const res = await app.request('POST', '/integrations/webhooks', {
    token: w.admin.token,
    tenantId: w.tenant.id,
    body: { url: `${receiver.url}${path}`, events: 'all' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.webhook.id;
}

async function suspend(tenant: Tenant, reason = 'Unpaid invoices') {
  const res = await asRoot('PATCH', `/super/tenants/${tenant.id}`, { status: 'suspended', reason });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}

describe('GET /api/super/tenants', () => {
  it('counts each workspace’s members, storage, API calls, webhooks and deliveries from real data', async () => {
    const w = await makeWorkspace(app);
    const empty = await makeWorkspace(app, { tier: 'starter' });
    // Two files of 11 and 5 bytes.
    for (const content of ['%PDF-1.4 hi', 'hello'])
      expect((await share(w, w.admin.token, 'a.txt', content)).status).toBe(201);
    // Three calls with one key and two with another, flushed by the scheduler's task.
    const first = await createKey(app, w.tenant, w.admin, 'One');
    const second = await createKey(app, w.tenant, w.admin, 'Two');
    for (const key of [first.key, first.key, first.key, second.key, second.key])
      expect((await v1(app, key, 'GET', '/members')).status).toBe(200);
    await runMaintenanceTask(app.ctx, 'flush-api-key-usage');
    const hook = await addHook(w, '/counted');
    const ping = await app.request('POST', `/integrations/webhooks/${hook}/test`, {
      token: w.admin.token,
      tenantId: w.tenant.id,
    });
    expect(ping.status).toBe(202);

    const items = await listed();
    expect(items.find((t) => t.id === w.tenant.id)).toMatchObject({
      seats_used: 0,
      usage: { members: 2, custom_domains: 0, storage_bytes: 16, api_calls: 5, webhooks: 1 },
    });
    // The two uploads' events fanned out to the webhook are not sent here (no worker): the ping is one.
    expect(items.find((t) => t.id === w.tenant.id)!.usage.webhook_deliveries).toBeGreaterThanOrEqual(1);
    expect(items.find((t) => t.id === empty.tenant.id)!.usage).toEqual({
      members: 2,
      custom_domains: 0,
      storage_bytes: 0,
      api_calls: 0,
      webhooks: 0,
      webhook_deliveries: 0,
      messages: 0,
    });
    expect(await app.ctx.db.WebhookDelivery.count({ where: { tenant_id: w.tenant.id } })).toBe(
      items.find((t) => t.id === w.tenant.id)!.usage.webhook_deliveries,
    );

    // A call counted after the flush waits in Redis for the next one; a revoked key's calls still count.
    expect((await v1(app, second.key, 'GET', '/members')).status).toBe(200);
    await app.request('DELETE', `/integrations/api-keys/${second.id}`, { token: w.admin.token, tenantId: w.tenant.id });
    expect((await listed()).find((t) => t.id === w.tenant.id)!.usage.api_calls).toBe(5);
    await runMaintenanceTask(app.ctx, 'flush-api-key-usage');
    expect((await listed()).find((t) => t.id === w.tenant.id)!.usage.api_calls).toBe(6);
    expect((await app.ctx.db.ApiKey.findByPk(second.id, { allTenants: true }))!.calls_count).toBe('3');
  });

  it('filters by search, plan, status and custom domain', async () => {
    const pro = await makeWorkspace(app, { tier: 'pro' });
    const starter = await makeWorkspace(app, { tier: 'starter' });
    await pro.tenant.update({ name: 'Zebra Filters Pro' });
    await suspend(starter.tenant);
    const added = await asRoot('POST', `/super/tenants/${pro.tenant.id}/domains`, { domain: 'filters.example.com' });
    expect(added.status).toBe(201);

    expect(idsOf(await listed('?q=zebra filters'))).toEqual([pro.tenant.id]);
    expect(idsOf(await listed(`?q=${starter.tenant.slug}`))).toEqual([starter.tenant.id]);
    const starters = idsOf(await listed('?tier=starter'));
    expect(starters).toContain(starter.tenant.id);
    expect(starters).not.toContain(pro.tenant.id);
    const suspended = idsOf(await listed('?status=suspended'));
    expect(suspended).toContain(starter.tenant.id);
    expect(suspended).not.toContain(pro.tenant.id);
    expect(idsOf(await listed('?has_domain=true'))).toEqual([pro.tenant.id]);
    const without = idsOf(await listed('?has_domain=false'));
    expect(without).toContain(starter.tenant.id);
    expect(without).not.toContain(pro.tenant.id);
    expect((await listed('?has_domain=')).length).toBeGreaterThanOrEqual(2);
    expect((await listed(`?q=${pro.tenant.slug}`))[0].usage.custom_domains).toBe(1);

    const bad = await asRoot('GET', '/super/tenants?has_domain=maybe');
    expect(bad).toMatchObject({ status: 400, body: { error: 'has_domain must be true or false.' } });
    expect(await asRoot('GET', '/super/tenants?tier=free')).toMatchObject({
      status: 400,
      body: { error: 'Tier must be one of starter, pro, advanced.' },
    });
  });

  it('GET /api/super/tenants/{id} answers one workspace with its usage; a missing one is 404', async () => {
    const w = await makeWorkspace(app);
    const res = await asRoot('GET', `/super/tenants/${w.tenant.id}`);
    expect(res.status).toBe(200);
    expect(res.body.tenant).toMatchObject({ id: w.tenant.id, slug: w.tenant.slug, usage: { members: 2 } });
    expect(await asRoot('GET', `/super/tenants/${MISSING_ID}`)).toMatchObject({
      status: 404,
      body: { error: NO_SUCH_TENANT },
    });
  });
});

describe('suspending and reactivating', () => {
  it('needs a reason, and is audited with it', async () => {
    const w = await makeWorkspace(app);
    const refused = await asRoot('PATCH', `/super/tenants/${w.tenant.id}`, { status: 'suspended' });
    expect(refused).toMatchObject({ status: 400, body: { error: 'Give a reason to suspend a workspace.' } });
    expect(await asRoot('PATCH', `/super/tenants/${w.tenant.id}`, { status: 'suspended', reason: '  ' })).toMatchObject(
      { status: 400, body: { error: 'Give a reason to suspend a workspace.' } },
    );
    const done = await suspend(w.tenant, 'Chargeback');
    expect(done.body.tenant).toMatchObject({ status: 'suspended', usage: { members: 2 } });
    const audit = await auditOf('tenant.plan_updated', w.tenant.id);
    expect(audit).toMatchObject({
      actor_user_id: root.user.id,
      tenant_id: w.tenant.id,
      reason: 'Chargeback',
      details: { before: { status: 'active' }, after: { status: 'suspended' } },
    });
  });

  it('shuts the members out at once, stops the API keys and certificates, and reactivating restores them', async () => {
    const w = await makeWorkspace(app);
    const { key } = await createKey(app, w.tenant, w.admin);
    const domain = 'suspended.example.com';
    const added = await asRoot('POST', `/super/tenants/${w.tenant.id}/domains`, { domain });
    dns.txt.set(added.body.txtRecord.name, [added.body.txtRecord.value]);
    expect((await asRoot('POST', `/super/tenants/${w.tenant.id}/domains/verify`, { domain })).status).toBe(200);
    const tlsAsk = async (host: string) => (await app.request('GET', `/internal/tls-ask?domain=${host}`)).status;
    // Warm every cache first: the member's session, the key, the hosts.
    expect((await app.request('GET', '/tenant-config', { token: w.member.token, tenantId: w.tenant.id })).status).toBe(
      200,
    );
    expect((await v1(app, key, 'GET', '/members')).status).toBe(200);
    expect(await tlsAsk(domain)).toBe(200);
    expect(await tlsAsk(`${w.tenant.slug}.${BASE}`)).toBe(200);

    await suspend(w.tenant);
    const sentence = `${w.tenant.name} is suspended. Contact the platform administrator.`;
    expect(await app.request('GET', '/tenant-config', { token: w.member.token, tenantId: w.tenant.id })).toMatchObject({
      status: 403,
      body: { error: sentence, code: 'tenant_suspended' },
    });
    expect(await app.request('GET', '/auth/user', { token: w.member.token })).toMatchObject({ status: 200 });
    expect(await v1(app, key, 'GET', '/members')).toMatchObject({
      status: 403,
      body: { error: sentence, code: 'tenant_suspended' },
    });
    expect(await tlsAsk(domain)).toBe(404);
    expect(await tlsAsk(`${w.tenant.slug}.${BASE}`)).toBe(404);

    const back = await asRoot('PATCH', `/super/tenants/${w.tenant.id}`, { status: 'active', reason: 'Paid' });
    expect(back.status).toBe(200);
    expect((await app.request('GET', '/tenant-config', { token: w.member.token, tenantId: w.tenant.id })).status).toBe(
      200,
    );
    expect((await v1(app, key, 'GET', '/members')).status).toBe(200);
    expect(await tlsAsk(domain)).toBe(200);
    expect(await auditOf('tenant.plan_updated', w.tenant.id)).toMatchObject({
      reason: 'Paid',
      details: { after: { status: 'active' } },
    });
  });

  it('stops its webhooks: queued deliveries are closed unsent, new events make none', async () => {
    const w = await makeWorkspace(app);
    const hook = await addHook(w, '/suspended');
    const ping = await app.request('POST', `/integrations/webhooks/${hook}/test`, {
      token: w.admin.token,
      tenantId: w.tenant.id,
    });
    expect(ping.status).toBe(202);
    await suspend(w.tenant);
    workers.push(createWebhookWorker(app.ctx));
    await eventually(async () => {
      const row = await app.ctx.db.WebhookDelivery.findOne({
        where: { tenant_id: w.tenant.id, id: ping.body.delivery.id },
      });
      return row?.status === 'failed';
    }, 'the queued ping closed');
    expect(
      await app.ctx.db.WebhookDelivery.findOne({ where: { tenant_id: w.tenant.id, id: ping.body.delivery.id } }),
    ).toMatchObject({ attempts: 0, last_error: 'The workspace was suspended before this delivery was sent.' });

    // The super admin still works in it; the event it makes is delivered to no one.
    const uploaded = await share(w, root.token, 'late.txt');
    expect(uploaded.status).toBe(201);
    const event = await app.ctx.db.TenantEvent.findOne({ where: { tenant_id: w.tenant.id, type: 'file.uploaded' } });
    expect(await fanoutEvent(app.ctx, event!.id)).toBe(0);
    expect(receiver.at('/suspended')).toEqual([]);
  });
});

describe('DELETE /api/super/tenants/{id}', () => {
  it('refuses a slug typed wrong, or no reason, with a sentence', async () => {
    const w = await makeWorkspace(app);
    const wrong = await asRoot('DELETE', `/super/tenants/${w.tenant.id}`, { slug: 'not-it', reason: 'Closed' });
    expect(wrong).toMatchObject({
      status: 400,
      body: {
        error: 'The slug typed does not match this workspace’s. Type it exactly to delete the workspace.',
        code: 'slug_mismatch',
      },
    });
    expect(await asRoot('DELETE', `/super/tenants/${w.tenant.id}`, { slug: w.tenant.slug })).toMatchObject({
      status: 400,
      body: { error: 'Reason is required.' },
    });
    expect(await asRoot('DELETE', `/super/tenants/${w.tenant.id}`, { reason: 'Closed' })).toMatchObject({
      status: 400,
      body: { error: 'Type the workspace’s slug to confirm.' },
    });
    expect(await app.ctx.db.Tenant.findByPk(w.tenant.id)).not.toBeNull();
    expect(
      await asRoot('DELETE', `/super/tenants/${MISSING_ID}`, { slug: 'whatever', reason: 'Closed' }),
    ).toMatchObject({ status: 404, body: { error: NO_SUCH_TENANT } });
  });

  it('removes the workspace’s rows at once and its stored files once the job runs, audited', async () => {
    const w = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const mine = await share(w, w.admin.token, 'gone.txt');
    const theirs = await share(other, other.admin.token, 'kept.txt');
    const keyOf = async (tenant: Tenant, id: string) =>
      (await app.ctx.db.FileRecord.findOne({ where: { tenant_id: tenant.id, id } }))!.storage_key;
    const [gone, kept] = [await keyOf(w.tenant, mine.body.id), await keyOf(other.tenant, theirs.body.id)];
    expect(gone.startsWith(`${w.tenant.id}/`)).toBe(true);
    expect(await app.ctx.storage.stat(gone)).not.toBeNull();

    const res = await asRoot('DELETE', `/super/tenants/${w.tenant.id}`, {
      slug: w.tenant.slug.toUpperCase(),
      reason: 'Asked to close the account',
    });
    expect(res.status).toBe(204);
    expect(await app.ctx.db.Tenant.findByPk(w.tenant.id)).toBeNull();
    expect(await app.ctx.db.Membership.count({ where: { tenant_id: w.tenant.id } })).toBe(0);
    expect(await app.ctx.db.FileRecord.count({ where: { tenant_id: w.tenant.id } })).toBe(0);
    expect(await asRoot('GET', `/super/tenants/${w.tenant.id}`)).toMatchObject({ status: 404 });
    // Its member is shut out at once.
    expect((await app.request('GET', '/tenant-config', { token: w.member.token, tenantId: w.tenant.id })).status).toBe(
      403,
    );

    const job = await app.ctx.queues.provisioning.getJob(`remove-storage-${w.tenant.id}`);
    expect(job?.data).toEqual({ kind: 'remove-storage', tenantId: w.tenant.id });
    workers.push(createProvisioningWorker(app.ctx));
    await eventually(async () => (await app.ctx.storage.stat(gone)) === null, 'its file removed from storage');
    await eventually(async () => (await job!.getState()) === 'completed', 'the job completed');
    expect(await app.ctx.storage.stat(kept)).not.toBeNull();
    // Running it again finds nothing more to remove.
    expect(await app.ctx.storage.removeAll(w.tenant.id)).toBe(0);

    expect(await auditOf('tenant.deleted', w.tenant.id)).toMatchObject({
      actor_user_id: root.user.id,
      entity_type: 'tenant',
      reason: 'Asked to close the account',
      details: { name: w.tenant.name, slug: w.tenant.slug },
    });
  });
});

describe('a tenant’s domains and brand from the console', () => {
  it('lists, adds, verifies and removes domains as the tenant’s admin would, audited', async () => {
    const w = await makeWorkspace(app);
    const domain = 'console-added.example.com';
    const list = await asRoot('GET', `/super/tenants/${w.tenant.id}/domains`);
    expect(list.body).toEqual({ domains: [], subdomain: `${w.tenant.slug}.${BASE}`, allowed: true });

    const added = await asRoot('POST', `/super/tenants/${w.tenant.id}/domains`, { domain });
    expect(added.status).toBe(201);
    expect(added.body.domain).toMatchObject({ domain, verified_at: null });
    const notYet = await asRoot('POST', `/super/tenants/${w.tenant.id}/domains/verify`, { domain });
    expect(notYet).toMatchObject({ status: 409, body: { code: 'txt_not_found' } });
    dns.txt.set(added.body.txtRecord.name, [added.body.txtRecord.value]);
    const verified = await asRoot('POST', `/super/tenants/${w.tenant.id}/domains/verify`, { domain });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ message: 'Domain verified', domain: { domain } });
    expect((await asRoot('GET', `/super/tenants/${w.tenant.id}/domains`)).body.domains).toHaveLength(1);
    expect(
      await app.ctx.db.AuditLog.findOne({ where: { action: 'domain.verified', tenant_id: w.tenant.id } }),
    ).toMatchObject({
      actor_user_id: root.user.id,
    });

    expect(
      await asRoot('POST', `/super/tenants/${w.tenant.id}/domains`, { domain: 'https://x.example.com/a' }),
    ).toMatchObject({
      status: 400,
      body: { error: 'Enter a domain name such as portal.example.com, without https:// or a path.' },
    });
    const removed = await asRoot('DELETE', `/super/tenants/${w.tenant.id}/domains?domain=${domain}`);
    expect(removed.status).toBe(204);
    expect((await asRoot('GET', `/super/tenants/${w.tenant.id}/domains`)).body.domains).toEqual([]);
    expect(await asRoot('DELETE', `/super/tenants/${w.tenant.id}/domains?domain=${domain}`)).toMatchObject({
      status: 404,
      body: { error: 'This domain is not connected to this workspace.' },
    });
    expect(await asRoot('GET', `/super/tenants/${MISSING_ID}/domains`)).toMatchObject({ status: 404 });

    const starter = await makeWorkspace(app, { tier: 'starter' });
    expect(
      await asRoot('POST', `/super/tenants/${starter.tenant.id}/domains`, { domain: 'starter.example.com' }),
    ).toMatchObject({ status: 403, body: { code: 'plan_required' } });
  });

  it('reads and changes the colours and the logo through the brand service, audited', async () => {
    const w = await makeWorkspace(app);
    const read = await asRoot('GET', `/super/tenants/${w.tenant.id}/branding`);
    expect(read.body).toMatchObject({ name: w.tenant.name, primary_color: null, logo_url: null });

    const changed = await asRoot('PATCH', `/super/tenants/${w.tenant.id}/branding`, {
      primary_color: '#112233',
      secondary_color: '#445566',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ primary_color: '#112233', secondary_color: '#445566' });
    expect(
      await app.ctx.db.AuditLog.findOne({ where: { action: 'tenant.config_updated', tenant_id: w.tenant.id } }),
    ).toMatchObject({ actor_user_id: root.user.id, details: { primary_color: { from: null, to: '#112233' } } });
    const badColour = await asRoot('PATCH', `/super/tenants/${w.tenant.id}/branding`, { primary_color: 'red' });
    expect(badColour.status).toBe(400);
    expect(typeof badColour.body.error).toBe('string');

    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    );
    const logo = await upload(app, {
      token: root.token,
      path: `/api/super/tenants/${w.tenant.id}/branding/logo`,
      name: 'logo.png',
      type: 'image/png',
      content: png,
    });
    expect(logo.status, JSON.stringify(logo.body)).toBe(200);
    expect(logo.body.logo_url).toMatch(new RegExp(`^/api/public/brand/${w.tenant.id}/logo-`));
    expect((await fetch(`${app.url}${logo.body.logo_url}`)).status).toBe(200);
    const svg = await upload(app, {
      token: root.token,
      path: `/api/super/tenants/${w.tenant.id}/branding/logo`,
      name: 'logo.svg',
      type: 'image/svg+xml',
      content: '<svg/>',
    });
    expect(svg).toMatchObject({ status: 400, body: { error: 'The logo must be a PNG, JPEG, WebP or GIF image.' } });
  });
});

describe('only super admins', () => {
  it('refuses every call to tenant admins, members and other tenants’ admins (403) and to no session (401)', async () => {
    const w = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const id = w.tenant.id;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/super/tenants'],
      ['GET', `/super/tenants/${id}`],
      ['PATCH', `/super/tenants/${id}`, { status: 'suspended', reason: 'x' }],
      ['DELETE', `/super/tenants/${id}`, { slug: w.tenant.slug, reason: 'x' }],
      ['GET', `/super/tenants/${id}/domains`],
      ['POST', `/super/tenants/${id}/domains`, { domain: 'refused.example.com' }],
      ['POST', `/super/tenants/${id}/domains/verify`, { domain: 'refused.example.com' }],
      ['DELETE', `/super/tenants/${id}/domains?domain=refused.example.com`],
      ['GET', `/super/tenants/${id}/branding`],
      ['PATCH', `/super/tenants/${id}/branding`, { primary_color: '#000000' }],
      ['POST', `/super/tenants/${id}/branding/logo`],
    ];
    for (const [method, path, body] of calls) {
      for (const person of [w.admin, w.member, other.admin]) {
        const res = await app.request(method, path, { token: person.token, tenantId: id, body });
        expect(res, `${method} ${path}`).toMatchObject({ status: 403, body: { error: SUPER_ONLY } });
      }
      const anonymous = await app.request(method, path, { body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(typeof anonymous.body.error).toBe('string');
    }
    expect(await app.ctx.db.Tenant.findByPk(id)).toMatchObject({ status: 'active' });
  });
});
