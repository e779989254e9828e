import { MESSAGE_MESSAGES } from '@portico/common';
import type { Tenant } from '@portico/core';
import { expect } from 'vitest';
import { addMember, makeUser, makeWorkspace, signIn, type Person } from '../../testing/factories';
import type { TestApp } from '../../testing/harness';

export const M = MESSAGE_MESSAGES;

export async function signedIn(app: TestApp, tenant: Tenant, role: string, fullName?: string): Promise<Person> {
  const user = await makeUser(app.ctx, { fullName });
  await addMember(app.ctx, tenant, user, role);
  return { user, token: (await signIn(app, user.email)).token };
}

/**
 * A workspace with an admin, a team member (role1), two clients (role2: `member` and `other`), and
 * a second workspace whose admin is a stranger here.
 */
export async function conversation(app: TestApp) {
  const ws = await makeWorkspace(app);
  const team = await signedIn(app, ws.tenant, 'role1', 'Tess Team');
  const other = await signedIn(app, ws.tenant, 'role2', 'Olga Other');
  const elsewhere = await makeWorkspace(app);
  const as = (p: Person) => ({ token: p.token, tenantId: ws.tenant.id });
  const call = (p: Person, method: string, path: string, body?: unknown) =>
    app.request(method, path, { ...as(p), body });
  return { ...ws, team, other, elsewhere, as, call };
}

export type Conversation = Awaited<ReturnType<typeof conversation>>;

/** The client's own thread, opened by them. */
export async function ownThread(c: Conversation, client: Person): Promise<{ id: string }> {
  const res = await c.call(client, 'POST', '/threads', {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.thread;
}

export async function post(c: Conversation, who: Person, threadId: string, body: string, fileIds?: string[]) {
  const res = await c.call(who, 'POST', `/threads/${threadId}/messages`, { body, file_ids: fileIds });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.message;
}

export async function bodiesSeenBy(c: Conversation, who: Person, threadId: string): Promise<string[]> {
  const res = await c.call(who, 'GET', `/threads/${threadId}/messages`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.messages.map((m: { body: string }) => m.body);
}
