import { readFile } from 'node:fs/promises';
import { type Tenant } from '@portico/core';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, startE2E, type E2E } from '../testing/browser';
import { DEFAULT_PASSWORD, addMember, makeTenant, makeUser, UNUSABLE_PASSWORD_HASH } from '../testing/factories';
import { linkIn, notSee, openBrowser, see, sidebar, signIn, unique, waitForPlace } from './support';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
});

/** A member who never signs in (no password hashing). */
async function quickMember(tenant: Tenant, email: string, first: string, last: string, role = 'role2') {
  const user = await e2e.app.ctx.db.User.create({ email, password_hash: UNUSABLE_PASSWORD_HASH });
  await e2e.app.ctx.db.Profile.create({ id: user.id, first_name: first, last_name: last });
  await e2e.app.ctx.db.Membership.create({ tenant_id: tenant.id, user_id: user.id, role, status: 'active' });
  return user;
}

/** A tenant admin, signed in, on /crm/users (reached through the sidebar). */
async function adminOnPeople(tenant: Tenant) {
  const admin = await makeUser(e2e.app.ctx, { fullName: 'Ada Admin' });
  await addMember(e2e.app.ctx, tenant, admin, 'admin');
  const page = await openBrowser(e2e);
  await signIn(page, admin.email, DEFAULT_PASSWORD);
  await waitForPlace(page, { path: '/dashboard/admin', query: { tenant_id: tenant.id } });
  await sidebar(page).getByRole('link', { name: 'User Management' }).click();
  await waitForPlace(page, { path: '/crm/users', query: { tenant_id: tenant.id } });
  await see(page.getByRole('heading', { name: 'User Management', level: 1 }));
  return page;
}

const row = (page: Page, email: string) =>
  page.getByRole('region', { name: 'Users' }).getByRole('row').filter({ hasText: email });
const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

describe('CRM users', () => {
  it('bulk-changes two users to the Team Member role', async () => {
    const tenant = await makeTenant(e2e.app.ctx, { name: `People Co ${unique()}` });
    const alice = `alice-${unique()}@people.test`;
    const bob = `bob-${unique()}@people.test`;
    const carol = `carol-${unique()}@people.test`;
    await quickMember(tenant, alice, 'Alice', 'Alpha');
    await quickMember(tenant, bob, 'Bob', 'Beta');
    await quickMember(tenant, carol, 'Carol', 'Gamma');
    const page = await adminOnPeople(tenant);

    await see(row(page, alice));
    await page.getByRole('checkbox', { name: `Select ${alice}` }).check();
    await page.getByRole('checkbox', { name: `Select ${bob}` }).check();
    const bulk = page.getByRole('region', { name: 'Bulk actions' });
    await see(bulk.getByText('2 selected'));
    await bulk.getByRole('button', { name: 'Set as Team Member' }).click();

    await see(toast(page, 'Successfully updated 2 user(s) to Team Member role'));
    await see(row(page, alice).getByText('Team Member', { exact: true }));
    await see(row(page, bob).getByText('Team Member', { exact: true }));
    await see(row(page, carol).getByText('Client', { exact: true }));
    await notSee(bulk);
    const roles = await e2e.app.ctx.db.Membership.findAll({
      where: { tenant_id: tenant.id },
      include: [{ model: e2e.app.ctx.db.User, as: 'user', attributes: ['email'] }],
    });
    expect(Object.fromEntries(roles.map((m) => [m.user!.email, m.role]))).toMatchObject({
      [alice]: 'role1',
      [bob]: 'role1',
      [carol]: 'role2',
    });
  });

  it('exports the filtered rows as a CSV download', async () => {
    const tenant = await makeTenant(e2e.app.ctx, { name: `Export Co ${unique()}` });
    const tag = unique();
    const kept = [`kept-one-${tag}@export.test`, `kept-two-${tag}@export.test`];
    const other = `other-${tag}@export.test`;
    await quickMember(tenant, kept[0]!, 'Kim', 'Kept');
    await quickMember(tenant, kept[1]!, 'Ken', 'Kept', 'role3');
    await quickMember(tenant, other, 'Oscar', 'Other');
    const page = await adminOnPeople(tenant);

    await see(row(page, other));
    await page.getByLabel('Search users').fill(`kept-`);
    await notSee(row(page, other));
    await see(row(page, kept[0]!));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`users-${tenant.slug}.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe(
      'id,email,first_name,last_name,role,role_label,status,phone,linkedin,created_at,last_sign_in_at',
    );
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[1])
        .sort(),
    ).toEqual([...kept].sort());
    expect(csv).not.toContain(other);
    expect(csv).toContain(',Ken,Kept,role3,Guest,active,');
  });

  it('edits a user in the drawer, suspends them from the row menu and filters by status', async () => {
    const tenant = await makeTenant(e2e.app.ctx, { name: `Edit Co ${unique()}` });
    const dana = `dana-${unique()}@people.test`;
    const eve = `eve-${unique()}@people.test`;
    await quickMember(tenant, dana, 'Dana', 'Delta');
    await quickMember(tenant, eve, 'Eve', 'Echo');
    const page = await adminOnPeople(tenant);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Details drawer: opens from the row menu, closes on Escape.
    await row(page, dana)
      .getByRole('button', { name: `Actions for ${dana}` })
      .click();
    await page.getByRole('menuitem', { name: 'View details' }).click();
    const details = page.getByRole('dialog', { name: 'User details' });
    await see(details.getByText('Dana Delta', { exact: true }));
    await page.keyboard.press('Escape');
    await notSee(details);

    await row(page, dana)
      .getByRole('button', { name: `Actions for ${dana}` })
      .click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit user' });
    await edit.getByLabel('Last name').fill('Dawson');
    await edit.getByLabel('Role').selectOption({ label: 'Guest' });
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await see(toast(page, 'User updated successfully! Role changed to Guest.'));
    await notSee(edit);
    await see(row(page, dana).getByText('Dana Dawson', { exact: true }));
    await see(row(page, dana).getByText('Guest', { exact: true }));

    await row(page, eve)
      .getByRole('button', { name: `Actions for ${eve}` })
      .click();
    await page.getByRole('menuitem', { name: 'Suspend' }).click();
    await see(toast(page, 'User suspended'));
    await see(row(page, eve).getByText('Suspended', { exact: true }));

    await page.getByLabel('Filter by status').selectOption('suspended');
    await notSee(row(page, dana));
    await see(row(page, eve));

    // The filters live in the address: a search and the status survive a reload, with the workspace.
    await page.getByLabel('Search users').fill('eve-');
    await waitForPlace(page, { path: '/crm/users', query: { status: 'suspended', query: 'eve-' } });
    await page.reload();
    await see(row(page, eve));
    await notSee(row(page, dana));
    expect(await page.getByLabel('Search users').inputValue()).toBe('eve-');
    expect(await page.getByLabel('Filter by status').inputValue()).toBe('suspended');
    expect(await e2e.app.ctx.db.Membership.findOne({ where: { tenant_id: tenant.id, role: 'role3' } })).not.toBeNull();
  });

  it('invites someone by email and deletes a user with their files', async () => {
    const tenant = await makeTenant(e2e.app.ctx, { name: `Invite Co ${unique()}` });
    const frank = `frank-${unique()}@people.test`;
    await quickMember(tenant, frank, 'Frank', 'Fox');
    const page = await adminOnPeople(tenant);

    await page.getByRole('button', { name: 'Invite User' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Invite User' });
    const invitee = `new-${unique()}@people.test`;
    await dialog.getByLabel('Email').fill(invitee);
    await dialog.getByLabel('Role').selectOption({ label: 'Team Member' });
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await see(toast(page, 'Invitation sent successfully!'));
    await notSee(dialog);
    const mail = await e2e.smtp.waitFor(invitee);
    expect(linkIn(mail.text, `${e2e.app.url}/signup?`)).toMatch(/[?&]invite=[^&]+/);

    await row(page, frank)
      .getByRole('button', { name: `Actions for ${frank}` })
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete user' });
    await confirm.getByLabel('Also delete their files').check();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await see(toast(page, 'User deleted'));
    await notSee(row(page, frank));
    expect(await e2e.app.ctx.db.User.findOne({ where: { email: frank } })).toBeNull();
  });

  it('lists a pending invitation, resends it with a new link and revokes it after confirming', async () => {
    const tenant = await makeTenant(e2e.app.ctx, { name: `Pending Co ${unique()}` });
    const page = await adminOnPeople(tenant);
    const pending = page.getByRole('region', { name: 'Pending invitations' });
    await see(pending.getByText('No pending invitations.'));

    const invitee = `pending-${unique()}@people.test`;
    await page.getByRole('button', { name: 'Invite User' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Invite User' });
    await dialog.getByLabel('Email').fill(invitee);
    await dialog.getByLabel('Role').selectOption({ label: 'Team Member' });
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await see(toast(page, 'Invitation sent successfully!'));

    // The list refreshes after the invite: email, role label, sent and expiry dates, who sent it.
    const invitationRow = pending.getByRole('row').filter({ hasText: invitee });
    await see(invitationRow);
    await see(invitationRow.getByText('Team Member', { exact: true }));
    await see(invitationRow.getByText('Sent by Ada Admin'));
    expect(await invitationRow.getByRole('cell').count()).toBe(5);
    expect(await accessibilityViolations(page)).toEqual([]);
    const firstLink = linkIn((await e2e.smtp.waitFor(invitee)).text, `${e2e.app.url}/signup?`);

    await invitationRow.getByRole('button', { name: `Resend the invitation to ${invitee}` }).click();
    await see(toast(page, `Invitation sent again to ${invitee}.`));
    await expect
      .poll(() => e2e.smtp.messages.filter((m) => m.to.includes(invitee)).length, { timeout: 10_000 })
      .toBe(2);
    const secondLink = linkIn(
      e2e.smtp.messages.filter((m) => m.to.includes(invitee))[1]!.text,
      `${e2e.app.url}/signup?`,
    );
    expect(secondLink).not.toBe(firstLink);

    // The old link now tells the invitee it was withdrawn.
    const visitor = await openBrowser(e2e);
    await visitor.goto(firstLink);
    await see(visitor.getByText('This invitation was withdrawn.', { exact: false }));
    expect(await visitor.getByLabel('Full name').count()).toBe(0);

    // Revoke asks first; Escape cancels and gives focus back to the button.
    const revoke = invitationRow.getByRole('button', { name: `Revoke the invitation to ${invitee}` });
    await revoke.focus();
    await page.keyboard.press('Enter');
    const question = pending.getByRole('group', { name: `Revoke the invitation to ${invitee}?` });
    await see(question);
    await page.keyboard.press('Escape');
    await notSee(question);
    await expect
      .poll(() => page.evaluate<string | null>('document.activeElement?.getAttribute("aria-label") ?? null'))
      .toBe(`Revoke the invitation to ${invitee}`);

    await revoke.click();
    await question.getByRole('button', { name: 'Confirm' }).click();
    await see(toast(page, 'Invitation revoked'));
    await notSee(invitationRow);
    await see(pending.getByText('No pending invitations.'));
    expect(
      await e2e.app.ctx.db.Invitation.count({ where: { tenant_id: tenant.id, email: invitee, revoked_at: null } }),
    ).toBe(0);

    await visitor.goto(secondLink);
    await see(visitor.getByText('This invitation was withdrawn.', { exact: false }));
  });

  it('shows the name and email of someone who also belongs to another workspace read-only, and still saves their role', async () => {
    const tenant = await makeTenant(e2e.app.ctx, { name: `Shared Co ${unique()}` });
    const shared = `shared-${unique()}@people.test`;
    const user = await quickMember(tenant, shared, 'Sam', 'Shared');
    await addMember(e2e.app.ctx, await makeTenant(e2e.app.ctx), user, 'role2');
    const page = await adminOnPeople(tenant);

    await row(page, shared)
      .getByRole('button', { name: `Actions for ${shared}` })
      .click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit user' });
    await see(edit.getByText('They also belong to another workspace', { exact: false }));
    for (const label of ['First name', 'Last name', 'Email'])
      expect(await edit.getByLabel(label).getAttribute('readonly'), label).not.toBeNull();
    expect(await edit.getByLabel('New password').count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);

    await edit.getByLabel('Role').selectOption({ label: 'Guest' });
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await see(toast(page, 'User updated successfully! Role changed to Guest.'));
    await see(row(page, shared).getByText('Guest', { exact: true }));
    expect(await e2e.app.ctx.db.Profile.findByPk(user.id)).toMatchObject({ first_name: 'Sam', last_name: 'Shared' });

    // Setting their password is not offered either; a reset link is.
    await row(page, shared)
      .getByRole('button', { name: `Actions for ${shared}` })
      .click();
    await page.getByRole('menuitem', { name: /Reset password/ }).click();
    const reset = page.getByRole('dialog', { name: 'Reset password' });
    await see(reset.getByText('Email them a reset link'));
    expect(await reset.getByText('Set a new password now').count()).toBe(0);
  });
});
