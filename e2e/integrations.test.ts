import type { BrowserContext, Page } from 'playwright-core';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, startE2E, type E2E } from '../testing/browser';
import { DEFAULT_PASSWORD, addMember, makeTenant, makeUser } from '../testing/factories';
import { startWebhookReceiver } from '../testing/webhook-receiver';
import { SLOW_WAIT_MS, WAIT_MS, notSee, see, sidebar, signIn, unique, waitForPlace } from './support';

let e2e: E2E;

beforeAll(async () => {
  // The webhook receiver listens on loopback, which outbound calls refuse unless allowed (tests only).
  e2e = await startE2E({ env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
});

afterAll(async () => {
  await e2e?.close();
});

async function signedInAdmin(
  tier: 'starter' | 'pro',
): Promise<{ page: Page; context: BrowserContext; tenantId: string; email: string }> {
  const tenant = await makeTenant(e2e.app.ctx, { name: `Integrations Co ${unique()}`, tier });
  const admin = await makeUser(e2e.app.ctx, { fullName: 'Ada Admin' });
  await addMember(e2e.app.ctx, tenant, admin, 'admin');
  const { context, page } = await e2e.newPage();
  page.setDefaultTimeout(WAIT_MS);
  page.setDefaultNavigationTimeout(SLOW_WAIT_MS);
  await signIn(page, admin.email, DEFAULT_PASSWORD);
  await waitForPlace(page, { path: '/dashboard/admin', query: { tenant_id: tenant.id } });
  await sidebar(page).getByRole('link', { name: 'Integrations' }).click();
  await waitForPlace(page, { path: '/dashboard/admin/integrations', query: { tenant_id: tenant.id } });
  return { page, context, tenantId: tenant.id, email: admin.email };
}

describe('integrations', () => {
  it('an admin of a pro workspace creates, copies and revokes API keys, tries the API, and tests a webhook', async () => {
    const { page, context, email } = await signedInAdmin('pro');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.app.url });
    const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

    // API Access: a label is required; two keys, each shown once.
    const access = page.getByRole('region', { name: 'API Access' });
    await see(access.getByText('No API keys yet.', { exact: true }));
    await access.getByRole('button', { name: 'Create key' }).click();
    await see(access.getByText('Give the key a label.', { exact: true }));

    const createKey = async (label: string): Promise<string> => {
      await access.getByLabel('Key label').fill(label);
      await access.getByRole('button', { name: 'Create key' }).click();
      const shown = access.getByRole('textbox', { name: 'New API key' });
      await see(shown);
      const key = await shown.inputValue();
      expect(key).toMatch(/^ptk_[A-Za-z0-9_-]{43}$/);
      return key;
    };
    const oldKey = await createKey('Old key');
    await access.getByRole('button', { name: 'Done' }).click();
    await notSee(access.getByRole('textbox', { name: 'New API key' }));

    const key = await createKey('CRM sync');
    await see(access.getByText(/^Hidden in \d+ seconds?$/));
    await access.getByRole('button', { name: 'Copy' }).click();
    await see(toast('Copied!'));
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(key);

    const row = (label: string) =>
      access.getByRole('row').filter({ has: page.getByRole('cell', { name: label, exact: true }) });
    await see(row('CRM sync').getByText(`${key.slice(0, 12)}…`));
    await see(row('CRM sync').getByText('Never', { exact: true }));

    // Revoke asks inline; Cancel keeps the key, Confirm revokes it at once.
    await row('Old key').getByRole('button', { name: 'Revoke Old key' }).click();
    await see(row('Old key').getByText('Revoke this key?'));
    await row('Old key').getByRole('button', { name: 'Cancel' }).click();
    await row('Old key').getByRole('button', { name: 'Revoke Old key' }).click();
    await row('Old key').getByRole('button', { name: 'Confirm' }).click();
    await see(toast('API key revoked'));
    await notSee(row('Old key'));
    expect(
      (await e2e.app.request('GET', '/v1/members', { headers: { authorization: `Bearer ${oldKey}` } })).status,
    ).toBe(401);

    // Documentation: the members list, tried with the new key.
    const docs = page.getByRole('region', { name: 'Documentation' });
    await see(docs.getByText('Base URL'));
    await docs.getByLabel('API key for Try it').fill(key);
    const listMembers = docs
      .locator('details')
      .filter({ has: page.getByText('GET /members List members', { exact: true }) });
    await listMembers.locator(':scope > summary').click();
    await listMembers.getByRole('button', { name: 'Send request' }).click();
    await see(listMembers.getByText('Status 200', { exact: true }));
    await see(listMembers.getByText('ratelimit-remaining'));
    await see(listMembers.getByLabel('Response body').getByText(email, { exact: false }));

    // Webhooks: URL required; created with its secret shown once; Test delivers a signed ping.
    const receiver = await startWebhookReceiver();
    const hookUrl = `${receiver.url}/hooks/portico`;
    try {
      const hooks = page.getByRole('region', { name: 'Webhooks' });
      await see(hooks.getByText('No webhooks yet.', { exact: true }));
      await hooks.getByRole('button', { name: 'Add webhook' }).click();
      await see(hooks.getByText('Please enter a webhook URL.', { exact: true }));
      await hooks.getByLabel('Webhook URL').fill(hookUrl);
      await hooks.getByLabel('Events').selectOption('forms');
      await hooks.getByRole('button', { name: 'Add webhook' }).click();
      const secretField = hooks.getByRole('textbox', { name: 'Webhook signing secret' });
      await see(secretField);
      const secret = await secretField.inputValue();
      expect(secret).toMatch(/^whsec_/);
      await hooks.getByRole('button', { name: 'Done' }).click();

      const item = hooks.getByRole('listitem').filter({ hasText: hookUrl });
      await see(item.getByText('Forms', { exact: true }));
      await see(item.getByText('Enabled', { exact: true }).first());
      await item.getByRole('button', { name: `Test ${hookUrl}` }).click();
      await see(toast('Test event sent'));
      const deliveries = item.getByRole('table', { name: 'Recent deliveries' });
      const ping = deliveries.getByRole('row').filter({ hasText: 'ping' });
      await see(ping.getByText('Succeeded', { exact: true }), SLOW_WAIT_MS);
      expect(receiver.received).toHaveLength(1);
      const [delivered] = receiver.received;
      const payload = new StandardWebhook(secret).verify(
        delivered!.body,
        delivered!.headers as Record<string, string>,
      ) as { type: string };
      expect(payload.type).toBe('ping');

      // The attempt log, then Replay: a second delivery with the same webhook-id.
      await ping.getByRole('button', { name: /^Attempts/ }).click();
      await see(item.getByText('Attempt 1', { exact: true }));
      await see(item.getByText('Status 200', { exact: true }));
      await item.getByRole('button', { name: 'Replay' }).click();
      await see(toast('Replay queued'));
      await see(
        deliveries.getByRole('row').filter({ hasText: 'replay' }).getByText('Succeeded', { exact: true }),
        SLOW_WAIT_MS,
      );
      expect(receiver.received).toHaveLength(2);
      expect(receiver.received[1]!.headers['webhook-id']).toBe(delivered!.headers['webhook-id']);

      expect(await accessibilityViolations(page)).toEqual([]);

      // Switched off, then deleted with the inline Confirm.
      await item.getByRole('switch', { name: `Enabled: ${hookUrl}` }).uncheck();
      await see(toast('Webhook disabled'));
      await see(item.getByText('Disabled', { exact: true }));
      await item.getByRole('button', { name: `Delete ${hookUrl}` }).click();
      await item.getByRole('button', { name: 'Confirm' }).click();
      await see(toast('Webhook deleted'));
      await see(hooks.getByText('No webhooks yet.', { exact: true }));
    } finally {
      await receiver.close();
    }
  });

  it('an admin of a starter workspace sees the upgrade prompts in place of each section', async () => {
    const { page, tenantId } = await signedInAdmin('starter');
    for (const section of ['API Access', 'Webhooks', 'Documentation']) {
      const region = page.getByRole('region', { name: section });
      await see(
        region.getByText('API keys and webhooks are available on the Pro and Advanced plans. Upgrade to use them.'),
      );
      const upgrade = region.getByRole('link', { name: 'Upgrade plan' });
      expect(await upgrade.getAttribute('href')).toBe(`/dashboard/admin/billing?tenant_id=${tenantId}`);
    }
    expect(await page.getByRole('button', { name: 'Create key' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add webhook' }).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
