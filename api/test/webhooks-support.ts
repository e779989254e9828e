import { expect } from 'vitest';
import type { makeWorkspace } from '../../testing/factories';
import type { TestApp } from '../../testing/harness';

/* What the tests of a workspace's webhook endpoints (webhooks, webhooks-deliveries) share. */

/**
 * A public address written as an IP literal: saving checks it without any DNS or connection, and
 * no worker runs in these files, so nothing is ever sent to it.
 */
export const PUBLIC_URL = 'https://93.184.215.14/hooks/portico';

export type Workspace = Awaited<ReturnType<typeof makeWorkspace>>;

/** Creates a webhook of `w` as its admin (to PUBLIC_URL unless `body` says otherwise); answers it. */
export async function createWebhook(app: TestApp, w: Workspace, body: Record<string, unknown> = {}) {
  const res = await app.request('POST', '/integrations/webhooks', {
    token: w.admin.token,
    tenantId: w.tenant.id,
    body: { url: PUBLIC_URL, ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.webhook;
}
