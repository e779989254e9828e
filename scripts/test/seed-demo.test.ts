import { DEFAULT_ROLE_TYPES } from '@portico/common';

import { Op } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/harness';
import { startProcess } from '../../testing/processes';
import { DEMO_TENANTS } from '../demo/content';
import { seedDemo } from '../demo/seed';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const SLUGS = DEMO_TENANTS.map((t) => t.slug);
const EMAILS = DEMO_TENANTS.flatMap((t) => t.people.map((p) => p.email));

async function signIn(email: string, password: string): Promise<string | null> {
  const res = await app.request('POST', '/auth/login', { body: { email, password } });
  return res.status === 200 ? (res.body.access_token as string) : null;
}

async function demoTenant(slug: string) {
  return (await app.ctx.db.Tenant.findOne({ where: { slug } }))!;
}

async function rowCounts() {
  const tenants = await app.ctx.db.Tenant.findAll({ where: { slug: { [Op.in]: SLUGS } }, attributes: ['id'] });
  const scope = { tenant_id: { [Op.in]: tenants.map((t) => t.id) } };
  return {
    tenants: tenants.length,
    users: await app.ctx.db.User.count({ where: { email: { [Op.in]: EMAILS } } }),
    memberships: await app.ctx.db.Membership.count({ where: scope }),
    files: await app.ctx.db.FileRecord.count({ where: scope }),
    forms: await app.ctx.db.Form.count({ where: scope }),
    responses: await app.ctx.db.FormResponse.count({ where: scope }),
    embeds: await app.ctx.db.Embed.count({ where: scope }),
  };
}

// Each run is a process of its own that hashes nine passwords with argon2 and renders the emails the
// demo's shares send: on a busy two-core machine that takes longer than the suite's 20 seconds.
describe('npm run seed:demo', { timeout: 60_000 }, () => {
  let generated: string;

  it('creates two workspaces with a person of every role and prints a password shown once', async () => {
    const cli = startProcess('scripts/seed-demo.ts', {
      NODE_ENV: 'test',
      DATABASE_URL: app.config.databaseUrl,
      REDIS_PREFIX: app.config.redisPrefix,
      JWT_SECRET: 'seed-test-secret-seed-test-secret-0123',
      SECRETS_KEY: 'seed-test-key-seed-test-key-0123456789',
      STORAGE_DIR: app.config.storage.dir,
      LOG_LEVEL: 'silent',
    });
    expect(await cli.exit, cli.output()).toBe(0);
    const printed = cli.output();
    expect(printed).toMatch(/created 2 tenants, 9 users, 8 files, 4 forms, 2 responses, 3 embeds/);
    generated = /shown only this once\): (\S+)/.exec(printed)![1]!;
    for (const demo of DEMO_TENANTS) {
      for (const person of demo.people) {
        const label = DEFAULT_ROLE_TYPES.find((r) => r.role_key === person.role)!.role_label;
        expect(printed).toMatch(new RegExp(`${person.email.replace(/\./g, '\\.')} +${label} +${demo.name}`));
      }
    }

    expect(await rowCounts()).toEqual({
      tenants: 2,
      users: 9,
      memberships: 9,
      files: 8,
      forms: 4,
      responses: 2,
      embeds: 3,
    });
    for (const demo of DEMO_TENANTS) {
      const tenant = await demoTenant(demo.slug);
      expect(tenant).toMatchObject({ name: demo.name, tier: demo.tier, primary_color: demo.primaryColor });
      const roles = (
        await app.ctx.db.Membership.findAll({ where: { tenant_id: tenant.id }, attributes: ['role'] })
      ).map((m) => m.role);
      expect(new Set(roles)).toEqual(new Set(['admin', 'role1', 'role2', 'role3']));
    }
  });

  it('lets each demo person sign in to their own workspace with the printed password', async () => {
    for (const demo of DEMO_TENANTS) {
      const tenant = await demoTenant(demo.slug);
      for (const person of demo.people) {
        const token = await signIn(person.email, generated);
        expect(token, person.email).not.toBeNull();
        const me = await app.request('GET', '/auth/user', { token: token! });
        expect(me.body.memberships).toEqual([
          expect.objectContaining({ tenant_id: tenant.id, role: person.role, status: 'active' }),
        ]);
      }
    }
  });

  it('shares files, forms and embeds by role, as a member sees them through the API', async () => {
    const northwind = DEMO_TENANTS[0]!;
    const tenant = await demoTenant(northwind.slug);
    const email = (key: string) => northwind.people.find((p) => p.key === key)!.email;
    const client = (await signIn(email('client'), generated))!;
    const otherClient = (await signIn(email('client2'), generated))!;
    const team = (await signIn(email('team'), generated))!;
    const admin = (await signIn(email('admin'), generated))!;
    const as = (token: string, path: string) => app.request('GET', path, { token, tenantId: tenant.id });

    const titles = async (token: string) =>
      ((await as(token, '/files')).body.files as { title: string }[]).map((f) => f.title).sort();
    expect(await titles(client)).toEqual([
      'Interview preparation guide',
      'Welcome to Northwind Talent',
      'Your shortlist',
    ]);
    expect(await titles(otherClient)).toEqual(['Interview preparation guide', 'Welcome to Northwind Talent']);
    expect(await titles(team)).toEqual(['Open roles this quarter', 'Recruiter handbook']);

    const shortlist = ((await as(client, '/files')).body.files as { id: string; title: string }[]).find(
      (f) => f.title === 'Your shortlist',
    )!;
    const download = await fetch(`${app.url}/api/files/${shortlist.id}/download`, {
      headers: { authorization: `Bearer ${client}`, 'x-tenant-id': tenant.id },
    });
    expect(download.status).toBe(200);
    expect(await download.text()).toBe(northwind.files.find((f) => f.title === 'Your shortlist')!.body);

    const formTitles = async (token: string) =>
      ((await as(token, '/forms')).body.forms as { title: string }[]).map((f) => f.title).sort();
    expect(await formTitles(client)).toEqual(['Candidate intake', 'Interview feedback']);
    const intake = await app.ctx.db.Form.findOne({ where: { tenant_id: tenant.id, title: 'Candidate intake' } });
    const responses = await as(admin, `/form-responses?formId=${intake!.id}`);
    expect(responses.status).toBe(200);
    expect(responses.body.responses).toHaveLength(1);
    expect(JSON.stringify(responses.body.responses[0])).toContain('Product Designer at Kite & Co');

    const embedTitles = async (token: string) =>
      ((await as(token, '/embeds?visible=true')).body.embeds as { title: string }[]).map((e) => e.title).sort();
    expect(await embedTitles(client)).toEqual(['Our office']);
    expect(await embedTitles(team)).toEqual(['Our office', 'Public holidays']);
  });

  it('adds nothing on a second run and keeps the passwords people have', async () => {
    const before = await rowCounts();
    const again = await seedDemo(app.ctx);
    expect(again.created).toEqual({ tenants: 0, users: 0, files: 0, forms: 0, responses: 0, embeds: 0 });
    expect(again.generatedPassword).toBeUndefined();
    expect(await rowCounts()).toEqual(before);
    expect(await signIn(EMAILS[0]!, generated)).not.toBeNull();
  });

  it('completes a workspace that lost some of its demo data', async () => {
    const tenant = await demoTenant(DEMO_TENANTS[1]!.slug);
    await app.ctx.db.Embed.destroy({ where: { tenant_id: tenant.id } });
    await app.ctx.db.FormResponse.destroy({ where: { tenant_id: tenant.id } });
    const result = await seedDemo(app.ctx);
    expect(result.created).toEqual({ tenants: 0, users: 0, files: 0, forms: 0, responses: 1, embeds: 1 });
    expect(await rowCounts()).toMatchObject({ responses: 2, embeds: 3 });
  });

  it('sets every demo password to DEMO_PASSWORD when it is given, and refuses a short one', async () => {
    await seedDemo(app.ctx, { password: 'chosen-demo-password' });
    for (const email of EMAILS) {
      expect(await signIn(email, 'chosen-demo-password'), email).not.toBeNull();
      expect(await signIn(email, generated), email).toBeNull();
    }
    await expect(seedDemo(app.ctx, { password: 'short' })).rejects.toThrow(
      'DEMO_PASSWORD must be at least 8 characters.',
    );
  });
});
