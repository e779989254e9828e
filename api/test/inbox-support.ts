import { expect } from 'vitest';
import type { Person } from '../../testing/factories';
import type { TestApp } from '../../testing/harness';
import { upload } from './files-support';
import type { Conversation } from './threads-support';

/* What the inbox tests (the bell, its emails, the daily digest) share. */

/** The admin uploads a file shared as `fields` say (one person, a role); answers the new file. */
export async function shareNewFile(
  app: TestApp,
  c: Conversation,
  fields: Record<string, string>,
  name = 'Engagement.pdf',
): Promise<{ id: string }> {
  const res = await upload(app, { token: c.admin.token, tenantId: c.tenant.id, name, fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string };
}

/** The emails queued for `who` in the workspace. */
export const outboxTo = (app: TestApp, c: Conversation, who: Person) =>
  app.ctx.db.EmailOutbox.findAll({ where: { tenant_id: c.tenant.id, to_address: who.user.email } });
