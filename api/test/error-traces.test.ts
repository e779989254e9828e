import { ERROR_TRACES_KEPT, listErrorTraces, recordErrorTrace, TRACE_PAYLOAD_CHARS, tracePayload } from '@portico/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorkspace } from '../../testing/factories';
import { startTestApp, withoutTable, type TestApp } from '../../testing/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('5xx traces', () => {
  it('keeps the route, request id, status, error and a payload without its secrets', async () => {
    const res = await withoutTable(app.ctx, 'users', () =>
      app.request('POST', '/auth/login', { body: { email: 'someone@example.test', password: 'hunter2-hunter2' } }),
    );
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'Something went wrong on our side. Please try again.' });
    const [trace] = await listErrorTraces(app.ctx, { endpoint: '/api/auth/login', limit: 5 });
    expect(trace).toMatchObject({
      method: 'POST',
      endpoint: '/api/auth/login',
      request_id: res.headers.get('x-request-id'),
      tenant_id: null,
      status: 500,
    });
    expect(trace!.error).toMatch(/relation "users" does not exist/);
    expect(JSON.parse(trace!.payload!)).toEqual({ email: 'someone@example.test', password: '[redacted]' });
    expect(JSON.stringify(trace)).not.toContain('hunter2');
  });

  it('names the workspace of a workspace route, and keeps nothing for a 4xx', async () => {
    const w = await makeWorkspace(app);
    const before = await listErrorTraces(app.ctx, { limit: ERROR_TRACES_KEPT });
    expect((await app.request('GET', '/files/not-an-id', { token: w.admin.token, tenantId: w.tenant.id })).status).toBe(
      404,
    );
    expect(await listErrorTraces(app.ctx, { limit: ERROR_TRACES_KEPT })).toHaveLength(before.length);

    const res = await withoutTable(app.ctx, 'files', () =>
      app.request('GET', '/files', { token: w.admin.token, tenantId: w.tenant.id }),
    );
    expect(res.status).toBe(500);
    const [trace] = await listErrorTraces(app.ctx, { endpoint: '/api/files', limit: 1 });
    expect(trace).toMatchObject({ endpoint: '/api/files', tenant_id: w.tenant.id, status: 500, payload: null });
  });

  it(`keeps the newest ${ERROR_TRACES_KEPT}`, async () => {
    for (let i = 0; i < ERROR_TRACES_KEPT + 5; i++)
      await recordErrorTrace(app.ctx, {
        method: 'GET',
        endpoint: '/api/capped',
        request_id: `r${i}`,
        tenant_id: null,
        status: 503,
        error: null,
        payload: null,
      });
    const kept = await listErrorTraces(app.ctx, { limit: ERROR_TRACES_KEPT + 10 });
    expect(kept).toHaveLength(ERROR_TRACES_KEPT);
    expect(kept[0]!.request_id).toBe(`r${ERROR_TRACES_KEPT + 4}`);
  });
});

describe('tracePayload', () => {
  it('replaces secret-looking fields at any depth and cuts long payloads', () => {
    expect(
      JSON.parse(
        tracePayload({
          name: 'Ada',
          new_password: 'x',
          nested: { api_key: 'k', refreshToken: 't', list: [{ secret: 's', ok: 1 }] },
          Authorization: 'Bearer y',
        })!,
      ),
    ).toEqual({
      name: 'Ada',
      new_password: '[redacted]',
      nested: { api_key: '[redacted]', refreshToken: '[redacted]', list: [{ secret: '[redacted]', ok: 1 }] },
      Authorization: '[redacted]',
    });
    const long = tracePayload({ text: 'a'.repeat(5000) })!;
    expect(long).toHaveLength(TRACE_PAYLOAD_CHARS + 1);
    expect(tracePayload(undefined)).toBeNull();
    expect(tracePayload({})).toBeNull();
  });
});
