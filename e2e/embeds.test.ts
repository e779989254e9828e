import type { Page } from 'playwright-core';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, startE2E, type E2E } from '../testing/browser';
import { DEFAULT_PASSWORD, addMember, makeTenant, makeUser } from '../testing/factories';
import { notSee, openBrowser, see, sidebar, signIn, unique, waitForPlace } from './support';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
});

const NO_ACCESS = "You don't have access to this embed.";
/** The sidebar's Embedded Tools list. */
const toolsNav = (page: Page) => sidebar(page).getByRole('navigation', { name: 'Embedded Tools' });

async function signedIn(email: string, home: string, tenantId: string): Promise<Page> {
  const page = await openBrowser(e2e);
  await signIn(page, email, DEFAULT_PASSWORD);
  await waitForPlace(page, { path: home, query: { tenant_id: tenantId } });
  return page;
}

describe('embedded tools', () => {
  it('an admin adds an embed for a role; a member of that role opens it from the sidebar; another role cannot', async () => {
    const tenant = await makeTenant(e2e.app.ctx, { name: `Embeds Co ${unique()}` });
    const admin = await makeUser(e2e.app.ctx, { fullName: 'Ada Admin' });
    const client = await makeUser(e2e.app.ctx, { fullName: 'Cleo Client' });
    const team = await makeUser(e2e.app.ctx, { fullName: 'Tom Team' });
    await addMember(e2e.app.ctx, tenant, admin, 'admin');
    await addMember(e2e.app.ctx, tenant, client, 'role2');
    await addMember(e2e.app.ctx, tenant, team, 'role1');
    const title = `Client booking ${unique()}`;

    // The admin adds it in the Embed Manager. The URL is never reachable offline: the frame stays empty, which is fine.
    const adminPage = await signedIn(admin.email, '/dashboard/admin', tenant.id);
    await sidebar(adminPage).getByRole('link', { name: 'Embed Manager' }).click();
    await waitForPlace(adminPage, { path: '/admin-embeds', query: { tenant_id: tenant.id } });
    await see(adminPage.getByText('No embeds yet.', { exact: true }));

    const form = adminPage.getByRole('region', { name: 'Add Embed' });
    await form.getByRole('button', { name: 'Add Embed' }).click();
    await see(form.getByText('Please fill Title, Provider and URL', { exact: true }));

    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Embed URL').fill('https://calendly.com/embeds-co/intro');
    // Recognised from the URL.
    expect(await form.getByLabel('Provider').inputValue()).toBe('calendly');
    await see(form.locator('iframe[title^="Preview of"]'));
    await form.getByLabel('User type').selectOption({ label: 'Client' });
    await form.getByLabel('Description').fill('Pick a time that suits you');
    await form.getByRole('button', { name: 'Add Embed' }).click();
    await see(form.getByText('Embed added', { exact: true }));
    // The message goes away by itself (about 2.5 s).
    await notSee(form.getByText('Embed added', { exact: true }));

    const list = adminPage.getByRole('region', { name: 'Embeds', exact: true });
    const row = list.getByRole('row').filter({ hasText: title });
    await see(row);
    await see(row.getByText('Calendly', { exact: true }));
    await see(row.getByText('Active', { exact: true }));
    // Search works.
    await list.getByLabel('Search').fill('no such embed');
    await see(list.getByText('No embeds match your search and filters.'));
    await list.getByLabel('Search').fill('');
    await see(row);

    // A member of that role finds it on the dashboard's Pages and in the sidebar, and opens it.
    const clientPage = await signedIn(client.email, '/dashboard/client', tenant.id);
    await clientPage.getByRole('tab', { name: 'Pages' }).click();
    const pages = clientPage.getByRole('region', { name: 'Pages', exact: true });
    await see(pages.getByRole('link', { name: `Open Tool: ${title}` }));
    await see(pages.getByText('Pick a time that suits you', { exact: true }));
    await toolsNav(clientPage).getByRole('link', { name: title }).click();
    const opened = await waitForPlace(clientPage, {
      path: /^\/embed\/[0-9a-f-]{36}$/,
      query: { tenant_id: tenant.id },
    });
    await see(clientPage.getByRole('heading', { name: title, level: 1 }));
    const frame = clientPage.locator(`iframe[title="${title}"]`);
    await see(frame);
    expect(await frame.getAttribute('src')).toBe('https://calendly.com/embeds-co/intro');
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms allow-popups');

    // A member of another role sees no such link, and the address answers with the refusal.
    const teamPage = await signedIn(team.email, '/dashboard/client', tenant.id);
    await see(sidebar(teamPage).getByRole('link', { name: 'Dashboard' }));
    expect(await sidebar(teamPage).getByRole('link', { name: title }).count()).toBe(0);
    await teamPage.getByRole('tab', { name: 'Pages' }).click();
    await see(teamPage.getByText('No pages assigned yet.', { exact: true }));
    await teamPage.goto(`${opened.pathname}?tenant_id=${tenant.id}`);
    await see(teamPage.getByText(NO_ACCESS, { exact: true }));
    expect(await teamPage.locator('iframe').count()).toBe(0);

    // A target that refuses framing gets a link instead of a blank frame.
    const id = opened.pathname.split('/').pop()!;
    await e2e.app.ctx.db.Embed.update({ frame_blocked: true }, { where: { tenant_id: tenant.id, id } });
    await clientPage.reload();
    await see(clientPage.getByText("This tool can't be shown inside the portal.", { exact: true }));
    const newTab = clientPage.getByRole('link', { name: `Open ${title} in new tab` });
    expect(await newTab.getAttribute('href')).toBe('https://calendly.com/embeds-co/intro');
    expect(await newTab.getAttribute('target')).toBe('_blank');
    expect(await clientPage.locator('iframe').count()).toBe(0);

    // Reorder with the arrow buttons: a second embed moved above the first, for the client too.
    const second = `All hands ${unique()}`;
    await e2e.app.ctx.db.Embed.create({
      tenant_id: tenant.id,
      title: second,
      provider: 'custom',
      url: 'https://example.test/all',
      embed_type: 'role',
      role: 'all',
      user_id: null,
      sort_order: 5,
      created_by: admin.id,
    });
    await adminPage.reload();
    const titles = () => list.locator('tbody tr td:nth-child(2) a').allTextContents();
    await see(list.getByRole('link', { name: second, exact: true }));
    expect(await titles()).toEqual([title, second]);
    await list.getByRole('button', { name: `Move ${second} up` }).click();
    await expect.poll(titles, { timeout: 10_000 }).toEqual([second, title]);
    await clientPage.reload();
    await expect
      .poll(() => toolsNav(clientPage).getByRole('link').allTextContents(), { timeout: 10_000 })
      .toEqual([second, title]);
    // And by dragging with the keyboard (dnd-kit): pick up, move down, drop.
    await list.getByRole('button', { name: `Drag to reorder ${second}` }).focus();
    await adminPage.keyboard.press('Space');
    const dragging = list.locator('tr.embed-row-dragging');
    await see(dragging);
    // dnd-kit listens for arrow keys only a tick after pick-up, so press again until the row has moved down.
    const movedDown = /translate3d\(0px, [1-9][\d.]*px/;
    await expect
      .poll(
        async () => {
          const transform = await dragging.evaluate(
            (el) => (el as unknown as { style: { transform: string } }).style.transform,
          );
          if (!movedDown.test(transform)) await adminPage.keyboard.press('ArrowDown');
          return transform;
        },
        { timeout: 10_000 },
      )
      .toMatch(movedDown);
    await adminPage.keyboard.press('Space');
    await expect.poll(titles, { timeout: 10_000 }).toEqual([title, second]);
    await expect
      .poll(
        async () =>
          (await e2e.app.ctx.db.Embed.findAll({ where: { tenant_id: tenant.id }, order: [['sort_order', 'ASC']] })).map(
            (e) => e.title,
          ),
        { timeout: 10_000 },
      )
      .toEqual([title, second]);

    // Deactivated, it leaves the client's sidebar too.
    await row.getByRole('button', { name: `Deactivate ${title}` }).click();
    await see(row.getByText('Inactive', { exact: true }));
    await clientPage.reload();
    await see(clientPage.getByText(NO_ACCESS, { exact: true }));
    expect(await sidebar(clientPage).getByRole('link', { name: title }).count()).toBe(0);
  });

  it('the Embed Manager and the embed page have no serious accessibility problems', async () => {
    const tenant = await makeTenant(e2e.app.ctx, { name: `Axe Embeds ${unique()}` });
    const admin = await makeUser(e2e.app.ctx, { fullName: 'Ada Admin' });
    await addMember(e2e.app.ctx, tenant, admin, 'admin');
    const embed = await e2e.app.ctx.db.Embed.create({
      tenant_id: tenant.id,
      title: 'Team calendar',
      provider: 'custom',
      url: 'https://example.test/cal',
      embed_type: 'role',
      role: 'all',
      user_id: null,
      description: 'Shared slots',
      created_by: admin.id,
    });
    const page = await signedIn(admin.email, '/dashboard/admin', tenant.id);
    await page.goto(`/admin-embeds?tenant_id=${tenant.id}`);
    await see(
      page
        .getByRole('region', { name: 'Embeds', exact: true })
        .getByRole('link', { name: 'Team calendar', exact: true }),
    );
    await notSee(page.locator('[data-skeleton]').first());
    expect(await accessibilityViolations(page)).toEqual([]);

    await toolsNav(page).getByRole('link', { name: 'Team calendar' }).click();
    await see(page.getByRole('heading', { name: 'Team calendar', level: 1 }));
    expect(await accessibilityViolations(page)).toEqual([]);

    await e2e.app.ctx.db.Embed.update({ frame_blocked: true }, { where: { tenant_id: tenant.id, id: embed.id } });
    await page.reload();
    await see(page.getByText("This tool can't be shown inside the portal.", { exact: true }));
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
