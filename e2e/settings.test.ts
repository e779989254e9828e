import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../testing/browser';
import { DEFAULT_PASSWORD, addMember, makeTenant, makeUser, signIn as apiSignIn } from '../testing/factories';
import { linkIn, notSee, openBrowser, see, sidebar, signIn, unique, waitForPlace } from './support';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
});

/** A tenant admin, signed in, on the admin settings page. */
async function adminOnSettings(fullName = 'Ada Admin') {
  const tenant = await makeTenant(e2e.app.ctx, { name: `Settings Co ${unique()}` });
  const user = await makeUser(e2e.app.ctx, { fullName });
  await addMember(e2e.app.ctx, tenant, user, 'admin');
  const page = await openBrowser(e2e);
  await signIn(page, user.email, DEFAULT_PASSWORD);
  await waitForPlace(page, { path: '/dashboard/admin', query: { tenant_id: tenant.id } });
  await sidebar(page).getByRole('link', { name: 'Settings' }).click();
  await waitForPlace(page, { path: '/dashboard/admin/settings', query: { tenant_id: tenant.id } });
  await see(page.getByRole('heading', { name: 'Settings', level: 1 }));
  return { tenant, user, page };
}

const section = (page: Page, title: string) => page.getByRole('region', { name: title });
/** A sonner toast with this text. */
const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

describe('admin settings', () => {
  it('turns Forms off in Features: its menu entry goes; on again, it is back', async () => {
    const { page } = await adminOnSettings();
    const features = section(page, 'Features');
    await see(sidebar(page).getByRole('link', { name: 'Forms', exact: true }));
    await features.getByRole('switch', { name: /Forms/ }).click();
    await see(toast(page, 'Forms turned off.'));
    await notSee(sidebar(page).getByRole('link', { name: 'Forms', exact: true }));
    expect(await features.getByRole('switch', { name: /Forms/ }).isChecked()).toBe(false);
    await features.getByRole('switch', { name: /Forms/ }).click();
    await see(toast(page, 'Forms turned on.'));
    await see(sidebar(page).getByRole('link', { name: 'Forms', exact: true }));
  });

  it('renames the workspace and shows the new name in the sidebar header', async () => {
    const { tenant, page } = await adminOnSettings();
    const brand = section(page, 'Brand & Legal');
    const nameField = brand.getByLabel('Workspace name');
    await see(nameField);
    expect(await nameField.inputValue()).toBe(tenant.name);
    await see(sidebar(page).getByText(tenant.name, { exact: true }));
    const save = brand.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);

    const renamed = `Renamed Studio ${unique()}`;
    await nameField.fill(renamed);
    await save.click();

    await see(toast(page, 'Brand settings saved'));
    await see(sidebar(page).getByText(renamed, { exact: true }));
    await notSee(sidebar(page).getByText(tenant.name, { exact: true }));
    // Saved on the server: still there after a reload.
    await page.reload();
    await see(sidebar(page).getByText(renamed, { exact: true }));
    expect(await section(page, 'Brand & Legal').getByLabel('Workspace name').inputValue()).toBe(renamed);
  });

  it('refuses a wrong current password, then changes the password', async () => {
    const { user, page } = await adminOnSettings();
    const passwords = section(page, 'Change Password');
    const newPassword = 'a-better-password-9';
    const update = passwords.getByRole('button', { name: 'Update Password' });

    await passwords.getByLabel('Current password').fill('not-my-password');
    await passwords.getByLabel('New password').fill(newPassword);
    await passwords.getByLabel('Confirm password').fill(newPassword);
    await update.click();
    await see(passwords.getByRole('alert').filter({ hasText: 'Current password is incorrect' }));

    await passwords.getByLabel('Current password').fill(DEFAULT_PASSWORD);
    await update.click();
    await see(toast(page, 'Password updated'));
    // The form is cleared and the error gone.
    await notSee(passwords.getByRole('alert'));
    expect(await passwords.getByLabel('Current password').inputValue()).toBe('');

    // The new password signs in; the old one no longer does.
    await expect(apiSignIn(e2e.app, user.email, newPassword)).resolves.toHaveProperty('token');
    await expect(apiSignIn(e2e.app, user.email, DEFAULT_PASSWORD)).rejects.toThrow(/401/);
  });

  it('updates the contact info', async () => {
    const { page } = await adminOnSettings('Ada Admin');
    const profile = section(page, 'Your Profile');
    expect(await profile.getByLabel('First name').inputValue()).toBe('Ada');
    expect(await profile.getByLabel('Last name').inputValue()).toBe('Admin');

    await profile.getByLabel('First name').fill('Adeline');
    await profile.getByLabel('Last name').fill('Lovelace');
    // The form checks with the API's own schema: the server's sentences, before anything is sent.
    await profile.getByLabel('Phone').fill('call me');
    await profile.getByLabel('LinkedIn URL').fill('linkedin');
    await profile.getByRole('button', { name: 'Save Contact Info' }).click();
    await see(profile.getByText('Phone may contain only digits, spaces and + ( ) . -'));
    await see(profile.getByText('LinkedIn URL must be a web address starting with http:// or https://.'));
    expect(await profile.getByLabel('Phone').getAttribute('aria-invalid')).toBe('true');

    await profile.getByLabel('Phone').fill('+44 20 7946 0000');
    await profile.getByLabel('LinkedIn URL').fill('https://www.linkedin.com/in/adeline');
    await notSee(profile.getByText('Phone may contain only digits, spaces and + ( ) . -'));
    await profile.getByRole('button', { name: 'Save Contact Info' }).click();

    await see(toast(page, 'Contact info updated!'));
    // The account menu in the top bar shows the new name.
    await see(page.getByRole('button', { name: 'Account menu' }).getByText('Adeline Lovelace', { exact: true }));
    await page.reload();
    const reloaded = section(page, 'Your Profile');
    await see(reloaded.getByLabel('Phone'));
    expect(await reloaded.getByLabel('First name').inputValue()).toBe('Adeline');
    expect(await reloaded.getByLabel('Phone').inputValue()).toBe('+44 20 7946 0000');
    expect(await reloaded.getByLabel('LinkedIn URL').inputValue()).toBe('https://www.linkedin.com/in/adeline');
  });

  it('changes the sign-in email once the new address is confirmed, refusing an empty or malformed one first', async () => {
    const { user, page } = await adminOnSettings();
    const email = section(page, 'Change Email');
    const field = email.getByLabel('Email');
    expect(await field.inputValue()).toBe(user.email);
    const update = email.getByRole('button', { name: 'Update Email' });
    // Unchanged: nothing to send.
    expect(await update.isDisabled()).toBe(true);

    await field.fill('');
    await field.blur();
    await see(email.getByText('Email cannot be empty.', { exact: true }));
    await field.fill('not an address');
    await update.click();
    await see(email.getByText('Enter a valid email address.', { exact: true }));

    const changed = `moved-${unique()}@example.com`;
    await field.fill(changed.toUpperCase());
    await update.click();
    await see(email.getByText('Current password is required.', { exact: true }));
    await email.getByLabel('Current password').fill(DEFAULT_PASSWORD);
    await update.click();
    await see(toast(page, `Check ${changed} for a link to confirm it.`));
    await see(email.getByText(`Waiting for you to confirm ${changed}`, { exact: false }));
    // Until the new address is confirmed, the old one still signs in.
    await expect(apiSignIn(e2e.app, user.email, DEFAULT_PASSWORD)).resolves.toHaveProperty('token');
    expect((await e2e.smtp.waitFor(user.email)).text).toContain(changed);

    await page.goto(linkIn((await e2e.smtp.waitFor(changed)).text, `${e2e.app.url}/verify-email?`));
    await see(page.getByRole('status').filter({ hasText: `Your email ${changed} is confirmed.` }));
    // Stored as the server keeps it (lower case), and the old address no longer signs in.
    await expect(apiSignIn(e2e.app, changed, DEFAULT_PASSWORD)).resolves.toHaveProperty('token');
    await expect(apiSignIn(e2e.app, user.email, DEFAULT_PASSWORD)).rejects.toThrow(/401/);
  });

  it('adds a role type that is still there after a reload', async () => {
    const { page } = await adminOnSettings();
    const roles = section(page, 'Role Types & Banner Colors');
    await see(roles.getByLabel('Role key, row 4'));
    expect(await roles.getByLabel('Role key, row 5').count()).toBe(0);

    await roles.getByRole('button', { name: 'Add Role' }).click();
    await roles.getByLabel('Role key, row 5').fill('coach');
    await roles.getByLabel('Role label, row 5').fill('Coach');
    await roles.getByLabel('Role colour, row 5').selectOption('orange');
    await roles.getByLabel('Role kind, row 5').selectOption('team');
    await roles.getByRole('button', { name: 'Save Role Types' }).click();
    await see(toast(page, 'Role types saved successfully!'));

    await page.reload();
    const reloaded = section(page, 'Role Types & Banner Colors');
    await see(reloaded.getByLabel('Role key, row 5'));
    expect(await reloaded.getByLabel('Role key, row 5').inputValue()).toBe('coach');
    expect(await reloaded.getByLabel('Role label, row 5').inputValue()).toBe('Coach');
    expect(await reloaded.getByLabel('Role colour, row 5').inputValue()).toBe('orange');
    expect(await reloaded.getByLabel('Role kind, row 5').inputValue()).toBe('team');
  });

  it('does not save a role without a key', async () => {
    const { page } = await adminOnSettings();
    const roles = section(page, 'Role Types & Banner Colors');
    await see(roles.getByLabel('Role key, row 4'));
    await roles.getByRole('button', { name: 'Add Role' }).click();
    await roles.getByLabel('Role label, row 5').fill('Nameless');

    await see(roles.getByText('Each role needs a key.'));
    expect(await roles.getByRole('button', { name: 'Save Role Types' }).isDisabled()).toBe(true);
  });
});
