import { vi } from 'vitest';

export interface Call {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Responder = (call: Call) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/** The call `fetch` was asked for: a path and init (`api()`), or a Request (the typed client), read alike. */
async function callOf(input: string | Request, init: RequestInit = {}): Promise<Call> {
  if (typeof input === 'string')
    return {
      path: input,
      method: init.method ?? 'GET',
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
  const url = new URL(input.url);
  const text = await input.text();
  return {
    path: url.pathname + url.search,
    method: input.method,
    headers: Object.fromEntries(input.headers),
    body: text ? JSON.parse(text) : undefined,
  };
}

/** Replaces global fetch with a scripted server and records every call. */
export function fakeFetch(respond: Responder) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: string | Request, init?: RequestInit) => {
    const call = await callOf(input, init);
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
