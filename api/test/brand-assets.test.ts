import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorkspace } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { upload } from './files-support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

// The eight-byte PNG signature plus a little: enough for a stored image; nothing decodes it.
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('portico-logo')]);

const get = (path: string) => fetch(`${app.url}${path}`);

describe('logo and favicon', () => {
  it('an admin uploads a logo; anyone can fetch it; a new one replaces and removes the old', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const first = await upload(app, {
      path: '/api/tenant-config/logo',
      token: admin.token,
      tenantId: tenant.id,
      name: 'brand.png',
      type: 'image/png',
      content: PNG,
    });
    expect(first.status).toBe(200);
    expect(first.body.logo_url).toMatch(new RegExp(`^/api/public/brand/${tenant.id}/logo-[0-9a-f-]{36}\\.png$`));
    const seen = await app.request('GET', '/tenant-config', { token: member.token, tenantId: tenant.id });
    expect(seen.body.logo_url).toBe(first.body.logo_url);

    const image = await get(first.body.logo_url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);

    const second = await upload(app, {
      path: '/api/tenant-config/logo',
      token: admin.token,
      tenantId: tenant.id,
      name: 'new.jpg',
      type: 'image/jpeg',
      content: PNG,
    });
    expect(second.body.logo_url).toMatch(/logo-[0-9a-f-]{36}\.jpg$/);
    expect((await get(first.body.logo_url)).status).toBe(404);
    expect(await app.ctx.db.AuditLog.count({ where: { tenant_id: tenant.id, action: 'tenant.logo_updated' } })).toBe(2);

    const cleared = await app.request('DELETE', '/tenant-config/logo', { token: admin.token, tenantId: tenant.id });
    expect(cleared.body.logo_url).toBeNull();
    expect((await get(second.body.logo_url)).status).toBe(404);
  });

  it('takes an .ico favicon', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const res = await upload(app, {
      path: '/api/tenant-config/favicon',
      token: admin.token,
      tenantId: tenant.id,
      name: 'favicon.ico',
      type: 'image/x-icon',
      content: PNG,
    });
    expect(res.status).toBe(200);
    expect(res.body.favicon_url).toMatch(/favicon-[0-9a-f-]{36}\.ico$/);
    expect((await get(res.body.favicon_url)).headers.get('content-type')).toBe('image/x-icon');
  });

  it.each([
    ['logo', 'drawing.svg', 'image/svg+xml', 'The logo must be a PNG, JPEG, WebP or GIF image.'],
    ['logo', 'logo.png', 'text/plain', 'The logo must be a PNG, JPEG, WebP or GIF image.'],
    ['logo', 'favicon.ico', 'image/x-icon', 'The logo must be a PNG, JPEG, WebP or GIF image.'],
    ['favicon', 'notes.txt', 'text/plain', 'The favicon must be a PNG, ICO, JPEG, WebP or GIF image.'],
  ])('refuses a %s named %s (%s) and keeps nothing', async (kind, name, type, message) => {
    const { tenant, admin } = await makeWorkspace(app);
    const res = await upload(app, {
      path: `/api/tenant-config/${kind}`,
      token: admin.token,
      tenantId: tenant.id,
      name,
      type,
      content: PNG,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    const config = await app.request('GET', '/tenant-config', { token: admin.token, tenantId: tenant.id });
    expect(config.body[`${kind}_url`]).toBeNull();
  });

  it('answers 400 without an image and 413 past 2 MB', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const none = await upload(app, {
      path: '/api/tenant-config/logo',
      token: admin.token,
      tenantId: tenant.id,
      name: null,
    });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('Choose an image to upload.');
    const big = await upload(app, {
      path: '/api/tenant-config/logo',
      token: admin.token,
      tenantId: tenant.id,
      name: 'big.png',
      type: 'image/png',
      content: Buffer.alloc(2 * 1024 * 1024 + 1),
    });
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('The logo must be at most 2 MB.');
  });

  it('is for admins of this workspace, with a session', async () => {
    const here = await makeWorkspace(app);
    const there = await makeWorkspace(app);
    const asMember = await upload(app, {
      path: '/api/tenant-config/logo',
      token: here.member.token,
      tenantId: here.tenant.id,
      name: 'x.png',
      type: 'image/png',
      content: PNG,
    });
    expect(asMember.status).toBe(403);
    const asOtherAdmin = await upload(app, {
      path: '/api/tenant-config/logo',
      token: there.admin.token,
      tenantId: here.tenant.id,
      name: 'x.png',
      type: 'image/png',
      content: PNG,
    });
    expect(asOtherAdmin.status).toBe(403);
    const anonymous = await upload(app, {
      path: '/api/tenant-config/logo',
      tenantId: here.tenant.id,
      name: 'x.png',
      type: 'image/png',
      content: PNG,
    });
    expect(anonymous.status).toBe(401);
    expect(
      (await app.request('DELETE', '/tenant-config/logo', { token: here.member.token, tenantId: here.tenant.id }))
        .status,
    ).toBe(403);
  });

  it('serves only well-formed asset names', async () => {
    const { tenant } = await makeWorkspace(app);
    for (const path of [
      `/api/public/brand/${tenant.id}/..%2F..%2Fetc`,
      `/api/public/brand/not-a-uuid/logo-x.png`,
      `/api/public/brand/${tenant.id}/logo-00000000-0000-0000-0000-000000000000.png`,
    ]) {
      expect((await get(path)).status).toBe(404);
    }
  });
});
