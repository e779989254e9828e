import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../testing/browser';
import { addMember, makeTenant, makeUser } from '../testing/factories';
import { linkIn, openBrowser, see, sidebar, unique, waitForPlace } from './support';

const BASE = 'portico.test';
let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E({
    env: { BASE_DOMAIN: BASE },
    // Workspace addresses ({slug}.portico.test) reach the test server.
    browserArgs: [`--host-resolver-rules=MAP *.${BASE} 127.0.0.1`],
  });
});

afterAll(async () => {
  await e2e?.close();
});

/** A client of a fresh workspace, and the workspace's own address. */
async function clientOfWorkspace() {
  const tenant = await makeTenant(e2e.app.ctx, { name: `Linkwise ${unique()}` });
  const client = await makeUser(e2e.app.ctx, { fullName: 'Cleo Client' });
  await addMember(e2e.app.ctx, tenant, client, 'role2');
  return { tenant, client, origin: `http://${tenant.slug}.${BASE}:${new URL(e2e.app.url).port}` };
}

describe('signing in with an emailed link', () => {
  it('a client asks on the workspace’s sign-in page, opens the emailed link and lands signed in', async () => {
    const { tenant, client, origin } = await clientOfWorkspace();
    const page = await openBrowser(e2e);

    await page.goto(`${origin}/login`);
    await see(page.getByText(`Welcome back. Sign in to ${tenant.name}.`));
    await page.getByLabel('Email', { exact: true }).fill(client.email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await see(page.getByRole('heading', { name: 'Sign in by email' }));
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await see(page.getByRole('status').filter({ hasText: 'Check your email.' }));

    // The worker delivers the email, in the workspace's brand, to the SMTP server.
    const mail = await e2e.smtp.waitFor(client.email);
    expect(mail.subject).toBe(`Sign in to ${tenant.name}`);
    const link = linkIn(mail.text, `${origin}/login/magic?`);

    await page.goto(link);
    await waitForPlace(page, { path: /^\/dashboard\//, query: { tenant_id: tenant.id } });
    await see(sidebar(page).getByText(tenant.name, { exact: true }));
  });

  it('in another browser the link is refused, and the code from the same email signs in there', async () => {
    const { tenant, client, origin } = await clientOfWorkspace();
    const asking = await openBrowser(e2e);
    await asking.goto(`${origin}/login`);
    await asking.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await asking.getByLabel('Email', { exact: true }).fill(client.email);
    await asking.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await see(asking.getByRole('status').filter({ hasText: 'Check your email.' }));
    const mail = await e2e.smtp.waitFor(client.email);
    const code = /instead: (\d{6})/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const elsewhere = await openBrowser(e2e);
    await elsewhere.goto(linkIn(mail.text, `${origin}/login/magic?`));
    await see(elsewhere.getByRole('alert').filter({ hasText: 'This sign-in link was asked for in another browser.' }));
    await elsewhere.getByLabel('Email', { exact: true }).fill(client.email);
    await elsewhere.getByLabel('Sign-in code', { exact: true }).fill(code!);
    await elsewhere.getByRole('button', { name: 'Sign In with Code' }).click();
    await waitForPlace(elsewhere, { path: /^\/dashboard\//, query: { tenant_id: tenant.id } });
  });
});
