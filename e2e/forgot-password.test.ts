import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../testing/browser';
import { DEFAULT_PASSWORD, addMember, makeTenant, makeUser } from '../testing/factories';
import { here, linkIn, notSee, openBrowser, see, signIn, waitForPlace } from './support';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
});

describe('forgot password', () => {
  it('emails a reset link that sets a new password; the old one stops working', async () => {
    const tenant = await makeTenant(e2e.app.ctx);
    const user = await makeUser(e2e.app.ctx, { fullName: 'Rita Reset' });
    await addMember(e2e.app.ctx, tenant, user, 'admin');
    const newPassword = 'brand-new-secret-42';
    const page = await openBrowser(e2e);

    // Ask for the link from the sign-in page.
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await see(dialog);
    await dialog.getByLabel('Email', { exact: true }).fill(user.email);
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await see(
      dialog
        .getByRole('status')
        .filter({ hasText: 'If an account exists for that email, a password reset link has been sent.' }),
    );
    await dialog.getByRole('button', { name: 'Done' }).click();
    await notSee(dialog);

    // The link arrives by email, delivered by the worker to the SMTP server.
    const mail = await e2e.smtp.waitFor(user.email);
    expect(mail.subject).toMatch(/^Reset your .+ password$/);
    const link = linkIn(mail.text, `${e2e.app.url}/reset-password?`);
    const token = new URL(link).searchParams.get('token');
    expect(token).toBeTruthy();
    expect(mail.html).toContain(token);

    // Choose a new password; a mismatched confirmation is refused first.
    await page.goto(link);
    await see(page.getByRole('heading', { name: 'Choose a new password' }));
    const submit = page.getByRole('button', { name: 'Reset Password' });
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill(`${newPassword}-typo`);
    await see(page.getByText('Passwords must match'));
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await notSee(page.getByText('Passwords must match'));
    await submit.click();
    await waitForPlace(page, { path: '/login', query: { message: 'password_reset' } });
    await see(
      page.getByRole('status').filter({ hasText: 'Your password has been reset. Sign in with your new password.' }),
    );

    // The old password no longer works…
    await signIn(page, user.email, DEFAULT_PASSWORD);
    await see(page.getByRole('alert').filter({ hasText: 'Invalid login credentials' }));
    expect(here(page).pathname).toBe('/login');

    // …and the new one does.
    await signIn(page, user.email, newPassword);
    await waitForPlace(page, { path: '/dashboard/admin', query: { tenant_id: tenant.id } });
    await see(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }));
  });

  it('refuses the same link a second time', async () => {
    const tenant = await makeTenant(e2e.app.ctx);
    const user = await makeUser(e2e.app.ctx);
    await addMember(e2e.app.ctx, tenant, user, 'admin');
    const page = await openBrowser(e2e);

    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    // The address typed on the sign-in form is carried into the dialog.
    expect(await dialog.getByLabel('Email', { exact: true }).inputValue()).toBe(user.email);
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await see(dialog.getByText('If an account exists for that email, a password reset link has been sent.'));
    const link = linkIn((await e2e.smtp.waitFor(user.email)).text, `${e2e.app.url}/reset-password?`);

    for (const attempt of [1, 2]) {
      await page.goto(link);
      await page.getByLabel('New password', { exact: true }).fill(`another-secret-${attempt}`);
      await page.getByLabel('Confirm password', { exact: true }).fill(`another-secret-${attempt}`);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      if (attempt === 1) await waitForPlace(page, { path: '/login', query: { message: 'password_reset' } });
    }
    await see(page.getByRole('alert').filter({ hasText: 'This reset link is invalid or has expired' }));
    expect(here(page).pathname).toBe('/reset-password');
  });
});
