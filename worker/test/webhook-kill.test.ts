import { randomBytes } from 'node:crypto';
import {
  closeContext,
  createContext,
  createTenant,
  encryptSecret,
  generateWebhookSecret,
  inTransaction,
  loadConfig,
  queueTestDelivery,
  recordEvent,
  type AppContext,
  type Tenant,
} from '@portico/core';
import type { Webhook } from '@portico/core/db';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scopeOf } from '../../testing/factories';
import { createTestDatabase } from '../../testing/harness';
import { killProcessTree, startProcess, type RunningProcess } from '../../testing/processes';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver';

const EVENTS = 1000;

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let env: Record<string, string>;
let ctx: AppContext;
let receiver: WebhookReceiver;
let tenant: Tenant;
const running: RunningProcess[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  receiver = await startWebhookReceiver();
  env = {
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `k${randomBytes(5).toString('hex')}`,
    JWT_SECRET: 'kill-test-secret-kill-test-secret-0123',
    SECRETS_KEY: 'kill-test-key-kill-test-key-0123456789',
    LOG_LEVEL: 'info',
    // The receiver is on loopback; short locks so a killed worker's jobs are taken up again within seconds.
    OUTBOUND_ALLOW_PRIVATE: 'true',
    WEBHOOK_LOCK_MS: '1500',
    WEBHOOK_RETRY_BASE_MS: '50',
  };
  ctx = await createContext(loadConfig(env), 'test');
  tenant = await inTransaction(ctx, (transaction) =>
    createTenant(
      ctx,
      {
        name: 'Kill Test',
        slug: `kill-${randomBytes(3).toString('hex')}`,
        tier: 'pro',
        seatsTotal: 3,
        bypassBilling: true,
      },
      transaction,
    ),
  );
});
afterAll(async () => {
  for (const p of running) killProcessTree(p, 'SIGKILL');
  await Promise.all(running.map((p) => p.exit));
  await ctx.queues.webhooks.obliterate({ force: true }).catch(() => undefined);
  await closeContext(ctx);
  await receiver.close();
  await db.drop();
});

function startWorker(): RunningProcess {
  const worker = startProcess('worker/src/main.ts', env);
  running.push(worker);
  return worker;
}

async function addWebhook(path: string): Promise<{ webhook: Webhook; secret: string }> {
  const secret = generateWebhookSecret();
  const webhook = await ctx.db.Webhook.create({
    tenant_id: tenant.id,
    url: `${receiver.url}${path}`,
    events: 'all',
    secret_encrypted: encryptSecret(secret, env.SECRETS_KEY!),
    created_by: null,
  });
  return { webhook, secret };
}

describe('the worker process', () => {
  it('loses no event when it is killed in the middle of a batch of 1 000', async () => {
    const { webhook, secret } = await addWebhook('/batch');
    const verifier = new StandardWebhook(secret);
    for (let batch = 0; batch < EVENTS / 100; batch++) {
      await inTransaction(ctx, async (transaction) => {
        for (let i = 0; i < 100; i++)
          await recordEvent(ctx, tenant.id, 'form.submitted', { n: batch * 100 + i }, transaction);
      });
    }
    const distinct = () => new Set(receiver.at('/batch').map((r) => r.headers['webhook-id'])).size;

    const first = startWorker();
    await first.waitForOutput(/worker started/);
    // By the clock, not by a count of polls: on a loaded machine the first deliveries took over 15 s to begin.
    const killBy = Date.now() + 30_000;
    while (distinct() < 150 && Date.now() < killBy) await new Promise((r) => setTimeout(r, 25));
    // The node process doing the work dies at once, as in a crash (not only tsx in front of it).
    killProcessTree(first, 'SIGKILL');
    await first.exit;
    const atKill = distinct();
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(EVENTS);
    // Nothing is delivering any more: the worker is really gone, not orphaned behind tsx.
    const requestsAtKill = receiver.at('/batch').length;
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.at('/batch').length).toBe(requestsAtKill);

    const second = startWorker();
    await second.waitForOutput(/worker started/);
    const deadline = Date.now() + 45_000;
    while (distinct() < EVENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(distinct()).toBe(EVENTS);
    for (
      let i = 0;
      i < 100 &&
      (await ctx.db.WebhookDelivery.count({
        where: { tenant_id: tenant.id, webhook_id: webhook.id, status: 'succeeded' },
      })) < EVENTS;
      i++
    )
      await new Promise((r) => setTimeout(r, 100));

    // Every event fanned out once, every delivery recorded once as succeeded, every request signed.
    expect(await ctx.db.TenantEvent.count({ where: { tenant_id: tenant.id, dispatched_at: null } })).toBe(0);
    expect(await ctx.db.WebhookDelivery.count({ where: { tenant_id: tenant.id, webhook_id: webhook.id } })).toBe(
      EVENTS,
    );
    expect(
      await ctx.db.WebhookDelivery.count({
        where: { tenant_id: tenant.id, webhook_id: webhook.id, status: 'succeeded' },
      }),
    ).toBe(EVENTS);
    const numbers = new Set<number>();
    for (const request of receiver.at('/batch'))
      numbers.add(
        (verifier.verify(request.body, request.headers as Record<string, string>) as { data: { n: number } }).data.n,
      );
    expect(numbers.size).toBe(EVENTS);
    // At least once: the requests in flight at the kill may have been sent twice, and only those.
    expect(receiver.at('/batch').length - EVENTS).toBeLessThanOrEqual(20);

    second.child.kill('SIGTERM');
    expect(await second.exit).toBe(0);
  }, 90_000);

  it('finishes the delivery it is sending before it exits on SIGTERM', async () => {
    const { webhook } = await addWebhook('/in-flight');
    receiver.script('/in-flight', [{ status: 200, delayMs: 1500 }]);
    const worker = startWorker();
    await worker.waitForOutput(/worker started/);
    const delivery = await queueTestDelivery(ctx, await scopeOf(ctx, tenant, null), { id: webhook.id });
    await receiver.waitFor(1, '/in-flight');
    worker.child.kill('SIGTERM');
    expect(await worker.exit).toBe(0);
    const after = await ctx.db.WebhookDelivery.findOne({ where: { tenant_id: tenant.id, id: delivery.id } });
    expect(after).toMatchObject({ status: 'succeeded', attempts: 1 });
  }, 30_000);
});
