import { randomUUID } from 'node:crypto';
import { createMetricsHistory } from '@portico/core';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, startE2E, type E2E } from '../testing/browser';
import { DEFAULT_PASSWORD, makeUser, makeWorkspace, signIn as signInApi } from '../testing/factories';
import { notSee, openBrowser, see, signIn, SLOW_WAIT_MS, waitForPlace } from './support';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const figure = (text: string | null) => Number(/^(\d+) requests/.exec(text ?? '')?.[1] ?? NaN);

describe('the platform console', () => {
  it('Mission Control moves with traffic and a failed job without a reload; Retry runs the job again; the audit shows it', async () => {
    const root = await makeUser(e2e.app.ctx, { fullName: 'Rita Root', superAdmin: true });
    const workspace = await makeWorkspace(e2e.app);
    // The API process samples its metrics every 15 s; the test takes its samples when it needs them.
    const history = createMetricsHistory(e2e.app.ctx, { serves: true });
    await history.sample();

    const page = await openBrowser(e2e);
    await signIn(page, root.email, DEFAULT_PASSWORD);
    await waitForPlace(page, { path: '/super' });
    await see(page.getByRole('heading', { name: 'Mission Control', level: 1 }));
    await see(page.getByRole('status').filter({ hasText: 'Live' }), SLOW_WAIT_MS);
    const requests = page.getByTestId('requests-24h');
    await see(requests);
    const before = figure(await requests.textContent());
    expect(before).toBeGreaterThanOrEqual(0);
    const failedCounter = page.getByLabel(/failed jobs$/);
    expect(await failedCounter.count()).toBe(0);

    // Traffic: 20 calls of a member's dashboard data.
    const { token } = await signInApi(e2e.app, workspace.member.user.email);
    for (let i = 0; i < 20; i++)
      await fetch(`${e2e.app.url}/api/tenant-config`, {
        headers: { authorization: `Bearer ${token}`, 'x-tenant-id': workspace.tenant.id },
      });
    await history.sample();
    // A job that fails for real: the email it names is not in the outbox.
    const outboxId = randomUUID();
    const job = await e2e.app.ctx.queues.emails.add('send', { outboxId }, { attempts: 1 });

    await see(page.getByLabel('1 failed jobs'), SLOW_WAIT_MS);
    const deadline = Date.now() + SLOW_WAIT_MS;
    while (figure(await requests.textContent()) < before + 20) {
      if (Date.now() > deadline) throw new Error(`the request count stayed at ${await requests.textContent()}`);
      await page.waitForTimeout(200);
    }
    await see(page.getByText('1 failed job', { exact: true }));

    // Queues and Jobs: the failed job with its error; Retry after the email exists runs it again.
    await page.getByRole('link', { name: /Queues and Jobs/ }).click();
    await waitForPlace(page, { path: '/super/jobs' });
    const row = page.locator(`tr[data-job-id="emails:${job.id}"]`);
    await see(row);
    await see(row.getByText('failed', { exact: true }));
    await see(row.getByText(`outbox row ${outboxId} does not exist`));
    await e2e.app.ctx.db.EmailOutbox.create({
      id: outboxId,
      tenant_id: null,
      template: 'test',
      to_address: 'retried@example.test',
      subject: 'Sent on retry',
      html: '<p>Hello</p>',
      text_body: 'Hello',
    });
    await row.getByRole('button', { name: `Retry job emails:${job.id}` }).click();
    await see(page.getByText('Job queued again.'));
    await see(row.getByText('completed', { exact: true }), SLOW_WAIT_MS);
    expect((await e2e.smtp.waitFor('retried@example.test')).subject).toBe('Sent on retry');
    await notSee(page.getByLabel(/failed jobs$/));

    // Audit Logs: the retry, by this super admin.
    await page.getByRole('link', { name: 'Audit Logs' }).click();
    await waitForPlace(page, { path: '/super/audit' });
    const retried = page.getByRole('row').filter({ hasText: 'job.retried' });
    await see(retried);
    await see(retried.getByText(root.id.slice(0, 8), { exact: true }));
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('the palette opens on Ctrl+Shift+K and its commands work', async () => {
    const root = await makeUser(e2e.app.ctx, { fullName: 'Paul Palette', superAdmin: true });
    const page = await openBrowser(e2e);
    await signIn(page, root.email, DEFAULT_PASSWORD);
    await waitForPlace(page, { path: '/super' });
    await see(page.getByRole('heading', { name: 'Mission Control', level: 1 }));

    await page.keyboard.press('Control+Shift+K');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await see(palette);
    await palette.getByLabel('Command').fill('purge');
    await page.keyboard.press('Enter');
    await see(page.getByText('Caches purged. Every process reads fresh data on its next request.'));

    await page.keyboard.press('Control+Shift+K');
    await palette.getByLabel('Command').fill('rebuild');
    await page.keyboard.press('Enter');
    await waitForPlace(page, { path: '/super/jobs' });
    await see(page.getByRole('cell', { name: 'rebuild-search-index' }).first());

    await page.keyboard.press('Control+Shift+K');
    await palette.getByLabel('Command').fill('audit');
    await page.keyboard.press('Enter');
    await waitForPlace(page, { path: '/super/audit' });
    await see(page.getByRole('row').filter({ hasText: 'cache.purged' }));
    await see(page.getByRole('row').filter({ hasText: 'search.rebuild_queued' }));
  });

  it('App Health shows uptime, dependencies and the slow and failing endpoints', async () => {
    const root = await makeUser(e2e.app.ctx, { fullName: 'Hana Health', superAdmin: true });
    await createMetricsHistory(e2e.app.ctx, { serves: true }).sample();
    const page = await openBrowser(e2e);
    await signIn(page, root.email, DEFAULT_PASSWORD);
    await waitForPlace(page, { path: '/super' });
    await page.getByRole('link', { name: 'App Health' }).click();
    await waitForPlace(page, { path: '/super/health' });
    await see(page.getByRole('heading', { name: 'App Health', level: 1 }));
    const postgres = page.getByRole('listitem').filter({ hasText: 'postgres' });
    await see(postgres.getByText(/^(OK|Degraded)$/));
    await see(page.getByRole('listitem').filter({ hasText: 'stripe' }).getByText('Not configured'));
    await see(page.getByText('No endpoint answered 5xx in the last 24 hours.'));
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
