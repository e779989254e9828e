import { vi } from 'vitest';

export interface Call {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Responder = (call: Call) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/** Replaces global fetch with a scripted server and records every call. */
export function fakeFetch(respond: Responder) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: string, init: RequestInit = {}) => {
    const call: Call = {
      path: input,
      method: init.method ?? 'GET',
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const { status, body } = await respond(call);
    return new Response(status === 204 ? null : JSON.stringify(body ?? {}), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}
