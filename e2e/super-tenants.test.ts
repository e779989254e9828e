import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload } from '../api/test/files-support';
import { createKey, v1 } from '../api/test/public-api-support';
import { accessibilityViolations, startE2E, type E2E } from '../testing/browser';
import { DEFAULT_PASSWORD, makeWorkspace } from '../testing/factories';
import { runMaintenanceTask } from '../testing/jobs';
import { notSee, openBrowser, see, signIn, superAdminOf, unique, waitForPlace } from './support';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

/** The row of the Tenants page's table whose name (a button opening the drawer) is `name`. */
const tenantRow = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Tenants' })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name, exact: true }) });

/** One row of the drawer's Usage list. */
const usage = (page: Page, label: string) =>
  page
    .getByRole('dialog')
    .getByLabel('Usage')
    .locator('div')
    .filter({ has: page.getByText(label, { exact: true }) });

describe('Tenants and Domains', () => {
  it('a super admin filters the table, reads a tenant’s usage, suspends and reactivates it, and deletes another', async () => {
    const tag = unique();
    const kept = await makeWorkspace(e2e.app, { tier: 'pro' });
    await kept.tenant.update({ name: `Kestrel ${tag}` });
    const doomed = await makeWorkspace(e2e.app, { tier: 'starter' });
    await doomed.tenant.update({ name: `Dormouse ${tag}` });
    // Real figures: a file of 11 bytes and three calls with an API key, flushed as the scheduler does.
    const file = await upload(e2e.app, {
      token: kept.admin.token,
      tenantId: kept.tenant.id,
      name: 'brief.pdf',
      type: 'application/pdf',
      content: '%PDF-1.4 hi',
      fields: { user_id: kept.member.user.id },
    });
    expect(file.status).toBe(201);
    const { key } = await createKey(e2e.app, kept.tenant, kept.admin);
    for (let i = 0; i < 3; i++) expect((await v1(e2e.app, key, 'GET', '/members')).status).toBe(200);
    await runMaintenanceTask(e2e.app.ctx, 'flush-api-key-usage');

    const root = await superAdminOf(e2e);
    const page = await openBrowser(e2e);
    await signIn(page, root.email, root.password);
    await waitForPlace(page, { path: '/super' });
    await page.getByRole('link', { name: 'Tenants and Domains' }).click();
    await waitForPlace(page, { path: '/super/tenants' });
    await see(page.getByRole('heading', { name: 'Tenants and Domains', level: 1 }));

    // Filters: the search, then the tier.
    await page.getByLabel('Search tenants').fill(tag);
    await see(tenantRow(page, `Kestrel ${tag}`));
    await see(tenantRow(page, `Dormouse ${tag}`));
    await page.getByLabel('Filter by tier').selectOption('starter');
    await notSee(tenantRow(page, `Kestrel ${tag}`));
    await see(tenantRow(page, `Dormouse ${tag}`));
    await page.getByLabel('Filter by tier').selectOption('');
    await page.getByLabel('Filter by custom domain').selectOption('true');
    await see(page.getByText('No tenants found.'));
    await page.getByLabel('Filter by custom domain').selectOption('');
    const row = tenantRow(page, `Kestrel ${tag}`);
    await see(row.getByRole('cell', { name: '11 B', exact: true }));
    expect(await accessibilityViolations(page)).toEqual([]);

    // The drawer's Usage shows the same real figures.
    await row.getByRole('button', { name: `Kestrel ${tag}`, exact: true }).click();
    const drawer = page.getByRole('dialog', { name: `Kestrel ${tag}` });
    await see(drawer);
    await see(usage(page, 'Storage').getByText('11 B', { exact: true }));
    await see(usage(page, 'API calls').getByText('3', { exact: true }));
    await see(usage(page, 'Members').getByText('2', { exact: true }));
    await see(usage(page, 'Seats used').getByText('0 of 3', { exact: true }));
    expect(await accessibilityViolations(page)).toEqual([]);

    // Its domains and brand, as its admin would manage them.
    await drawer.getByRole('tab', { name: 'Domains' }).click();
    await see(drawer.getByText(`${kept.tenant.slug}.localhost`, { exact: true }));
    await drawer.getByLabel('Add a domain').fill(`kestrel-${tag}.example.com`);
    await drawer.getByRole('button', { name: 'Add domain' }).click();
    await see(drawer.getByText(`kestrel-${tag}.example.com`, { exact: true }));
    await see(drawer.getByText('Not verified', { exact: true }));
    await drawer.getByRole('tab', { name: 'Branding' }).click();
    await drawer.getByLabel('Primary colour', { exact: true }).fill('#0F766E');
    await drawer.getByRole('button', { name: 'Save brand' }).click();
    await see(toast(page, 'Brand settings saved'));
    expect((await e2e.app.ctx.db.Tenant.findByPk(kept.tenant.id))!.primary_color).toBe('#0F766E');

    // A plan change, then a suspension with a reason: its member then sees the suspended page.
    await drawer.getByRole('tab', { name: 'Manage' }).click();
    await drawer.getByLabel('Seats').fill('5');
    await drawer.getByRole('button', { name: 'Save plan' }).click();
    await see(toast(page, 'Plan saved'));
    expect((await e2e.app.ctx.db.Tenant.findByPk(kept.tenant.id))!.seats_total).toBe(5);
    await drawer.getByRole('button', { name: 'Suspend Tenant' }).click();
    const suspend = page.getByRole('dialog', { name: `Suspend Kestrel ${tag}` });
    const confirm = suspend.getByRole('button', { name: 'Suspend Tenant' });
    expect(await confirm.isDisabled()).toBe(true);
    await suspend.getByLabel('Reason').fill('Unpaid invoices');
    await confirm.click();
    await see(toast(page, `Kestrel ${tag} suspended. Its members now see the suspended page.`));
    await see(drawer.getByText('This tenant is suspended: its members see the suspended page.'));
    expect((await e2e.app.ctx.db.Tenant.findByPk(kept.tenant.id))!.status).toBe('suspended');

    const member = await openBrowser(e2e);
    await signIn(member, kept.member.user.email, DEFAULT_PASSWORD);
    await see(member.getByRole('heading', { name: 'This workspace is suspended' }));

    // Reactivate it: the member is back in.
    await drawer.getByRole('button', { name: 'Reactivate' }).click();
    await see(toast(page, `Kestrel ${tag} reactivated`));
    await member.reload();
    await see(member.getByRole('heading', { name: /Dashboard|Client/ }).first());
    await notSee(member.getByRole('heading', { name: 'This workspace is suspended' }));
    await page.keyboard.press('Escape');
    await notSee(drawer);

    // Delete the other one, typing its slug.
    await tenantRow(page, `Dormouse ${tag}`)
      .getByRole('button', { name: `Dormouse ${tag}`, exact: true })
      .click();
    const other = page.getByRole('dialog', { name: `Dormouse ${tag}` });
    await other.getByRole('tab', { name: 'Manage' }).click();
    const remove = other.getByRole('button', { name: 'Delete tenant' });
    await other.getByLabel(`Type ${doomed.tenant.slug} to confirm`).fill('not-the-slug');
    await other.getByLabel('Reason', { exact: true }).fill('Closed their account');
    expect(await remove.isDisabled()).toBe(true);
    await other.getByLabel(`Type ${doomed.tenant.slug} to confirm`).fill(doomed.tenant.slug);
    await remove.click();
    await see(toast(page, `Dormouse ${tag} deleted. Its files are being removed from storage.`));
    await notSee(other);
    await notSee(tenantRow(page, `Dormouse ${tag}`));
    await see(tenantRow(page, `Kestrel ${tag}`));
    expect(await e2e.app.ctx.db.Tenant.findByPk(doomed.tenant.id)).toBeNull();
  });

  it('the palette’s Create Tenant opens the new-tenant form; Suspend Tenant (palette or Mission Control) asks which tenant', async () => {
    const tag = unique();
    const target = await makeWorkspace(e2e.app);
    await target.tenant.update({ name: `Puffin ${tag}` });
    const root = await superAdminOf(e2e);
    const page = await openBrowser(e2e);
    await signIn(page, root.email, root.password);
    await see(page.getByRole('heading', { name: 'Mission Control', level: 1 }));

    await page.keyboard.press('Control+Shift+K');
    await page.getByRole('combobox', { name: 'Command' }).fill('Create Tenant');
    await page.keyboard.press('Enter');
    const invite = page.getByRole('dialog', { name: 'Invite User' });
    await see(invite.getByRole('tab', { name: 'New Tenant', selected: true }));
    await see(invite.getByLabel('Tenant name'));
    await page.keyboard.press('Escape');
    await notSee(invite);

    // Mission Control's quick action opens the same picker.
    await page.getByRole('button', { name: 'Suspend Tenant' }).click();
    await see(page.getByRole('dialog', { name: 'Suspend Tenant' }).getByLabel('Tenant'));
    await page.keyboard.press('Escape');
    await notSee(page.getByRole('dialog', { name: 'Suspend Tenant' }));

    await page.keyboard.press('Control+Shift+K');
    await page.getByRole('combobox', { name: 'Command' }).fill('Suspend Tenant');
    await page.keyboard.press('Enter');
    const suspend = page.getByRole('dialog', { name: 'Suspend Tenant' });
    await suspend.getByLabel('Tenant').selectOption({ label: `Puffin ${tag} (${target.tenant.slug})` });
    await suspend.getByLabel('Reason').fill('Fraud review');
    await suspend.getByRole('button', { name: 'Suspend Tenant' }).click();
    await see(toast(page, `Puffin ${tag} suspended. Its members now see the suspended page.`));
    expect((await e2e.app.ctx.db.Tenant.findByPk(target.tenant.id))!.status).toBe('suspended');
  });
});
