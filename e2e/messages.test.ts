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

/** The page reads a thread again every 15 s (sooner when the live events come): a message may take that long. */
const ARRIVES_MS = 25_000;
const PHONE = { width: 390, height: 844 };

/** A workspace with its admin Ada and its client Cleo, each signed in in their own browser. */
async function workspace(phone: boolean) {
  const ctx = e2e.app.ctx;
  const tenant = await makeTenant(ctx, { name: `Harbor ${unique()}` });
  const adminUser = await makeUser(ctx, { fullName: 'Ada Admin' });
  const clientUser = await makeUser(ctx, { fullName: 'Cleo Client' });
  await addMember(ctx, tenant, adminUser, 'admin');
  await addMember(ctx, tenant, clientUser, 'role2');
  const open = async (email: string) => {
    const page = await openBrowser(e2e);
    if (phone) await page.setViewportSize(PHONE);
    await signIn(page, email, DEFAULT_PASSWORD, `?tenant_id=${tenant.id}`);
    await waitForPlace(page, { path: /^\/dashboard\// });
    return page;
  };
  return { tenant, clientUser, admin: await open(adminUser.email), client: await open(clientUser.email) };
}

const messagesLink = (page: Page, name: string) => sidebar(page).getByRole('link', { name, exact: true });
const conversation = (page: Page) => page.getByRole('region', { name: /^Conversation: / });

/** How far the page scrolls sideways: 0 when it fits the window. */
const sideways = (page: Page) =>
  page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');

async function send(page: Page, text: string) {
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByLabel('Message', { exact: true }).press('Enter');
}

describe('messages', () => {
  it('a client and an admin converse with an attachment; the badge counts and clears; axe finds nothing', async () => {
    const { tenant, admin, client } = await workspace(false);

    // The client's own thread with the team opens at once, the composer focused.
    await messagesLink(client, 'Messages').click();
    await see(client.getByRole('region', { name: 'Conversation: Your conversation with the team' }));
    await see(client.getByText('No messages yet. Write the first one below.'));
    expect(await client.evaluate<string>('document.activeElement?.tagName ?? ""')).toBe('TEXTAREA');
    await send(client, 'Is the **contract** ready?');
    await see(conversation(client).getByText('contract', { exact: true }));

    // The admin's navigation counts it; opening the thread clears it.
    await admin.reload();
    await see(messagesLink(admin, 'Messages 1 unread'));
    await messagesLink(admin, 'Messages 1 unread').click();
    const thread = admin.getByRole('link', { name: /^Cleo Client/ });
    await see(thread);
    await thread.click();
    await see(conversation(admin).getByText('Cleo Client'));
    await see(messagesLink(admin, 'Messages'));

    // The admin answers with a file; it uploads, then goes with the message.
    await admin.getByLabel('Message', { exact: true }).fill('Here it is, signed.');
    await admin
      .getByLabel('Attach files')
      .setInputFiles({ name: 'contract.txt', mimeType: 'text/plain', buffer: Buffer.from('Signed by both parties.') });
    await see(admin.getByText('Ready', { exact: true }));
    await admin.getByRole('button', { name: 'Send', exact: true }).click();
    await see(conversation(admin).getByRole('button', { name: 'Download contract.txt' }));
    expect(await accessibilityViolations(admin)).toEqual([]);

    // The client reads it where they are; the attachment is in their Files too.
    await see(conversation(client).getByText('Here it is, signed.'), ARRIVES_MS);
    await see(conversation(client).getByRole('button', { name: 'Download contract.txt' }));
    expect(await accessibilityViolations(client)).toEqual([]);
    // The client read it where they were: the admin is told, live.
    await see(conversation(admin).getByText('Seen by Cleo Client'), ARRIVES_MS);
    await client.goto(`/files?tenant_id=${tenant.id}`);
    await see(client.getByText('contract.txt').first());

    // Away from Messages, the client's badge counts the admin's next message until they open it.
    await send(admin, 'Anything else?');
    await see(conversation(admin).getByText('Anything else?'));
    await client.reload();
    await see(messagesLink(client, 'Messages 1 unread'));
    await messagesLink(client, 'Messages 1 unread').click();
    await see(conversation(client).getByText('Anything else?'));
    await see(messagesLink(client, 'Messages'));
  });

  it('at a phone’s width the list and the conversation show one at a time, with a way back', async () => {
    const { tenant, admin, client } = await workspace(true);
    await client.goto(`/messages?tenant_id=${tenant.id}`);
    await see(conversation(client));
    await send(client, 'Hello from my phone');
    await see(conversation(client).getByText('Hello from my phone'));
    await notSee(client.getByRole('navigation', { name: 'Conversations' }));
    expect(await sideways(client)).toBe(0);

    await admin.goto(`/messages?tenant_id=${tenant.id}`);
    const list = admin.getByRole('navigation', { name: 'Conversations' });
    await see(list.getByText('Hello from my phone'));
    await notSee(conversation(admin));
    await list.getByRole('link').first().click();
    await see(conversation(admin).getByText('Hello from my phone'));
    await notSee(list);
    expect(await accessibilityViolations(admin)).toEqual([]);
    await conversation(admin).getByRole('button', { name: 'Conversations' }).click();
    await see(list);
    await notSee(conversation(admin));
    expect(await sideways(admin)).toBe(0);
  });
});
