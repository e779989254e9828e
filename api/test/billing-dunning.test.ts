import { randomUUID } from 'node:crypto';
import { sendBillingReminders, systemClock } from '@portico/core';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeSuperAdmin, makeWorkspace, signIn, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { startFakeStripe, type FakeStripe, stripeEnv } from '../../testing/stripe';
import { upload } from './files-support';

const DAY = 24 * 60 * 60 * 1000;
const RESTORE = 'An admin can pay on the Billing page (/dashboard/admin/billing) to restore it.';

let app: TestApp;
let stripe: FakeStripe;
let root: Person;
beforeAll(async () => {
  stripe = await startFakeStripe();
  app = await startTestApp({
    ...stripeEnv(stripe),
  });
  root = await makeSuperAdmin(app);
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});
afterEach(() => {
  app.ctx.clock = systemClock;
});

/**
 * Moves the API's clock `days` ahead of now. Access tokens expire by that clock, so `people` sign in
 * again at the new time, as they would have to.
 */
const later = async (days: number, ...people: Person[]) => {
  app.ctx.clock = { now: () => new Date(Date.now() + days * DAY) };
  for (const person of people) person.token = (await signIn(app, person.user.email)).token;
};

async function post(event: { body: string; signature: string }) {
  const res = await fetch(`${app.url}/api/billing/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    body: event.body,
  });
  expect(res.status).toBe(200);
}

type Workspace = Awaited<ReturnType<typeof makeWorkspace>>;

async function subscribed(w: Workspace) {
  const res = await app.request('POST', '/billing/checkout', {
    token: w.admin.token,
    tenantId: w.tenant.id,
    body: { purpose: 'upgrade_plan', plan: 'advanced' },
  });
  expect(res.status).toBe(200);
  const sessionId = res.body.url.split('/').pop();
  const subscription = stripe.completeCheckout(sessionId);
  await post(stripe.event('checkout.session.completed', { ...stripe.sessions.get(sessionId)! }));
  return subscription;
}

const tenantNow = (id: string) => app.ctx.db.Tenant.findByPk(id).then((t) => t!);
const mails = (tenantId: string, template: string) =>
  app.ctx.db.EmailOutbox.findAll({ where: { tenant_id: tenantId, template } });

/** The writes of three kinds (an upload, a form edit, an invitation) of `as` in `w`. */
async function writes(w: Workspace, as: Person = w.admin) {
  const auth = { token: as.token, tenantId: w.tenant.id };
  return {
    upload: await upload(app, { ...auth, fields: { user_id: w.member.user.id } }),
    form: await app.request('POST', '/forms', { ...auth, body: {} }),
    invite: await app.request('POST', '/invite', {
      ...auth,
      body: { email: `invitee-${randomUUID()}@example.test`, role: 'role2' },
    }),
  };
}

describe('a failed payment', () => {
  it('starts the grace period, then the workspace is read-only until paid, on every write route but paying', async () => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    const sub = await subscribed(w);
    const file = await upload(app, {
      token: w.admin.token,
      tenantId: w.tenant.id,
      fields: { user_id: w.member.user.id },
    });
    expect(file.body).toMatchObject({ id: expect.any(String) });

    const failed = stripe.putInvoice({ subscription: sub.id, status: 'open', amount_cents: 9900 });
    await post(stripe.event('invoice.payment_failed', failed));
    const pastDue = await tenantNow(w.tenant.id);
    expect(pastDue.billing_status).toBe('past_due');
    // Super Settings' default: 14 days.
    expect(Math.abs(pastDue.grace_ends_at!.getTime() - (Date.now() + 14 * DAY))).toBeLessThan(60_000);
    const [mail] = await mails(w.tenant.id, 'billing-grace-started');
    expect(mail).toMatchObject({
      to_address: w.admin.user.email,
      subject: `The last payment for ${w.tenant.name} failed`,
    });
    expect(mail!.text_body).toContain('/dashboard/admin/billing');
    expect(
      await app.ctx.db.AuditLog.count({ where: { tenant_id: w.tenant.id, action: 'billing.grace_started' } }),
    ).toBe(1);
    // A second failure during the grace period does not restart it, nor email again.
    await post(stripe.event('invoice.payment_failed', failed));
    expect((await tenantNow(w.tenant.id)).grace_ends_at).toEqual(pastDue.grace_ends_at);
    expect(await mails(w.tenant.id, 'billing-grace-started')).toHaveLength(1);

    // Within the grace period everything works, and the banner says until when.
    const config = await app.request('GET', '/tenant-config', { token: w.member.token, tenantId: w.tenant.id });
    expect(config.body.billing).toEqual({
      state: 'past_due',
      read_only_reason: null,
      trial_ends_at: null,
      grace_ends_at: pastDue.grace_ends_at!.toISOString(),
      billing_starts_at: null,
    });
    expect((await writes(w)).form.status).toBe(201);

    await later(15, w.admin, w.member);
    const refused = await writes(w);
    const sentence = `This workspace is read-only because its last payment failed and the grace period ended on ${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(pastDue.grace_ends_at!)}. ${RESTORE}`;
    for (const res of Object.values(refused))
      expect(res).toMatchObject({ status: 402, body: { code: 'billing_read_only', error: sentence } });
    expect((await writes(w, w.member)).upload).toMatchObject({ status: 402, body: { error: sentence } });
    // Reading and downloading work; so does paying.
    const auth = { token: w.member.token, tenantId: w.tenant.id };
    expect((await app.request('GET', '/files', auth)).status).toBe(200);
    const download = await fetch(`${app.url}/api/files/${file.body.id}/download`, {
      headers: { authorization: `Bearer ${w.admin.token}`, 'x-tenant-id': w.tenant.id },
    });
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('hello file');
    expect((await app.request('GET', '/tenant-config', auth)).body.billing).toMatchObject({
      state: 'read_only',
      read_only_reason: sentence,
    });
    const checkout = await app.request('POST', '/billing/checkout', {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { purpose: 'upgrade_plan', plan: 'pro' },
    });
    expect(checkout.status).toBe(200);

    // Paid: writable again with the very next request.
    Object.assign(stripe.invoices.get(failed.id)!, { status: 'paid', amount_paid: 9900 });
    await post(stripe.event('invoice.paid', failed));
    expect(await tenantNow(w.tenant.id)).toMatchObject({ billing_status: 'active', grace_ends_at: null });
    const restored = await writes(w);
    expect([restored.upload.status, restored.form.status, restored.invite.status]).toEqual([201, 201, 201]);
  });

  it('is never read-only for a workspace whose billing is bypassed', async () => {
    const w = await makeWorkspace(app);
    await app.ctx.db.Tenant.update(
      { billing_status: 'unpaid', bypass_billing: true, billing_starts_at: new Date(Date.now() - DAY) },
      { where: { id: w.tenant.id } },
    );
    expect((await writes(w)).form.status).toBe(201);
    await app.ctx.db.Tenant.update({ bypass_billing: false }, { where: { id: w.tenant.id } });
    expect((await writes(w)).form).toMatchObject({
      status: 402,
      body: { error: `This workspace is read-only because its subscription is unpaid. ${RESTORE}` },
    });
  });
});

describe('POST /api/super/tenants/{id}/grace', () => {
  async function pastDue() {
    const w = await makeWorkspace(app);
    await app.ctx.db.Tenant.update(
      { billing_status: 'past_due', grace_ends_at: new Date(Date.now() - DAY) },
      { where: { id: w.tenant.id } },
    );
    return w;
  }

  it('extends the grace period from now when it has ended, lifting read-only at once, audited', async () => {
    const w = await pastDue();
    expect((await writes(w)).form.status).toBe(402);
    const res = await app.request('POST', `/super/tenants/${w.tenant.id}/grace`, {
      token: root.token,
      body: { days: 7, reason: 'Paying by bank transfer' },
    });
    expect(res.status).toBe(200);
    expect(res.body.tenant.billing).toMatchObject({ billing_status: 'past_due', state: 'past_due' });
    const endsAt = (await tenantNow(w.tenant.id)).grace_ends_at!;
    expect(Math.abs(endsAt.getTime() - (Date.now() + 7 * DAY))).toBeLessThan(60_000);
    expect(res.body.tenant.billing.grace_ends_at).toBe(endsAt.toISOString());
    expect((await writes(w)).form.status).toBe(201);
    const audit = await app.ctx.db.AuditLog.findOne({
      where: { tenant_id: w.tenant.id, action: 'billing.grace_extended' },
    });
    expect(audit).toMatchObject({ actor_user_id: root.user.id, reason: 'Paying by bank transfer' });
  });

  it('refuses bad input with sentences, a workspace without a failed payment, non-super callers and no session', async () => {
    const w = await pastDue();
    const path = `/super/tenants/${w.tenant.id}/grace`;
    const asRoot = (body: unknown) => app.request('POST', path, { token: root.token, body });
    for (const [body, error] of [
      [{ days: 0, reason: 'x' }, 'Days must be a whole number from 1 to 90.'],
      [{ days: 91, reason: 'x' }, 'Days must be a whole number from 1 to 90.'],
      [{ days: 'ten', reason: 'x' }, 'Days must be a whole number from 1 to 90.'],
      [{ days: 3 }, 'The reason is required.'],
      [{ days: 3, reason: '  ' }, 'The reason is required.'],
    ] as const)
      expect(await asRoot(body)).toMatchObject({ status: 400, body: { error } });
    const paid = await makeWorkspace(app);
    expect(
      await app.request('POST', `/super/tenants/${paid.tenant.id}/grace`, {
        token: root.token,
        body: { days: 3, reason: 'x' },
      }),
    ).toMatchObject({
      status: 409,
      body: { error: 'This workspace has no failed payment, so it has no grace period to extend.' },
    });
    expect(
      (
        await app.request('POST', '/super/tenants/00000000-0000-4000-8000-000000000000/grace', {
          token: root.token,
          body: { days: 3, reason: 'x' },
        })
      ).status,
    ).toBe(404);
    expect((await app.request('POST', path, { token: w.admin.token, body: { days: 3, reason: 'x' } })).status).toBe(
      403,
    );
    expect((await app.request('POST', path, { body: { days: 3, reason: 'x' } })).status).toBe(401);
    expect((await tenantNow(w.tenant.id)).grace_ends_at!.getTime()).toBeLessThan(Date.now());
  });
});

describe('POST /api/super/tenants/{id}/ask-to-subscribe', () => {
  const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

  it('emails the admins the date, then without a plan the workspace is read-only from it, until it subscribes', async () => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    const res = await app.request('POST', `/super/tenants/${w.tenant.id}/ask-to-subscribe`, {
      token: root.token,
      body: { starts_at: inDays(10), reason: 'Starter is paid now' },
    });
    expect(res.status).toBe(200);
    const startsAt = `${inDays(10)}T00:00:00.000Z`;
    expect(res.body.tenant.billing).toMatchObject({ state: 'billing_scheduled', billing_starts_at: startsAt });
    const [mail] = await mails(w.tenant.id, 'billing-scheduled');
    expect(mail).toMatchObject({ to_address: w.admin.user.email });
    expect(mail!.subject).toMatch(new RegExp(`^Billing for ${w.tenant.name} starts on \\d+ \\w+ \\d{4}$`));
    expect(
      await app.ctx.db.AuditLog.findOne({
        where: { tenant_id: w.tenant.id, action: 'billing.subscription_requested' },
      }),
    ).toMatchObject({
      actor_user_id: root.user.id,
      reason: 'Starter is paid now',
    });
    const config = await app.request('GET', '/tenant-config', { token: w.member.token, tenantId: w.tenant.id });
    expect(config.body.billing).toMatchObject({ state: 'billing_scheduled', billing_starts_at: startsAt });
    expect((await writes(w)).form.status).toBe(201);

    await later(11, w.admin);
    expect((await writes(w)).invite).toMatchObject({
      status: 402,
      body: { code: 'billing_read_only', error: expect.stringContaining('because billing started on') },
    });
    // A live plan clears it.
    await subscribed(w);
    expect(await tenantNow(w.tenant.id)).toMatchObject({ billing_status: 'active', billing_starts_at: null });
    expect((await writes(w)).invite.status).toBe(201);
  });

  it('is withdrawn by the operator, audited', async () => {
    const w = await makeWorkspace(app);
    const path = `/super/tenants/${w.tenant.id}/ask-to-subscribe`;
    await app.request('POST', path, { token: root.token, body: { starts_at: inDays(2), reason: 'x' } });
    const res = await app.request('DELETE', path, { token: root.token, body: { reason: 'Partner deal' } });
    expect(res.status).toBe(200);
    expect(res.body.tenant.billing).toMatchObject({ state: 'ok', billing_starts_at: null });
    expect(
      await app.ctx.db.AuditLog.findOne({
        where: { tenant_id: w.tenant.id, action: 'billing.subscription_request_withdrawn' },
      }),
    ).toMatchObject({ reason: 'Partner deal' });
    expect(await app.request('DELETE', path, { token: root.token, body: { reason: 'x' } })).toMatchObject({
      status: 409,
      body: { error: 'This workspace was not asked to subscribe.' },
    });
    await later(3, w.admin);
    expect((await writes(w)).form.status).toBe(201);
  });

  it('refuses bad input with sentences, a subscribed or bypassed workspace, non-super callers and no session', async () => {
    const w = await makeWorkspace(app);
    const path = `/super/tenants/${w.tenant.id}/ask-to-subscribe`;
    const asRoot = (body: unknown) => app.request('POST', path, { token: root.token, body });
    const tomorrow = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${inDays(1)}T00:00:00Z`));
    for (const [body, status, error] of [
      [{ starts_at: 'soon', reason: 'x' }, 400, 'The start date must be a date such as 2027-01-31.'],
      [{ starts_at: inDays(5) }, 400, 'The reason is required.'],
      [{ starts_at: inDays(0), reason: 'x' }, 400, `Billing can start on ${tomorrow} at the earliest.`],
    ] as const)
      expect(await asRoot(body)).toMatchObject({ status, body: { error } });
    expect(
      (await app.request('POST', path, { token: w.admin.token, body: { starts_at: inDays(5), reason: 'x' } })).status,
    ).toBe(403);
    expect((await app.request('POST', path, { body: { starts_at: inDays(5), reason: 'x' } })).status).toBe(401);
    expect((await tenantNow(w.tenant.id)).billing_starts_at).toBeNull();

    await app.ctx.db.Tenant.update({ bypass_billing: true }, { where: { id: w.tenant.id } });
    expect(await asRoot({ starts_at: inDays(5), reason: 'x' })).toMatchObject({
      status: 409,
      body: { error: 'This workspace’s billing is bypassed: turn the bypass off first.' },
    });
    const paying = await makeWorkspace(app);
    await subscribed(paying);
    expect(
      await app.request('POST', `/super/tenants/${paying.tenant.id}/ask-to-subscribe`, {
        token: root.token,
        body: { starts_at: inDays(5), reason: 'x' },
      }),
    ).toMatchObject({ status: 409, body: { error: 'This workspace already pays for a plan through Stripe.' } });
  });
});

describe('the billing-reminders job', () => {
  it('emails each reminder once, within its lead time', async () => {
    const trial = await makeWorkspace(app);
    const grace = await makeWorkspace(app);
    const starting = await makeWorkspace(app);
    const farOff = await makeWorkspace(app);
    await app.ctx.db.Tenant.update(
      { billing_status: 'trialing', trial_ends_at: new Date(Date.now() + 2 * DAY) },
      { where: { id: trial.tenant.id } },
    );
    await app.ctx.db.Tenant.update(
      { billing_status: 'past_due', grace_ends_at: new Date(Date.now() + 2 * DAY) },
      { where: { id: grace.tenant.id } },
    );
    await app.ctx.db.Tenant.update(
      { billing_starts_at: new Date(Date.now() + 6 * DAY) },
      { where: { id: starting.tenant.id } },
    );
    await app.ctx.db.Tenant.update(
      { billing_starts_at: new Date(Date.now() + 20 * DAY) },
      { where: { id: farOff.tenant.id } },
    );

    expect(await sendBillingReminders(app.ctx)).toBeGreaterThanOrEqual(3);
    expect(await sendBillingReminders(app.ctx)).toBe(0);
    expect(await mails(trial.tenant.id, 'billing-trial-ending')).toHaveLength(1);
    expect(await mails(grace.tenant.id, 'billing-grace-ending')).toHaveLength(1);
    expect(await mails(starting.tenant.id, 'billing-starting')).toHaveLength(1);
    expect(await app.ctx.db.EmailOutbox.count({ where: { tenant_id: farOff.tenant.id } })).toBe(0);
    expect(await app.ctx.db.BillingNotice.count({ where: { tenant_id: trial.tenant.id, kind: 'trial_ending' } })).toBe(
      1,
    );
    // A moved date is a new reminder.
    await app.ctx.db.Tenant.update({ trial_ends_at: new Date(Date.now() + DAY) }, { where: { id: trial.tenant.id } });
    await sendBillingReminders(app.ctx);
    expect(await mails(trial.tenant.id, 'billing-trial-ending')).toHaveLength(2);
  });
});
