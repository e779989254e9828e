import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Tenant } from '@portico/core';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  makeSuperAdmin,
  makeTenant,
  makeUser,
  makeWorkspace,
  signIn,
  type Person,
} from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

const NO_ACCESS = "You don't have access to this embed.";
const FILL = 'Please fill Title, Provider and URL';
const CHOOSE_USER = 'Please choose a user';
const ADMINS_ONLY = 'Only workspace admins can manage embeds.';

let app: TestApp;
beforeAll(async () => {
  // OUTBOUND_ALLOW_PRIVATE stays off here: the framing check must never reach this machine.
  app = await startTestApp();
});
afterAll(() => app.close());

async function signedIn(tenant: Tenant, role: string): Promise<Person> {
  const user = await makeUser(app.ctx);
  await addMember(app.ctx, tenant, user, role);
  return { user, token: (await signIn(app, user.email)).token };
}

const valid = {
  title: 'Book a call',
  provider: 'calendly',
  url: 'https://calendly.com/acme/30min',
  embed_type: 'role',
  role: 'role2',
};

async function create(tenant: Tenant, admin: Person, body: Record<string, unknown> = {}) {
  const res = await app.request('POST', '/embeds', {
    token: admin.token,
    tenantId: tenant.id,
    body: { ...valid, ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.embed;
}

describe('POST /api/embeds', () => {
  it('creates a role embed with status and description, answers 201 {embed} and audits it', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const res = await app.request('POST', '/embeds', {
      token: admin.token,
      tenantId: tenant.id,
      body: { ...valid, description: 'Pick a slot', is_active: false },
    });
    expect(res.status).toBe(201);
    expect(res.body.embed).toMatchObject({
      title: 'Book a call',
      provider: 'calendly',
      provider_label: 'Calendly',
      url: 'https://calendly.com/acme/30min',
      embed_type: 'role',
      role: 'role2',
      user_id: null,
      is_active: false,
      description: 'Pick a slot',
      sort_order: 0,
    });
    const row = await app.ctx.db.Embed.findOne({ where: { tenant_id: tenant.id, id: res.body.embed.id } });
    expect(row).toMatchObject({ description: 'Pick a slot', is_active: false, created_by: admin.user.id });
    const audit = await app.ctx.db.AuditLog.findOne({
      where: { tenant_id: tenant.id, action: 'embed.created', entity_id: res.body.embed.id },
    });
    expect(audit?.actor_user_id).toBe(admin.user.id);
    const second = await create(tenant, admin, { role: 'all' });
    expect(second.sort_order).toBe(1);
  });

  it('creates a personal embed for a member of the tenant', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const embed = await create(tenant, admin, { embed_type: 'user', user_id: member.user.id, role: 'role2' });
    expect(embed).toMatchObject({
      embed_type: 'user',
      user_id: member.user.id,
      role: null,
      user: { id: member.user.id, email: member.user.email },
    });
  });

  it.each([
    [{ title: '' }, FILL],
    [{ title: '   ' }, FILL],
    [{ provider: undefined }, FILL],
    [{ url: '' }, FILL],
    [{ title: undefined, provider: 'nope', url: undefined }, FILL],
    [{ url: 'http://calendly.com/x' }, 'The embed URL must be a full https:// address.'],
    [{ url: 'javascript:alert(1)' }, 'The embed URL must be a full https:// address.'],
    [{ url: 'data:text/html,<script>1</script>' }, 'The embed URL must be a full https:// address.'],
    [{ provider: 'myspace' }, 'Choose a provider from the list.'],
    [{ role: 'nope' }, 'Choose a role of this workspace or All members.'],
    [{ role: undefined }, 'Choose a role of this workspace or All members.'],
    [{ embed_type: 'user', user_id: undefined }, CHOOSE_USER],
    [{ embed_type: 'user', user_id: '' }, CHOOSE_USER],
    [{ embed_type: 'user', user_id: 'not-a-uuid' }, CHOOSE_USER],
    [{ embed_type: 'user', user_id: '00000000-0000-4000-8000-000000000000' }, CHOOSE_USER],
    [{ embed_type: 'team' }, "The audience must be 'role' or 'user'."],
    [{ is_active: 'yes' }, 'is_active must be true or false.'],
  ])('refuses %j with its sentence and saves nothing', async (change, message) => {
    const { tenant, admin } = await makeWorkspace(app);
    const res = await app.request('POST', '/embeds', {
      token: admin.token,
      tenantId: tenant.id,
      body: { ...valid, ...change },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(await app.ctx.db.Embed.count({ where: { tenant_id: tenant.id } })).toBe(0);
  });

  it('refuses a user of another tenant as the audience', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const res = await app.request('POST', '/embeds', {
      token: admin.token,
      tenantId: tenant.id,
      body: { ...valid, embed_type: 'user', user_id: other.member.user.id },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(CHOOSE_USER);
  });

  it('refuses a member (403), a stranger to the workspace (403) and no session (401)', async () => {
    const { tenant, member } = await makeWorkspace(app);
    const stranger = await makeWorkspace(app);
    const byMember = await app.request('POST', '/embeds', { token: member.token, tenantId: tenant.id, body: valid });
    expect(byMember.status).toBe(403);
    expect(byMember.body.error).toBe(ADMINS_ONLY);
    const byStranger = await app.request('POST', '/embeds', {
      token: stranger.admin.token,
      tenantId: tenant.id,
      body: valid,
    });
    expect(byStranger.status).toBe(403);
    const anonymous = await app.request('POST', '/embeds', { tenantId: tenant.id, body: valid });
    expect(anonymous.status).toBe(401);
    expect(await app.ctx.db.Embed.count({ where: { tenant_id: tenant.id } })).toBe(0);
  });

  it('never lets the framing check reach a private address without OUTBOUND_ALLOW_PRIVATE', async () => {
    const cert = readFileSync(new URL('../../testing/fixtures/localhost-tls.crt', import.meta.url), 'utf8');
    const key = readFileSync(new URL('../../testing/fixtures/localhost-tls.key', import.meta.url), 'utf8');
    const seen: string[] = [];
    const target = createServer({ cert, key }, (req, res) => {
      seen.push(req.url ?? '');
      res.setHeader('x-frame-options', 'DENY');
      res.end();
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    const { port } = target.address() as AddressInfo;
    try {
      const { tenant, admin } = await makeWorkspace(app);
      const embed = await create(tenant, admin, { provider: 'custom', url: `https://localhost:${port}/tool` });
      expect(embed.frame_blocked).toBeNull();
      expect(embed.frame_checked_at).not.toBeNull();
      const literal = await create(tenant, admin, { provider: 'custom', url: `https://127.0.0.1:${port}/tool` });
      expect(literal.frame_blocked).toBeNull();
      expect(seen).toEqual([]);
    } finally {
      target.closeAllConnections();
      await new Promise((r) => target.close(r));
    }
  });
});

describe('GET /api/embeds', () => {
  it('gives admins every embed with working search and filters', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const a = await create(tenant, admin, { title: 'Intro call', description: 'Thirty minutes' });
    const b = await create(tenant, admin, {
      title: 'Onboarding form',
      provider: 'typeform',
      url: 'https://acme.typeform.com/to/x',
      role: 'all',
      is_active: false,
    });
    const c = await create(tenant, admin, {
      title: 'Contract',
      provider: 'custom',
      url: 'https://sign.example.test/c',
      embed_type: 'user',
      user_id: member.user.id,
    });
    const list = async (query = '') => {
      const res = await app.request('GET', `/embeds${query}`, { token: admin.token, tenantId: tenant.id });
      expect(res.status).toBe(200);
      return (res.body.embeds as { id: string }[]).map((e) => e.id);
    };
    expect(await list()).toEqual([a.id, b.id, c.id]);
    expect(await list('?q=thirty')).toEqual([a.id]);
    expect(await list('?q=typeform.com')).toEqual([b.id]);
    expect(await list('?q=onboard')).toEqual([b.id]);
    expect(await list('?q=%25')).toEqual([]);
    expect(await list('?provider=custom')).toEqual([c.id]);
    expect(await list('?status=active')).toEqual([a.id, c.id]);
    expect(await list('?status=inactive')).toEqual([b.id]);
    expect(await list('?audience=all')).toEqual([b.id]);
    expect(await list('?audience=role2')).toEqual([a.id]);
    expect(await list('?audience=user')).toEqual([c.id]);
    expect(await list('?status=&provider=&q=')).toEqual([a.id, b.id, c.id]);
    const bad = await app.request('GET', '/embeds?status=maybe', { token: admin.token, tenantId: tenant.id });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Status must be active or inactive.');
  });

  it('shows members exactly the active embeds for their role, for all, and for them personally, by sort_order', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const colleague = await signedIn(tenant, 'role2');
    const team = await signedIn(tenant, 'role1');
    const forRole = await create(tenant, admin, { title: 'Role' });
    const forAll = await create(tenant, admin, { title: 'All', role: 'all' });
    await create(tenant, admin, { title: 'Inactive role', is_active: false });
    await create(tenant, admin, { title: 'Inactive all', role: 'all', is_active: false });
    const personal = await create(tenant, admin, { title: 'Mine', embed_type: 'user', user_id: member.user.id });
    await create(tenant, admin, {
      title: 'Inactive mine',
      embed_type: 'user',
      user_id: member.user.id,
      is_active: false,
    });
    const forTeam = await create(tenant, admin, { title: 'Team', role: 'role1' });
    await create(tenant, admin, { title: 'Admins', role: 'admin' });

    // Put the personal embed first.
    const ids = (await app.request('GET', '/embeds', { token: admin.token, tenantId: tenant.id })).body.embeds.map(
      (e: { id: string }) => e.id,
    );
    const reordered = [personal.id, ...ids.filter((id: string) => id !== personal.id)];
    expect(
      (
        await app.request('POST', '/embeds/reorder', {
          token: admin.token,
          tenantId: tenant.id,
          body: { ids: reordered },
        })
      ).status,
    ).toBe(200);

    const titles = async (person: Person, query = '') =>
      (await app.request('GET', `/embeds${query}`, { token: person.token, tenantId: tenant.id })).body.embeds.map(
        (e: { title: string }) => e.title,
      );
    expect(await titles(member)).toEqual(['Mine', 'Role', 'All']);
    expect(await titles(member, '?status=inactive')).toEqual(['Mine', 'Role', 'All']);
    expect(await titles(colleague)).toEqual(['Role', 'All']);
    expect(await titles(team)).toEqual(['All', 'Team']);
    expect(await titles(admin, '?visible=true')).toEqual(['All', 'Admins']);
    const owner = await signedIn(tenant, 'owner');
    expect(await titles(owner, '?visible=true')).toEqual(['All', 'Admins']);
    expect([forRole.id, forAll.id, forTeam.id]).toHaveLength(3);
  });

  it('opens one embed: visible → 200, same tenant not visible → 403, other tenant or unknown → 404', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const team = await signedIn(tenant, 'role1');
    const embed = await create(tenant, admin);
    const inactive = await create(tenant, admin, { is_active: false });
    const get = (person: Person, id: string, tenantId = tenant.id) =>
      app.request('GET', `/embeds?id=${id}`, { token: person.token, tenantId });

    const ok = await get(member, embed.id);
    expect(ok.status).toBe(200);
    expect(ok.body.embed).toMatchObject({ id: embed.id, title: 'Book a call', url: valid.url });

    for (const res of [await get(team, embed.id), await get(member, inactive.id)]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(NO_ACCESS);
    }
    expect((await get(admin, inactive.id)).status).toBe(200);

    const other = await makeWorkspace(app);
    const foreign = await get(other.admin, embed.id, other.tenant.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe(NO_ACCESS);
    expect(JSON.stringify(foreign.body)).not.toContain('Book a call');
    expect((await get(other.admin, embed.id)).status).toBe(403);
    expect((await get(member, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get(member, 'nope')).status).toBe(404);
    expect((await app.request('GET', `/embeds?id=${embed.id}`, { tenantId: tenant.id })).status).toBe(401);
  });

  it('lets a super admin manage any tenant', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    await create(tenant, admin);
    const root = await makeSuperAdmin(app);
    const res = await app.request('GET', '/embeds', { token: root.token, tenantId: tenant.id });
    expect(res.status).toBe(200);
    expect(res.body.embeds).toHaveLength(1);
  });
});

describe('PATCH /api/embeds?id=', () => {
  it('applies changes to one embed sent at once one after the other: no 500, and the audience stays whole', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const embed = await create(tenant, admin);
    const patch = (body: unknown) =>
      app.request('PATCH', `/embeds?id=${embed.id}`, { token: admin.token, tenantId: tenant.id, body });
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([
        patch({ embed_type: 'user', user_id: member.user.id }),
        patch({ role: 'admin' }),
        patch({ embed_type: 'role', role: 'all' }),
        patch({ role: 'role2' }),
      ]);
      expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
      const { embed_type, role, user_id } = (await app.ctx.db.Embed.findOne({
        where: { tenant_id: tenant.id, id: embed.id },
      }))!;
      expect(
        embed_type === 'user' ? role === null && user_id === member.user.id : role !== null && user_id === null,
      ).toBe(true);
    }
  });

  it('changes any field, re-checks the audience, and audits', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const embed = await create(tenant, admin);
    const patch = (body: unknown, id = embed.id) =>
      app.request('PATCH', `/embeds?id=${id}`, { token: admin.token, tenantId: tenant.id, body });

    const res = await patch({ title: 'Renamed', description: 'New words', is_active: false, sort_order: 7 });
    expect(res.status).toBe(200);
    expect(res.body.embed).toMatchObject({
      title: 'Renamed',
      description: 'New words',
      is_active: false,
      sort_order: 7,
      url: valid.url,
    });

    const toUser = await patch({ embed_type: 'user', user_id: member.user.id });
    expect(toUser.body.embed).toMatchObject({ embed_type: 'user', user_id: member.user.id, role: null });
    const toAll = await patch({ embed_type: 'role', role: 'all' });
    expect(toAll.body.embed).toMatchObject({ embed_type: 'role', role: 'all', user_id: null });

    const moved = await patch({ url: 'https://tally.so/r/abc', provider: 'tally' });
    expect(moved.body.embed).toMatchObject({ url: 'https://tally.so/r/abc', provider: 'tally' });
    expect(moved.body.embed.frame_checked_at).not.toBeNull();

    const cleared = await patch({ description: '' });
    expect(cleared.body.embed.description).toBeNull();

    expect(
      await app.ctx.db.AuditLog.count({
        where: { tenant_id: tenant.id, action: 'embed.updated', entity_id: embed.id },
      }),
    ).toBe(5);
  });

  it.each([
    [{ title: '' }, FILL],
    [{ url: '' }, FILL],
    [{ url: 'javascript:alert(1)' }, 'The embed URL must be a full https:// address.'],
    [{ provider: 'nope' }, 'Choose a provider from the list.'],
    [{ embed_type: 'user' }, CHOOSE_USER],
    [{ embed_type: 'user', user_id: '00000000-0000-4000-8000-000000000000' }, CHOOSE_USER],
    [{ role: 'ghost' }, 'Choose a role of this workspace or All members.'],
    [{ sort_order: -1 }, 'sort_order must be a whole number of at least 0.'],
    [{}, 'Nothing to change: send at least one field.'],
  ])('refuses %j and changes nothing', async (body, message) => {
    const { tenant, admin } = await makeWorkspace(app);
    const embed = await create(tenant, admin);
    const res = await app.request('PATCH', `/embeds?id=${embed.id}`, { token: admin.token, tenantId: tenant.id, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(await app.ctx.db.Embed.findOne({ where: { tenant_id: tenant.id, id: embed.id } })).toMatchObject({
      title: valid.title,
      role: 'role2',
      url: valid.url,
      sort_order: 0,
    });
  });

  it("answers 404 to another tenant's admin, 403 to a member, 401 without a session; nothing changes", async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const embed = await create(tenant, admin);
    const other = await makeWorkspace(app);
    const foreign = await app.request('PATCH', `/embeds?id=${embed.id}`, {
      token: other.admin.token,
      tenantId: other.tenant.id,
      body: { title: 'Hijacked' },
    });
    expect(foreign.status).toBe(404);
    const byMember = await app.request('PATCH', `/embeds?id=${embed.id}`, {
      token: member.token,
      tenantId: tenant.id,
      body: { title: 'Hijacked' },
    });
    expect(byMember.status).toBe(403);
    expect(byMember.body.error).toBe(ADMINS_ONLY);
    expect(
      (await app.request('PATCH', `/embeds?id=${embed.id}`, { tenantId: tenant.id, body: { title: 'Hijacked' } }))
        .status,
    ).toBe(401);
    expect(
      (await app.request('PATCH', '/embeds', { token: admin.token, tenantId: tenant.id, body: { title: 'x' } })).status,
    ).toBe(404);
    expect((await app.ctx.db.Embed.findOne({ where: { tenant_id: tenant.id, id: embed.id } }))?.title).toBe(
      valid.title,
    );
  });
});

describe('DELETE /api/embeds?id=', () => {
  it('deletes and audits', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const embed = await create(tenant, admin);
    const res = await app.request('DELETE', `/embeds?id=${embed.id}`, { token: admin.token, tenantId: tenant.id });
    expect(res.status).toBe(204);
    expect(await app.ctx.db.Embed.count({ where: { tenant_id: tenant.id } })).toBe(0);
    expect(
      await app.ctx.db.AuditLog.count({
        where: { tenant_id: tenant.id, action: 'embed.deleted', entity_id: embed.id },
      }),
    ).toBe(1);
    expect(
      (await app.request('DELETE', `/embeds?id=${embed.id}`, { token: admin.token, tenantId: tenant.id })).status,
    ).toBe(404);
  });

  it("answers 404 to another tenant's admin, 403 to a member, 401 without a session; the embed stays", async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const embed = await create(tenant, admin);
    const other = await makeWorkspace(app);
    expect(
      (await app.request('DELETE', `/embeds?id=${embed.id}`, { token: other.admin.token, tenantId: other.tenant.id }))
        .status,
    ).toBe(404);
    const byMember = await app.request('DELETE', `/embeds?id=${embed.id}`, {
      token: member.token,
      tenantId: tenant.id,
    });
    expect(byMember.status).toBe(403);
    expect((await app.request('DELETE', `/embeds?id=${embed.id}`, { tenantId: tenant.id })).status).toBe(401);
    expect(await app.ctx.db.Embed.count({ where: { tenant_id: tenant.id } })).toBe(1);
  });
});

describe('POST /api/embeds/reorder', () => {
  it('sets sort_order from the list in one go', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const a = await create(tenant, admin, { title: 'A' });
    const b = await create(tenant, admin, { title: 'B' });
    const c = await create(tenant, admin, { title: 'C' });
    const res = await app.request('POST', '/embeds/reorder', {
      token: admin.token,
      tenantId: tenant.id,
      body: { ids: [c.id, a.id, b.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body.embeds.map((e: { title: string; sort_order: number }) => [e.title, e.sort_order])).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);
    expect(await app.ctx.db.AuditLog.count({ where: { tenant_id: tenant.id, action: 'embed.reordered' } })).toBe(1);
  });

  it('answers every one of many parallel reorders with 200, never a deadlock, and keeps one whole order', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const ids: string[] = [];
    for (const title of ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']) ids.push((await create(tenant, admin, { title })).id);
    const shuffled = () =>
      ids
        .map((id) => ({ id, key: Math.random() }))
        .sort((a, b) => a.key - b.key)
        .map(({ id }) => id);
    const orders = Array.from({ length: 40 }, shuffled);
    const answers = await Promise.all(
      orders.map((order) =>
        app.request('POST', '/embeds/reorder', { token: admin.token, tenantId: tenant.id, body: { ids: order } }),
      ),
    );
    expect(answers.filter((res) => res.status !== 200).map((res) => [res.status, res.body])).toEqual([]);
    // Whichever reorder committed last, the stored order is one of the orders asked for, whole.
    const rows = await app.ctx.db.Embed.findAll({ where: { tenant_id: tenant.id }, order: [['sort_order', 'ASC']] });
    expect(rows.map((row) => row.sort_order)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(orders.map((order) => order.join())).toContain(rows.map((row) => row.id).join());
  }, 60_000);

  it("refuses duplicates, partial lists, another tenant's ids, members and no session; the order stays", async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const a = await create(tenant, admin, { title: 'A' });
    const b = await create(tenant, admin, { title: 'B' });
    const other = await makeWorkspace(app);
    const theirs = await create(other.tenant, other.admin);
    const reorder = (ids: unknown, person: Person = admin) =>
      app.request('POST', '/embeds/reorder', { token: person.token, tenantId: tenant.id, body: { ids } });

    expect(await reorder([b.id, b.id])).toMatchObject({
      status: 400,
      body: { error: 'Each embed may appear only once in the new order.' },
    });
    expect(await reorder([b.id])).toMatchObject({
      status: 409,
      body: { error: 'The embed list has changed. Reload the page and try again.' },
    });
    expect(await reorder([b.id, a.id, theirs.id])).toMatchObject({
      status: 404,
      body: { error: 'One of these embeds does not exist.' },
    });
    expect(await reorder([b.id, 'nope'])).toMatchObject({ status: 404 });
    expect(await reorder('x')).toMatchObject({
      status: 400,
      body: { error: 'ids must be the list of embed ids in their new order.' },
    });
    expect(await reorder([b.id, a.id], member)).toMatchObject({ status: 403, body: { error: ADMINS_ONLY } });
    expect(
      (await app.request('POST', '/embeds/reorder', { tenantId: tenant.id, body: { ids: [b.id, a.id] } })).status,
    ).toBe(401);
    const rows = await app.ctx.db.Embed.findAll({ where: { tenant_id: tenant.id }, order: [['sort_order', 'ASC']] });
    expect(rows.map((r) => r.title)).toEqual(['A', 'B']);
    expect((await app.ctx.db.Embed.findOne({ where: { tenant_id: other.tenant.id, id: theirs.id } }))?.sort_order).toBe(
      0,
    );
  });
});

describe('GET /api/embeds/audience-users', () => {
  it("lists the tenant's active members to admins only", async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const res = await app.request('GET', '/embeds/audience-users', { token: admin.token, tenantId: tenant.id });
    expect(res.status).toBe(200);
    const ids = res.body.users.map((u: { id: string }) => u.id);
    expect(ids.sort()).toEqual([admin.user.id, member.user.id].sort());
    expect(ids).not.toContain(other.member.user.id);
    expect(res.body.users.find((u: { id: string }) => u.id === member.user.id)).toMatchObject({
      email: member.user.email,
      role: 'role2',
    });
    expect(
      (await app.request('GET', '/embeds/audience-users', { token: member.token, tenantId: tenant.id })).status,
    ).toBe(403);
    expect((await app.request('GET', '/embeds/audience-users', { tenantId: tenant.id })).status).toBe(401);
  });
});

describe('tenant isolation of lists', () => {
  it("never lists another tenant's embeds", async () => {
    const mine = await makeWorkspace(app);
    const theirs = await makeWorkspace(app);
    await create(theirs.tenant, theirs.admin, { role: 'all' });
    const res = await app.request('GET', '/embeds', { token: mine.admin.token, tenantId: mine.tenant.id });
    expect(res.body.embeds).toEqual([]);
    const asMember = await app.request('GET', '/embeds', { token: mine.member.token, tenantId: mine.tenant.id });
    expect(asMember.body.embeds).toEqual([]);
    const tenantOnly = await makeTenant(app.ctx);
    expect((await app.request('GET', '/embeds', { token: mine.admin.token, tenantId: tenantOnly.id })).status).toBe(
      403,
    );
  });
});
