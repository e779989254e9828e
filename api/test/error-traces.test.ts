import {
  createLogger,
  ERROR_TRACES_KEPT,
  listErrorTraces,
  recordErrorTrace,
  TRACE_PAYLOAD_CHARS,
  tracePayload,
  withoutSentValues,
} from '@portico/core';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSuperAdmin, makeWorkspace, type Person } from '../../testing/factories';
import { failWrites, startTestApp, withoutTable, type TestApp } from '../../testing/harness';
import { createApp } from '../src/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('5xx traces', () => {
  it("keeps the route, request id, status, error and the payload's shape", async () => {
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
    expect(JSON.parse(trace!.payload!)).toEqual({ email: 'string', password: 'string' });
    expect(JSON.stringify(trace)).not.toContain('hunter2');
    expect(JSON.stringify(trace)).not.toContain('someone@example.test');
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

describe('no value the caller sent is kept', () => {
  /** The same API on a second port, logging at info into `lines`. */
  let logged: { url: string; lines: string[]; close: () => Promise<void> };
  beforeAll(async () => {
    const lines: string[] = [];
    const logger = createLogger({ logLevel: 'info' }, 'api', { write: (line: string) => void lines.push(line) });
    const { server } = createApp({ ...app.ctx, logger });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    logged = {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
      lines,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  });
  afterAll(() => logged.close());

  const send = (method: string, path: string, token: string, body?: unknown) =>
    fetch(`${logged.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** Everything a 5xx left: the trace API's answer, the Redis list and the log lines. */
  async function keptAfterwards(superAdmin: Person): Promise<string> {
    const traces = await app.request('GET', '/metrics/errors/traces', { token: superAdmin.token });
    expect(traces.status).toBe(200);
    const stored = await app.ctx.redis.lrange(`${app.config.redisPrefix}:error-traces`, 0, -1);
    return [JSON.stringify(traces.body), ...stored, ...logged.lines].join('\n');
  }

  it("a SendGrid key whose save fails: the trace keeps the body's shape, Redis and the logs keep no key", async () => {
    const superAdmin = await makeSuperAdmin(app);
    const key = 'SG.trace-secret-0123456789abcdef';
    const res = await withoutTable(app.ctx, 'global_integrations', () =>
      send('PUT', '/super/integrations/sendgrid', superAdmin.token, { value: key }),
    );
    expect(res.status).toBe(500);
    const [trace] = await listErrorTraces(app.ctx, { endpoint: '/api/super/integrations/:key', limit: 1 });
    expect(trace).toMatchObject({ method: 'PUT', status: 500, payload: '{"value":"string"}' });
    expect(trace!.error).toMatch(/relation "global_integrations" does not exist/);
    const kept = await keptAfterwards(superAdmin);
    expect(kept).toContain('request errored');
    expect(kept).not.toContain('trace-secret');
  });

  it("a failed statement's bound values, a path token and query values reach neither the trace nor the logs", async () => {
    const superAdmin = await makeSuperAdmin(app);
    const linkedin = 'https://linkedin.example.test/in/statement-secret';
    const removeFault = await failWrites(app.ctx, 'profiles');
    const profile = await send('PUT', '/profile?code=query-secret-1', superAdmin.token, { linkedin });
    await removeFault();
    expect(profile.status).toBe(500);
    const invitation = await withoutTable(app.ctx, 'invitations', () =>
      send('GET', '/public/invitations/path-secret-token?sig=query-secret-2', superAdmin.token),
    );
    expect(invitation.status).toBe(500);
    const kept = await keptAfterwards(superAdmin);
    const lines = logged.lines.map((line) => JSON.parse(line) as { msg: string; req?: { url: string } });
    expect(lines.filter((line) => line.msg === 'request errored').map((line) => line.req!.url)).toEqual(
      expect.arrayContaining(['/api/profile?code', '/api/public/invitations/:token?sig']),
    );
    expect(kept).toContain('write to profiles refused by a test fault');
    for (const secret of ['statement-secret', 'path-secret-token', 'query-secret']) expect(kept).not.toContain(secret);
  });
});

describe('tracePayload', () => {
  it('keeps field names with the type of each value, at any depth, and cuts long payloads', () => {
    expect(
      JSON.parse(
        tracePayload({
          name: 'Ada',
          value: 'SG.key',
          count: 3,
          on: true,
          none: null,
          nested: { url: 'https://hooks.example.test/T0/B0/x', list: [{ code: '123456', ok: 1 }, 'a'] },
        })!,
      ),
    ).toEqual({
      name: 'string',
      value: 'string',
      count: 'number',
      on: 'boolean',
      none: 'null',
      nested: { url: 'string', list: [{ code: 'string', ok: 'number' }, 'string'] },
    });
    const long = tracePayload(Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`field${i}`, i])))!;
    expect(long).toHaveLength(TRACE_PAYLOAD_CHARS + 1);
    expect(tracePayload(undefined)).toBeNull();
    expect(tracePayload({})).toBeNull();
  });
});

describe('withoutSentValues', () => {
  it('takes every string the request sent out of an error text, longest first, and leaves short ones', () => {
    expect(
      withoutSentValues(
        'invalid input syntax for type uuid: "tok-secret-1" near "tok-secret-12" (a, b)',
        { id: 'tok-secret-1', nested: ['tok-secret-12'] },
        { q: 'a' },
        ['b'],
      ),
    ).toBe('invalid input syntax for type uuid: "[a value sent]" near "[a value sent]" (a, b)');
  });
});
