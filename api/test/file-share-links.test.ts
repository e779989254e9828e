import { publicShareLinkAnswer, SHARE_LINK_MESSAGES, shareLinkCreatedAnswer, shareLinksAnswer } from '@portico/common';
import { saveSettingsSection, systemClock, type Tenant } from '@portico/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, makeSuperAdmin, makeUser, makeWorkspace, signIn, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { upload } from './files-support';
import { expectConforms } from './public-api-support';

/*
 * Expiring share links (issue 33): an admin makes a link to one file, lists and revokes it, by the
 * five callers; anyone holding the link reads and downloads the file without a session until it is
 * revoked, expires, serves its downloads or its file is deleted; each step is audited.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const DAY = 24 * 60 * 60 * 1000;
const FILE_NOT_FOUND = 'This file does not exist.';
const ADMINS_ONLY = 'Only workspace admins can share files with other people or see their activity.';
const errorOf = (res: { status: number; body: { error?: string } }) => [res.status, res.body.error];

async function signedIn(tenant: Tenant, role: string): Promise<Person> {
  const user = await makeUser(app.ctx);
  await addMember(app.ctx, tenant, user, role);
  return { user, token: (await signIn(app, user.email)).token };
}

/** A workspace with a file shared with its member. */
async function fixture() {
  const ws = await makeWorkspace(app);
  const team = await signedIn(ws.tenant, 'role1');
  const as = (p: Person) => ({ token: p.token, tenantId: ws.tenant.id });
  const res = await upload(app, {
    ...as(ws.admin),
    name: 'contract.txt',
    content: 'contract text',
    fields: { user_id: ws.member.user.id, title: 'Contract' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const file = res.body as { id: string };
  const call = (who: Person, method: string, path: string, body?: unknown) =>
    app.request(method, path, { ...as(who), body });
  const create = async (body: unknown = { expires_in_days: 7 }) => {
    const made = await call(ws.admin, 'POST', `/files/${file.id}/share-links`, body);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body as { share_link: { id: string }; url: string; token: string };
  };
  return { ...ws, team, as, call, file, create };
}

/** The public calls, without a session. */
const meta = (token: string) => app.request('GET', `/public/share-links/${token}`);
const download = (token: string) => fetch(`${app.url}/api/public/share-links/${token}/download`);
/** The sentence of a refused download. */
const refusalOf = async (res: Response) => ((await res.json()) as { error: string }).error;

/** Runs `work` with the context's clock `ms` on (only public calls meanwhile: sessions read the clock too). */
async function later<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const at = new Date(Date.now() + ms);
  app.ctx.clock = { now: () => at };
  try {
    return await work();
  } finally {
    app.ctx.clock = systemClock;
  }
}

describe('POST /api/files/:id/share-links', () => {
  it('makes a link on the workspace’s address whose token is shown once and only hashed in the database', async () => {
    const f = await fixture();
    const before = Date.now();
    const made = await f.call(f.admin, 'POST', `/files/${f.file.id}/share-links`, {
      expires_in_days: 7,
      max_downloads: 3,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expectConforms(shareLinkCreatedAnswer, made.body);
    const { share_link: link, url, token } = made.body;
    expect(url).toBe(`${app.url}/s/${token}`);
    // 256 random bits, base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({
      file_id: f.file.id,
      status: 'active',
      max_downloads: 3,
      download_count: 0,
      revoked_at: null,
      created_by: f.admin.user.id,
      created_by_email: f.admin.user.email,
    });
    const expires = new Date(link.expires_at).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 7 * DAY);
    expect(expires).toBeLessThanOrEqual(Date.now() + 7 * DAY);

    const [row] = await app.ctx.sequelize.query<Record<string, unknown>>(
      'SELECT * FROM file_share_links WHERE tenant_id = $1',
      { bind: [f.tenant.id], type: 'SELECT' as never },
    );
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);

    // Never again: the list carries no token.
    const listed = await f.call(f.admin, 'GET', `/files/${f.file.id}/share-links`);
    expect(listed.status).toBe(200);
    expectConforms(shareLinksAnswer, listed.body);
    expect(listed.body.share_links.map((l: { id: string }) => l.id)).toEqual([link.id]);
    expect(JSON.stringify(listed.body)).not.toContain(token);
    expect(JSON.stringify(listed.body)).not.toContain(String(row!.token_hash));
  });

  it('takes expires_at from 1 hour to 90 days ahead, and says what is wrong with every other body', async () => {
    const f = await fixture();
    const at = new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString();
    const made = await f.create({ expires_at: at });
    const listed = await f.call(f.admin, 'GET', `/files/${f.file.id}/share-links`);
    expect(listed.body.share_links[0]).toMatchObject({ id: made.share_link.id, max_downloads: null });
    expect(new Date(listed.body.share_links[0].expires_at).toISOString()).toBe(at);

    const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const cases: [unknown, string][] = [
      [{}, SHARE_LINK_MESSAGES.expiry],
      [{ max_downloads: 2 }, SHARE_LINK_MESSAGES.expiry],
      [{ expires_in_days: 1, expires_at: at }, SHARE_LINK_MESSAGES.oneExpiry],
      [{ expires_in_days: 0 }, SHARE_LINK_MESSAGES.expiresInDays],
      [{ expires_in_days: 91 }, SHARE_LINK_MESSAGES.expiresInDays],
      [{ expires_in_days: 1.5 }, SHARE_LINK_MESSAGES.expiresInDays],
      [{ expires_in_days: '7' }, SHARE_LINK_MESSAGES.expiresInDays],
      [{ expires_at: 'tomorrow' }, SHARE_LINK_MESSAGES.expiresAt],
      [{ expires_at: inMinutes(30) }, SHARE_LINK_MESSAGES.expiryRange],
      [{ expires_at: inMinutes(-60) }, SHARE_LINK_MESSAGES.expiryRange],
      [{ expires_at: inMinutes(91 * 24 * 60) }, SHARE_LINK_MESSAGES.expiryRange],
      [{ expires_in_days: 7, max_downloads: 0 }, SHARE_LINK_MESSAGES.maxDownloads],
      [{ expires_in_days: 7, max_downloads: 1001 }, SHARE_LINK_MESSAGES.maxDownloads],
      [{ expires_in_days: 7, max_downloads: 'ten' }, SHARE_LINK_MESSAGES.maxDownloads],
    ];
    for (const [body, message] of cases)
      expect(
        errorOf(await f.call(f.admin, 'POST', `/files/${f.file.id}/share-links`, body)),
        JSON.stringify(body),
      ).toEqual([400, message]);
    expect((await f.call(f.admin, 'GET', `/files/${f.file.id}/share-links`)).body.share_links).toHaveLength(1);
  });

  it('is for admins: 403 to members and the team, 404 to another workspace’s admin, 401 without a session', async () => {
    const f = await fixture();
    const other = await makeWorkspace(app);
    const stranger = { token: other.admin.token, tenantId: other.tenant.id };
    const { share_link: link } = await f.create();
    const paths: [string, string][] = [
      ['POST', `/files/${f.file.id}/share-links`],
      ['GET', `/files/${f.file.id}/share-links`],
      ['DELETE', `/files/${f.file.id}/share-links/${link.id}`],
    ];
    for (const [method, path] of paths) {
      const body = method === 'POST' ? { expires_in_days: 1 } : undefined;
      expect(errorOf(await f.call(f.member, method, path, body)), `${method} ${path}`).toEqual([403, ADMINS_ONLY]);
      expect(errorOf(await f.call(f.team, method, path, body))).toEqual([403, ADMINS_ONLY]);
      expect(errorOf(await app.request(method, path, { ...stranger, body }))).toEqual([404, FILE_NOT_FOUND]);
      // In the file's own workspace the stranger is no member at all.
      expect((await app.request(method, path, { ...stranger, tenantId: f.tenant.id, body })).status).toBe(403);
      expect((await app.request(method, path, { tenantId: f.tenant.id, body })).status).toBe(401);
    }
    const listed = await f.call(f.admin, 'GET', `/files/${f.file.id}/share-links`);
    expect(listed.body.share_links).toMatchObject([{ id: link.id, status: 'active' }]);
    expect(errorOf(await f.call(f.admin, 'POST', '/files/not-a-file/share-links', { expires_in_days: 1 }))).toEqual([
      404,
      FILE_NOT_FOUND,
    ]);
  });
});

describe('the public share-link calls', () => {
  it('read and download the file without a session, counting each download and auditing it', async () => {
    const f = await fixture();
    const { token, share_link: link } = await f.create({ expires_in_days: 7, max_downloads: 2 });

    const read = await meta(token);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expectConforms(publicShareLinkAnswer, read.body);
    expect(read.body).toMatchObject({
      share_link: { file_name: 'contract.txt', size_bytes: 13, content_type: 'text/plain', downloads_left: 2 },
      workspace: { name: f.tenant.name },
    });
    expect(JSON.stringify(read.body)).not.toContain('storage');

    const first = await download(token);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-disposition')).toContain('contract.txt');
    expect(await first.text()).toBe('contract text');
    expect((await meta(token)).body.share_link.downloads_left).toBe(1);

    const second = await download(token);
    expect(await second.text()).toBe('contract text');

    // The limit is reached: both calls say so.
    const third = await download(token);
    expect(third.status).toBe(410);
    expect(await third.json()).toMatchObject({ error: SHARE_LINK_MESSAGES.usedUp, code: 'share_link_used_up' });
    expect(errorOf(await meta(token))).toEqual([410, SHARE_LINK_MESSAGES.usedUp]);

    const listed = await f.call(f.admin, 'GET', `/files/${f.file.id}/share-links`);
    expect(listed.body.share_links[0]).toMatchObject({ id: link.id, status: 'used_up', download_count: 2 });
    expect(listed.body.share_links[0].last_downloaded_at).not.toBeNull();

    const audits = await app.ctx.db.AuditLog.findAll({
      where: { tenant_id: f.tenant.id, entity_id: f.file.id },
      order: [['created_at', 'ASC']],
    });
    const linkAudits = audits.filter((a) => a.action.startsWith('file.share_link'));
    expect(linkAudits.map((a) => [a.action, a.actor_user_id])).toEqual([
      ['file.share_link_created', f.admin.user.id],
      ['file.share_link_downloaded', null],
      ['file.share_link_downloaded', null],
    ]);
    expect(linkAudits[1]!.details).toMatchObject({ share_link_id: link.id, download_count: 1 });
    expect(linkAudits[1]!.ip).toBeTruthy();
  });

  it('never lets parallel downloads pass the limit', async () => {
    const f = await fixture();
    const { token } = await f.create({ expires_in_days: 1, max_downloads: 3 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => download(token)));
    await Promise.all(answers.map((a) => a.arrayBuffer()));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 410, 410, 410, 410, 410]);
    const listed = await f.call(f.admin, 'GET', `/files/${f.file.id}/share-links`);
    expect(listed.body.share_links[0]).toMatchObject({ download_count: 3, status: 'used_up' });
  });

  it('answers 410 once the link expires by the clock, and the list says it expired', async () => {
    const f = await fixture();
    const { token } = await f.create({ expires_in_days: 1 });
    expect((await later(DAY - 60_000, () => meta(token))).status).toBe(200);
    const expired = await later(DAY + 60_000, async () => [await meta(token), await download(token)] as const);
    expect(errorOf(expired[0])).toEqual([410, SHARE_LINK_MESSAGES.expired]);
    expect(expired[1].status).toBe(410);
    expect(await refusalOf(expired[1])).toBe(SHARE_LINK_MESSAGES.expired);
    // The admin's list decides by the clock too: a link dated past its expiry is listed as expired.
    await app.ctx.sequelize.query('UPDATE file_share_links SET expires_at = $2 WHERE tenant_id = $1', {
      bind: [f.tenant.id, new Date(Date.now() - 60_000)],
    });
    const listed = await f.call(f.admin, 'GET', `/files/${f.file.id}/share-links`);
    expect(listed.body.share_links[0]).toMatchObject({ status: 'expired', download_count: 0 });
  });

  it('stops a revoked link at once, audited and in the file’s activity; revoking again changes nothing', async () => {
    const f = await fixture();
    const { token, share_link: link } = await f.create();
    const other = await f.create();
    const path = `/files/${f.file.id}/share-links/${link.id}`;
    expect((await f.call(f.admin, 'DELETE', path)).status).toBe(204);
    expect(errorOf(await meta(token))).toEqual([410, SHARE_LINK_MESSAGES.revoked]);
    const refused = await download(token);
    expect(refused.status).toBe(410);
    expect(await refusalOf(refused)).toBe(SHARE_LINK_MESSAGES.revoked);
    // The file's other link still works.
    expect((await meta(other.token)).status).toBe(200);
    expect((await f.call(f.admin, 'DELETE', path)).status).toBe(204);

    const listed = await f.call(f.admin, 'GET', `/files/${f.file.id}/share-links`);
    expect(listed.body.share_links.map((l: { id: string; status: string }) => [l.id, l.status])).toEqual([
      [other.share_link.id, 'active'],
      [link.id, 'revoked'],
    ]);
    const audits = await app.ctx.db.AuditLog.findAll({
      where: { tenant_id: f.tenant.id, action: 'file.share_link_revoked' },
    });
    expect(audits.map((a) => [a.entity_id, a.actor_user_id, a.details.share_link_id])).toEqual([
      [f.file.id, f.admin.user.id, link.id],
    ]);
    const activity = await f.call(f.admin, 'GET', `/files/${f.file.id}/activity`);
    expect(activity.body.activity.map((e: { kind: string }) => e.kind).sort()).toEqual([
      'link_created',
      'link_created',
      'link_revoked',
    ]);

    // Another file's link id, and an id of no link, name nothing here.
    expect(errorOf(await f.call(f.admin, 'DELETE', `/files/${f.file.id}/share-links/${crypto.randomUUID()}`))).toEqual([
      404,
      SHARE_LINK_MESSAGES.linkNotFound,
    ]);
    expect(errorOf(await f.call(f.admin, 'DELETE', `/files/${f.file.id}/share-links/nope`))).toEqual([
      404,
      SHARE_LINK_MESSAGES.linkNotFound,
    ]);
  });

  it('stops the links of a deleted file, and they work again once it is restored', async () => {
    const f = await fixture();
    const { token } = await f.create();
    expect((await f.call(f.admin, 'DELETE', `/files/${f.file.id}`)).status).toBe(204);
    expect(errorOf(await meta(token))).toEqual([410, SHARE_LINK_MESSAGES.fileGone]);
    expect((await download(token)).status).toBe(410);
    expect(errorOf(await f.call(f.admin, 'GET', `/files/${f.file.id}/share-links`))).toEqual([404, FILE_NOT_FOUND]);
    expect((await f.call(f.admin, 'POST', `/files/${f.file.id}/restore`)).status).toBe(200);
    expect((await meta(token)).status).toBe(200);
  });

  it('answers 404 to a token of no link, and a link never opens another workspace’s file by its id', async () => {
    const f = await fixture();
    const other = await makeWorkspace(app);
    const { token } = await f.create();
    expect(errorOf(await meta('x'.repeat(43)))).toEqual([404, SHARE_LINK_MESSAGES.unknown]);
    expect((await download('x'.repeat(43))).status).toBe(404);
    expect(errorOf(await meta('not a token!'))).toEqual([404, SHARE_LINK_MESSAGES.unknown]);
    // Another workspace's admin can neither list nor revoke this file's links.
    const stranger = { token: other.admin.token, tenantId: other.tenant.id };
    expect((await app.request('GET', `/files/${f.file.id}/share-links`, stranger)).status).toBe(404);
    expect((await meta(token)).status).toBe(200);
  });

  it('count against the platform’s global rate limit, as every call does', async () => {
    const f = await fixture();
    const { token } = await f.create();
    const root = await makeSuperAdmin(app);
    // Saved through the service: once the limit is reached, the API would refuse lifting it too.
    const setGlobalLimit = (globalRpm: number) =>
      saveSettingsSection(
        app.ctx,
        { userId: root.user.id },
        { section: 'rate', values: { globalRpm, perTenantRpm: 0 } },
      );
    await setGlobalLimit(2);
    try {
      expect((await meta(token)).status).toBe(200);
      expect((await download(token)).status).toBe(200);
      const refused = await download(token);
      expect(refused.status).toBe(429);
      expect(await refusalOf(refused)).toMatch(/^The platform has made more than 2 calls this minute\./);
      expect((await meta(token)).status).toBe(429);
    } finally {
      await setGlobalLimit(0);
    }
    // The refused download was not counted.
    expect((await meta(token)).body.share_link.downloads_left).toBeNull();
    const listed = await f.call(f.admin, 'GET', `/files/${f.file.id}/share-links`);
    expect(listed.body.share_links[0].download_count).toBe(1);
  });
});
