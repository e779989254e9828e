import { prefixTsQuery } from '@portico/core';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, makeUser, makeWorkspace } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('prefixTsQuery', () => {
  it('keeps letters and digits of each word and matches prefixes', () => {
    expect(prefixTsQuery('Ada  lov')).toBe('ada:* & lov:*');
    expect(prefixTsQuery("o'brien & co | !x")).toBe('o:* & brien:* & co:* & x:*');
    expect(prefixTsQuery('ünïcode 42')).toBe('ünïcode:* & 42:*');
    expect(prefixTsQuery('  ** ')).toBeNull();
  });
});

describe('GET /api/search', () => {
  it('finds the workspace’s people by name or email prefix, and never another tenant’s', async () => {
    const here = await makeWorkspace(app);
    const there = await makeWorkspace(app);
    const ada = await makeUser(app.ctx, {
      fullName: 'Ada Lovelace',
      email: `ada.lovelace.${Date.now()}@analytical.example`,
    });
    const twin = await makeUser(app.ctx, { fullName: 'Ada Lovegood' });
    await addMember(app.ctx, here.tenant, ada, 'role2');
    await addMember(app.ctx, there.tenant, twin, 'role2');

    const byName = await app.request('GET', '/search?q=ada%20lov', {
      token: here.admin.token,
      tenantId: here.tenant.id,
    });
    expect(byName.status).toBe(200);
    expect(byName.body.results.users).toEqual([
      { id: ada.id, email: ada.email, first_name: 'Ada', last_name: 'Lovelace', role: 'role2' },
    ]);

    const byEmail = await app.request('GET', '/search?q=ada.lovelace', {
      token: here.admin.token,
      tenantId: here.tenant.id,
    });
    expect(byEmail.body.results.users.map((u: { id: string }) => u.id)).toEqual([ada.id]);

    const elsewhere = await app.request('GET', '/search?q=ada%20love', {
      token: there.admin.token,
      tenantId: there.tenant.id,
    });
    expect(elsewhere.body.results.users.map((u: { id: string }) => u.id)).toEqual([twin.id]);
    const notThere = await app.request('GET', '/search?q=lovelace', {
      token: there.admin.token,
      tenantId: there.tenant.id,
    });
    expect(notThere.body.results.users).toEqual([]);
  });

  it('finds files by title or file name and tools by title, description or provider, in this workspace only', async () => {
    const here = await makeWorkspace(app);
    const there = await makeWorkspace(app);
    const file = (tenantId: string, title: string, original_name: string) =>
      app.ctx.db.FileRecord.create({
        tenant_id: tenantId,
        title,
        original_name,
        content_type: 'application/pdf',
        kind: 'pdf',
        size_bytes: 1,
        storage_key: `${tenantId}/${title}`,
        user_id: null,
        assigned_roles: ['role2'],
        uploaded_by: null,
      });
    const report = await file(here.tenant.id, 'Quarterly report', 'q3-summary.pdf');
    await file(there.tenant.id, 'Quarterly report', 'q3-summary.pdf');
    const booking = await app.ctx.db.Embed.create({
      tenant_id: here.tenant.id,
      title: 'Book a call',
      provider: 'calendly',
      url: 'https://calendly.com/acme/intro',
      embed_type: 'role',
      role: 'all',
      user_id: null,
      description: 'Intro consultation slots',
      created_by: null,
    });

    const byTitle = await app.request('GET', '/search?q=quarter', {
      token: here.admin.token,
      tenantId: here.tenant.id,
    });
    expect(byTitle.body.results.files).toEqual([
      {
        id: report.id,
        title: 'Quarterly report',
        original_name: 'q3-summary.pdf',
        kind: 'pdf',
        created_at: report.created_at.toISOString(),
      },
    ]);
    const byFileName = await app.request('GET', '/search?q=q3%20summ', {
      token: here.admin.token,
      tenantId: here.tenant.id,
    });
    expect(byFileName.body.results.files.map((f: { id: string }) => f.id)).toEqual([report.id]);

    const byDescription = await app.request('GET', '/search?q=consult', {
      token: here.admin.token,
      tenantId: here.tenant.id,
    });
    expect(byDescription.body.results.embeds).toEqual([
      { id: booking.id, title: 'Book a call', provider: 'calendly', is_active: true },
    ]);
    const byProvider = await app.request('GET', '/search?q=calendly', {
      token: there.admin.token,
      tenantId: there.tenant.id,
    });
    expect(byProvider.body.results.embeds).toEqual([]);
  });

  it.each([
    ['', 'Type something to search for.'],
    ['?q=', 'Type something to search for.'],
    [`?q=${'x'.repeat(101)}`, 'Search text must be at most 100 characters.'],
  ])('refuses %s with a sentence', async (query, message) => {
    const { tenant, admin } = await makeWorkspace(app);
    const res = await app.request('GET', `/search${query}`, { token: admin.token, tenantId: tenant.id });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('answers no results for text without letters or digits', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const res = await app.request('GET', '/search?q=%26%26', { token: admin.token, tenantId: tenant.id });
    expect(res.body).toEqual({ results: { users: [], files: [], forms: [], embeds: [], messages: [] } });
  });

  it('is for admins: a member gets 403, another tenant’s admin 403, no session 401', async () => {
    const here = await makeWorkspace(app);
    const there = await makeWorkspace(app);
    expect(
      (await app.request('GET', '/search?q=a', { token: here.member.token, tenantId: here.tenant.id })).status,
    ).toBe(403);
    expect(
      (await app.request('GET', '/search?q=a', { token: there.admin.token, tenantId: here.tenant.id })).status,
    ).toBe(403);
    expect((await app.request('GET', '/search?q=a', { tenantId: here.tenant.id })).status).toBe(401);
  });
});
