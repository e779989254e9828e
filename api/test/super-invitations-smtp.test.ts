import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSuperAdmin, makeTenant, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { startSmtpServer } from '../../testing/smtp';

/**
 * POST /api/super/invitations on a server with SMTP configured. This lives in its own file
 * because two test apps cannot share one file: the Sequelize models are module-wide, so a second
 * startTestApp() rebinds them to its own database and the first app stops working.
 */

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let app: TestApp;
let root: Person;
beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ SMTP_URL: smtp.url });
  root = await makeSuperAdmin(app);
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

async function waitForJob(id: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await app.ctx.queues.emails.getJob(id);
    if (job) return job;
    if (Date.now() > deadline) throw new Error(`no email job ${id} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('POST /api/super/invitations with SMTP configured', () => {
  it('reports a new-tenant invitation as sent and queues its email for delivery', async () => {
    const res = await app.request('POST', '/super/invitations', {
      token: root.token,
      body: { tenant: { name: 'Mail Ready Studio', tier: 'starter' }, admin: { email: 'owner@mail-ready.test' } },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ emailSent: true, emailError: null });
    expect(res.body.signup_url).toMatch(new RegExp(`^${app.url}/signup\\?invite=[A-Za-z0-9_-]{20,}&member=true$`));

    const mail = await app.ctx.db.EmailOutbox.findOne({
      where: { tenant_id: res.body.tenant_id, to_address: 'owner@mail-ready.test' },
    });
    expect(mail).toMatchObject({
      template: 'invitation',
      status: 'queued',
      subject: "You're invited to join Mail Ready Studio",
    });
    expect(mail!.text_body).toContain(res.body.signup_url);
    // Queued for the worker once the transaction has committed (just after the answer, at the latest).
    const job = await waitForJob(mail!.id);
    expect(job.data).toEqual({ outboxId: mail!.id });
  });

  it('reports an existing-tenant invitation as sent', async () => {
    const tenant = await makeTenant(app.ctx);
    const res = await app.request('POST', '/super/invitations', {
      token: root.token,
      body: { email: 'teammate@mail-ready.test', role: 'admin', tenant_id: tenant.id },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      emailSent: true,
      emailError: null,
      signup_url: expect.stringContaining('/signup?invite='),
      tenant_id: tenant.id,
    });
    const mail = await app.ctx.db.EmailOutbox.findOne({
      where: { tenant_id: tenant.id, to_address: 'teammate@mail-ready.test' },
    });
    expect(mail?.status).toBe('queued');
  });
});
