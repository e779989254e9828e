import type { AddressInfo } from 'node:net';
import { saveRoleTypes, shareFile, type Tenant } from '@portico/core';

import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeWorkspace, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { errorHandler } from '../src/http/errors';
import { webAppGuards } from '../src/http/guards';
import { exactRouter, mountRoutes } from '../src/http/mount';
import { defineRoutes } from '../src/http/route';
import { upload } from './files-support';

/*
 * A route declared with `transaction: true` covers what the services it calls write, even a
 * service that transacts on its own (shareFile): a later refusal in the same request leaves none
 * of it behind. The route is declared here, mounted as the app mounts its own, behind the real
 * workspace guard, and calls the real services.
 */

const SHARED_TITLE = 'Shared inside the route';

const probeRoutes = defineRoutes('workspace', { name: 'Probe', description: 'Declared by this test.' }, (route) => [
  route({
    method: 'post',
    path: '/probe/share-then-drop-role',
    operationId: 'probeShareThenDropRole',
    summary: 'Shares a file, then saves the role types without one role',
    body: z.object({ fileId: z.string(), userId: z.string(), dropRole: z.string().nullable() }),
    transaction: true,
    responses: { 204: { description: 'Both steps went through.' } },
    handle: async ({ ctx, scope, body }) => {
      await shareFile(ctx, scope, { sourceId: body.fileId, title: SHARED_TITLE, userId: body.userId });
      // Refused (role_in_use) when a member still holds the role dropped.
      await saveRoleTypes(ctx, scope, { roles: scope.roleTypes.filter((r) => r.role_key !== body.dropRole) });
    },
  }),
]);

let app: TestApp;
let probeUrl: string;
let close: () => Promise<void>;
let tenant: Tenant;
let admin: Person;
let member: Person;
let sourceId: string;

beforeAll(async () => {
  app = await startTestApp();
  const probe = express();
  const api = exactRouter();
  api.use(express.json());
  api.use(mountRoutes(app.ctx, [probeRoutes], webAppGuards(app.ctx)));
  probe.use('/api', api);
  probe.use(errorHandler(app.ctx.logger));
  const server = probe.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  probeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/probe/share-then-drop-role`;
  close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  ({ tenant, admin, member } = await makeWorkspace(app));
  const uploaded = await upload(app, {
    token: admin.token,
    tenantId: tenant.id,
    fields: { assigned_roles: 'role2', title: 'Source' },
  });
  expect(uploaded.status).toBe(201);
  sourceId = uploaded.body.id;
});
afterAll(async () => {
  await close();
  await app.close();
});

async function callProbe(dropRole: string | null) {
  const res = await fetch(probeUrl, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}`, 'x-tenant-id': tenant.id, 'content-type': 'application/json' },
    body: JSON.stringify({ fileId: sourceId, userId: member.user.id, dropRole }),
  });
  return { status: res.status, body: (res.status === 204 ? null : await res.json()) as { code?: string } | null };
}

/** What shareFile wrote for SHARED_TITLE: its rows, audit entries and `file.assigned` events. */
async function sharedTraces() {
  const rows = await app.ctx.db.FileRecord.findAll({ where: { tenant_id: tenant.id, title: SHARED_TITLE } });
  const ids = rows.map((r) => r.id);
  const audits = await app.ctx.db.AuditLog.count({
    where: { tenant_id: tenant.id, action: 'file.shared', entity_id: ids },
  });
  const events = (
    await app.ctx.db.TenantEvent.findAll({ where: { tenant_id: tenant.id, type: 'file.assigned' } })
  ).filter((e) => (e.data as { file?: { title?: string } }).file?.title === SHARED_TITLE);
  return { rows: rows.length, audits, events: events.length };
}

describe('a route declared with transaction: true', () => {
  it('rolls back the nested service’s write when a later step of the request is refused', async () => {
    // The member holds role2: saving the role types without it is refused inside the same transaction.
    const refused = await callProbe('role2');
    expect(refused.status).toBe(409);
    expect(refused.body?.code).toBe('role_in_use');
    expect(await sharedTraces()).toEqual({ rows: 0, audits: 0, events: 0 });
  });

  it('commits the nested service’s write with the rest when every step goes through', async () => {
    expect((await callProbe(null)).status).toBe(204);
    expect(await sharedTraces()).toEqual({ rows: 1, audits: 1, events: 1 });
  });
});
