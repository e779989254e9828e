import { DEFAULT_SETTINGS } from '@portico/common';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, makeSuperAdmin, makeWorkspace, signIn, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

/*
 * The console's IP allowlist binds the super admin's authority wherever it is used (issue 25). It
 * used to stop at the console's own calls: from a refused address the super admin could still, in a
 * workspace (`x-tenant-id`), set a member's password, create API keys and read every person.
 */

const INSIDE = '203.0.113.5';
const OUTSIDE = '192.0.2.1';
const REFUSED = {
  error: `The platform console is not open to your address (${OUTSIDE}). Ask another super admin to add it to the IP allowlist.`,
  code: 'ip_not_allowed',
};

let app: TestApp;
let root: Person;
let workspace: Awaited<ReturnType<typeof makeWorkspace>>;
beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: 'loopback' });
  root = await makeSuperAdmin(app);
  workspace = await makeWorkspace(app, { tier: 'pro' });
  const saved = await app.request('PUT', '/settings', {
    token: root.token,
    body: { security: { ...DEFAULT_SETTINGS.security, ipAllowlist: '203.0.113.0/24' } },
    headers: { 'x-forwarded-for': INSIDE },
  });
  expect(saved.status).toBe(200);
});
afterAll(() => app.close());

/** A call from `address`, by default as the super admin in the workspace. */
const from = (
  address: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; tenantId?: string | null } = {},
) =>
  app.request(method, path, {
    token: options.token ?? root.token,
    tenantId: options.tenantId === null ? undefined : (options.tenantId ?? workspace.tenant.id),
    body: options.body,
    headers: { 'x-forwarded-for': address },
  });

describe('a super admin in a workspace they are not a member of', () => {
  it('is refused from outside the allowlist: no password set, no API key, no people read', async () => {
    const memberId = workspace.member.user.id;
    expect(await from(OUTSIDE, 'PATCH', `/users/${memberId}`, { body: { password: 'taken-over-1' } })).toMatchObject({
      status: 403,
      body: REFUSED,
    });
    expect(await from(OUTSIDE, 'POST', '/integrations/api-keys', { body: { label: 'Exfil' } })).toMatchObject({
      status: 403,
      body: REFUSED,
    });
    expect(await from(OUTSIDE, 'GET', '/users')).toMatchObject({ status: 403, body: REFUSED });
    expect(await from(OUTSIDE, 'GET', '/notifications/active')).toMatchObject({ status: 403, body: REFUSED });
    // The member's password is unchanged.
    await signIn(app, workspace.member.user.email);
  });

  it('acts as before from inside it', async () => {
    expect((await from(INSIDE, 'GET', '/users')).status).toBe(200);
    expect((await from(INSIDE, 'POST', '/integrations/api-keys', { body: { label: 'Ops' } })).status).toBe(201);
    expect((await from(INSIDE, 'GET', '/notifications/active')).status).toBe(200);
  });

  it('is refused the console from outside, as before', async () => {
    expect(await from(OUTSIDE, 'GET', '/settings', { tenantId: null })).toMatchObject({ status: 403, body: REFUSED });
  });
});

describe('a super admin who is also a member of a workspace', () => {
  it('from outside, is only that member: a client’s calls work, an admin’s are refused as a client’s', async () => {
    const own = await makeWorkspace(app, { tier: 'pro' });
    await addMember(app.ctx, own.tenant, root.user, 'role2');
    const asOwn = (address: string, method: string, path: string, body?: unknown) =>
      from(address, method, path, { tenantId: own.tenant.id, body });
    expect((await asOwn(OUTSIDE, 'GET', '/files')).status).toBe(200);
    expect((await asOwn(OUTSIDE, 'GET', '/tenant-config')).status).toBe(200);
    expect(await asOwn(OUTSIDE, 'GET', '/users')).toMatchObject({
      status: 403,
      body: { error: 'Only workspace admins can see the member list.' },
    });
    expect((await asOwn(OUTSIDE, 'PATCH', `/users/${own.member.user.id}`, { password: 'taken-over-1' })).status).toBe(
      403,
    );
    expect((await asOwn(INSIDE, 'GET', '/users')).status).toBe(200);
  });

  it('is still told they are a super admin, so the web app opens the console, which says why it is closed', async () => {
    const me = await from(OUTSIDE, 'GET', '/auth/user', { tenantId: null });
    expect(me.status).toBe(200);
    expect(me.body.is_super_admin).toBe(true);
  });
});

describe('an impersonation session started by the super admin', () => {
  it('is refused everything from outside the allowlist but its ending, and works from inside', async () => {
    const started = await from(INSIDE, 'POST', '/impersonate/start', {
      tenantId: null,
      body: { targetUserId: workspace.admin.user.id, reason: 'Support request' },
    });
    expect(started.status).toBe(201);
    const token = started.body.session.access_token as string;
    const as = (address: string, method: string, path: string, body?: unknown) =>
      from(address, method, path, { token, body });
    expect((await as(INSIDE, 'GET', '/users')).status).toBe(200);
    const refused = await as(OUTSIDE, 'GET', '/users');
    expect(refused).toMatchObject({ status: 403, body: REFUSED });
    expect(refused.headers.get('x-impersonating')).toBe('true');
    expect(await as(OUTSIDE, 'PATCH', `/users/${workspace.member.user.id}`, { role: 'role1' })).toMatchObject({
      status: 403,
      body: REFUSED,
    });
    expect(await as(OUTSIDE, 'PUT', '/profile', { first_name: 'Mallory' })).toMatchObject({
      status: 403,
      body: REFUSED,
    });
    expect(await from(OUTSIDE, 'GET', '/auth/user', { token, tenantId: null })).toMatchObject({
      status: 403,
      body: REFUSED,
    });
    expect((await from(OUTSIDE, 'POST', '/impersonate/stop', { token, tenantId: null })).status).toBe(204);
    expect((await as(INSIDE, 'GET', '/users')).status).toBe(401);
  });
});

describe('live updates', () => {
  const sockets: Socket[] = [];
  afterAll(() => sockets.forEach((socket) => socket.disconnect()));

  const connect = async (address: string): Promise<Socket> => {
    const socket = io(app.url, {
      path: '/socket.io',
      auth: { token: root.token },
      transports: ['websocket'],
      extraHeaders: { 'x-forwarded-for': address },
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  };

  it('the console’s events reach the super admin inside the allowlist, not outside it', async () => {
    const inside = await connect(INSIDE);
    const outside = await connect(OUTSIDE);
    const heardOutside: unknown[] = [];
    outside.on('job', (job: unknown) => heardOutside.push(job));
    const heardInside = new Promise((resolve) => inside.once('job', resolve));
    const job = { id: 'emails:1', queue: 'emails', name: 'send', status: 'active', attempts: 0, errorExcerpt: null };
    app.ctx.live.toSuper('job', job);
    expect(await heardInside).toEqual(job);
    // Give the other socket as long again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heardOutside).toEqual([]);
  });
});
