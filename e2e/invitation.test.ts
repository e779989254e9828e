import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../testing/browser';
import {
  here,
  notSee,
  openBrowser,
  see,
  sidebar,
  signIn,
  SLOW_WAIT_MS,
  submitSignIn,
  superAdminOf,
  tenantRow,
  unique,
  waitForPlace,
} from './support';

let e2e: E2E;
let superEmail: string;
let superPassword: string;

beforeAll(async () => {
  e2e = await startE2E();
  ({ email: superEmail, password: superPassword } = await superAdminOf(e2e));
});

afterAll(async () => {
  await e2e?.close();
});

describe('inviting the first admin of a new tenant', () => {
  it('super admin creates a tenant; the invitee signs up from the link, self-serve signup being off, and opens its admin dashboard', async () => {
    const tenantName = `Northwind Coaching ${unique()}`;
    const ownerEmail = `owner-${unique()}@example.test`;
    const ownerPassword = 'owner-password-123';

    // --- The super admin, in their own browser.
    const admin = await openBrowser(e2e);
    await signIn(admin, superEmail, superPassword);
    await waitForPlace(admin, { path: '/super' });

    await admin.getByRole('button', { name: 'Create Tenant' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Invite User' });
    await see(dialog);
    expect(await dialog.getByRole('tab', { name: 'New Tenant' }).getAttribute('aria-selected')).toBe('true');
    const create = dialog.getByRole('button', { name: 'Create Tenant' });
    expect(await create.isDisabled()).toBe(true);

    await dialog.getByLabel('Tenant name').fill(tenantName);
    expect(await dialog.getByLabel('Slug').inputValue()).toBe(tenantName.toLowerCase().replace(/ /g, '-'));
    await dialog.getByLabel('Tier').selectOption('pro');
    await dialog.getByLabel('First admin email').fill(ownerEmail);
    await create.click();

    await see(dialog.getByRole('status').filter({ hasText: 'Invite sent successfully' }));
    const linkField = dialog.getByLabel('Invitation link');
    await see(linkField);
    const link = await linkField.inputValue();
    expect(link).toMatch(
      new RegExp(`^${e2e.app.url.replace(/\./g, '\\.')}/signup\\?invite=[A-Za-z0-9_-]{20,}&member=true$`),
    );

    const tenant = await e2e.app.ctx.db.Tenant.findOne({ where: { name: tenantName } });
    expect(tenant).not.toBeNull();
    expect(tenant!.tier).toBe('pro');

    // The invitation email reaches the SMTP server, names the tenant and carries the same link.
    const mail = await e2e.smtp.waitFor(ownerEmail);
    expect(mail.subject).toBe(`You're invited to join ${tenantName}`);
    expect(mail.text).toContain(tenantName);
    expect(mail.text).toContain(link);

    // Closing the dialog shows the new tenant in the list.
    await dialog.getByRole('button', { name: 'Done' }).click();
    await notSee(dialog);
    await see(tenantRow(admin, tenantName));

    // Self-serve signup is off: an invitation still lets its own address create the account.
    const root = await e2e.app.request('POST', '/auth/login', { body: { email: superEmail, password: superPassword } });
    const setSignup = (enabled: boolean) =>
      e2e.app.request('PUT', '/flags/signup', { token: root.body.access_token, body: { enabled } });
    expect((await setSignup(false)).status).toBe(200);

    // --- The invitee, in another browser.
    const invitee = await openBrowser(e2e);
    await invitee.goto(link);
    await see(invitee.getByRole('heading', { name: 'Join the Team', level: 1 }));
    await see(invitee.getByText(`You've been invited to join ${tenantName}.`, { exact: false }));
    const emailField = invitee.getByLabel('Work email');
    await see(emailField);
    expect(await emailField.inputValue()).toBe(ownerEmail);
    expect(await emailField.getAttribute('readonly')).not.toBeNull();

    const createAccount = invitee.getByRole('button', { name: 'Create Account' });
    expect(await createAccount.isDisabled()).toBe(true);
    await invitee.getByLabel('Full name').fill('Olive Owner');
    await invitee.getByLabel('Password', { exact: true }).fill(ownerPassword);
    await createAccount.click();

    // The signup accepts the invitation (with the spec's pauses) and ends on the sign-in page.
    await waitForPlace(
      invitee,
      { path: '/login', query: { tenant_id: tenant!.id, message: 'account_created' } },
      SLOW_WAIT_MS,
    );
    await see(invitee.getByRole('status').filter({ hasText: 'Your account was created. Sign in to continue.' }));

    await submitSignIn(invitee, ownerEmail, ownerPassword);
    await waitForPlace(invitee, { path: '/dashboard/admin', query: { tenant_id: tenant!.id } });
    await see(sidebar(invitee).getByText(tenantName, { exact: true }));
    await see(invitee.getByRole('heading', { name: 'Admin Dashboard', level: 1 }));
    await see(invitee.getByText('Total clients', { exact: true }));
    await see(invitee.getByText('Active clients', { exact: true }));
    // The new owner is the workspace's newest member.
    await see(invitee.getByRole('region', { name: 'Recent users' }).getByText('Olive Owner', { exact: true }));
    expect((await setSignup(true)).status).toBe(200);
    expect(here(invitee).searchParams.get('message')).toBeNull();
  });

  it('tells the invitee when the link was already used', async () => {
    const tenantName = `Used Link ${unique()}`;
    const ownerEmail = `used-${unique()}@example.test`;
    const superToken = (
      await e2e.app.request('POST', '/auth/login', { body: { email: superEmail, password: superPassword } })
    ).body.access_token as string;
    const created = await e2e.app.request('POST', '/super/invitations', {
      token: superToken,
      body: { tenant: { name: tenantName, tier: 'starter' }, admin: { email: ownerEmail } },
    });
    expect(created.status).toBe(201);

    const invitee = await openBrowser(e2e);
    await invitee.goto(created.body.signup_url);
    await invitee.getByLabel('Full name').fill('Uma Used');
    await invitee.getByLabel('Password', { exact: true }).fill('used-password-123');
    await invitee.getByRole('button', { name: 'Create Account' }).click();
    await waitForPlace(
      invitee,
      { path: '/login', query: { tenant_id: created.body.tenant_id, message: 'account_created' } },
      SLOW_WAIT_MS,
    );

    const other = await openBrowser(e2e);
    await other.goto(created.body.signup_url);
    await see(other.getByText('This invitation has already been accepted. Sign in to continue.'));
    expect(await other.getByLabel('Full name').count()).toBe(0);
  });
});
