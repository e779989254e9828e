import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../testing/browser';
import { DEFAULT_PASSWORD, makeUser, makeWorkspace, signIn as signInApi } from '../testing/factories';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver';
import { openBrowser, see, signIn, SLOW_WAIT_MS, waitForPlace } from './support';

let e2e: E2E;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // The receiver listens on loopback, which outbound calls refuse unless allowed (tests only).
  e2e = await startE2E({ env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
});
afterAll(async () => {
  await e2e?.close();
  await receiver?.close();
});

describe('the console’s Integrations page', () => {
  it('saves Slack masked, tests it, switches a workspace’s webhooks off and replays a delivery', async () => {
    const root = await makeUser(e2e.app.ctx, { fullName: 'Rita Root', superAdmin: true });
    const workspace = await makeWorkspace(e2e.app);
    // The workspace's admin has a webhook with one real delivery (its Test ping).
    const { token } = await signInApi(e2e.app, workspace.admin.user.email);
    const headers = {
      authorization: `Bearer ${token}`,
      'x-tenant-id': workspace.tenant.id,
      'content-type': 'application/json',
    };
    const hook = await fetch(`${e2e.app.url}/api/integrations/webhooks`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: `${receiver.url}/tenant-hook`, events: 'all' }),
    });
    expect(hook.status).toBe(201);
    const { webhook } = (await hook.json()) as { webhook: { id: string } };
    expect(
      (await fetch(`${e2e.app.url}/api/integrations/webhooks/${webhook.id}/test`, { method: 'POST', headers })).status,
    ).toBe(202);
    await receiver.waitFor(1, '/tenant-hook');

    const page = await openBrowser(e2e);
    await signIn(page, root.email, DEFAULT_PASSWORD);
    await waitForPlace(page, { path: '/super' });
    await page.getByRole('link', { name: 'Integrations' }).click();
    await waitForPlace(page, { path: '/super/integrations' });
    await see(page.getByRole('heading', { name: 'Integrations', level: 1 }));

    // Slack: saved, shown masked after a reload, and Test really posts.
    const slack = page.locator('li[data-integration="slack"]');
    await slack.getByLabel('Slack value').fill(`${receiver.url}/services/T1/B1/wxyz`);
    await slack.getByRole('button', { name: 'Save' }).click();
    await see(page.getByText('Slack saved.'));
    await page.reload();
    await see(slack.getByText('Saved: ••••wxyz'));
    expect(await page.content()).not.toContain('/services/T1/B1/wxyz');
    await slack.getByRole('button', { name: 'Test' }).click();
    await see(slack.getByRole('status').filter({ hasText: 'Slack accepted the test message.' }));
    expect(JSON.parse((await receiver.waitFor(1, '/services/T1/B1/wxyz'))[0]!.body).text).toContain(
      'Portico test message',
    );

    // The workspace's webhooks switched off.
    const webhooksSwitch = page.getByRole('switch', { name: `Webhooks for ${workspace.tenant.name}` });
    await see(webhooksSwitch);
    expect(await webhooksSwitch.isChecked()).toBe(true);
    await webhooksSwitch.click();
    await see(page.getByText(`Webhooks turned off for ${workspace.tenant.name}.`));
    await see(page.getByRole('switch', { name: `Webhooks for ${workspace.tenant.name}`, checked: false }));

    // The debugger: the workspace's ping, replayed (a replay of an existing delivery still goes out).
    await page.getByRole('button', { name: 'Webhook debugger' }).click();
    const drawer = page.getByRole('dialog', { name: 'Webhook debugger' });
    await drawer.getByLabel('Workspace').selectOption({ label: workspace.tenant.name });
    const row = drawer.locator('tbody tr').first();
    await see(row.getByText('ping', { exact: true }));
    await see(row.getByText('succeeded'), SLOW_WAIT_MS);
    await row.getByRole('button', { name: /^Replay ping delivery/ }).click();
    await see(page.getByText('Delivery replayed: a new delivery is on its way.'));
    await receiver.waitFor(2, '/tenant-hook', SLOW_WAIT_MS);
    await see(drawer.locator('tbody tr').nth(1), SLOW_WAIT_MS);
    expect(await drawer.locator('tbody tr').count()).toBe(2);
  });
});
