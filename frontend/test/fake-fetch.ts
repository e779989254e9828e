import { vi } from 'vitest';

export interface Call {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface Answer {
  status: number;
  body?: unknown;
}

/** What an upload sent through XMLHttpRequest also offers its answer: to report progress, and whether it was aborted. */
export interface UploadChannel {
  /** Tells the page that `fraction` (0 to 1) of the body has been sent. */
  progress: (fraction: number) => void;
  /** Aborted when the page aborts the request. */
  signal: AbortSignal;
}

type Responder = (call: Call, upload?: UploadChannel) => Answer | Promise<Answer>;

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

/** A multipart body as the server reads it: a repeated name as a list, a file by its name. */
function formFields(form: FormData): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of form.entries()) {
    const text = typeof value === 'string' ? value : value.name;
    const before = fields[name];
    fields[name] = before === undefined ? text : [...(Array.isArray(before) ? before : [before]), text];
  }
  return fields;
}

/**
 * An XMLHttpRequest answered by the same scripted server (uploads use XHR for its progress events):
 * the call is recorded like a fetch, with a multipart body read as its fields. An aborted request is
 * never answered.
 */
function fakeXhrClass(calls: Call[], respond: Responder) {
  return class FakeXMLHttpRequest {
    readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    responseType = '';
    status = 0;
    response: unknown = null;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    #method = 'GET';
    #path = '';
    readonly #headers: Record<string, string> = {};
    readonly #aborted = new AbortController();

    open(method: string, path: string) {
      this.#method = method;
      this.#path = path;
    }

    setRequestHeader(name: string, value: string) {
      this.#headers[name.toLowerCase()] = value;
    }

    send(body: unknown) {
      const call: Call = {
        path: this.#path,
        method: this.#method,
        headers: this.#headers,
        body: body instanceof FormData ? formFields(body) : body,
      };
      calls.push(call);
      const channel: UploadChannel = {
        progress: (fraction) =>
          this.upload.onprogress?.(
            new ProgressEvent('progress', { lengthComputable: true, loaded: fraction, total: 1 }),
          ),
        signal: this.#aborted.signal,
      };
      void Promise.resolve(respond(call, channel)).then(({ status, body: answer }) => {
        if (this.#aborted.signal.aborted) return;
        this.status = status;
        this.response = status === 204 ? null : (answer ?? {});
        this.onload?.();
      });
    }

    abort() {
      this.#aborted.abort();
    }
  };
}

/** What the scripted server answers, by `'METHOD /path'` (the path with its query, or without it). */
export type AnswerTable = Record<string, Answer | Responder>;

/** A call the table had no answer for: the test fails with it, after it ends (setup.ts). */
const unexpected: Call[] = [];

/**
 * Replaces fetch and XMLHttpRequest with a server that answers only what `table` names; any other
 * call is answered 501 and fails the test. Returns the calls, in order, to assert what was sent.
 */
export function answers(table: AnswerTable): Call[] {
  const respond: Responder = (call, upload) => {
    const pathname = call.path.split('?')[0];
    const entry = table[`${call.method} ${call.path}`] ?? table[`${call.method} ${pathname}`];
    if (entry === undefined) {
      unexpected.push(call);
      return { status: 501, body: { error: `No answer scripted for ${call.method} ${call.path}` } };
    }
    return typeof entry === 'function' ? entry(call, upload) : entry;
  };
  const calls = fakeFetch(respond);
  vi.stubGlobal('XMLHttpRequest', fakeXhrClass(calls, respond));
  return calls;
}

/** An answer the test gives when it chooses (to see a pending state): `answer` is what the server then says. */
export function heldAnswer(): { respond: Responder; answer: (answer: Answer) => void } {
  let release: (answer: Answer) => void = () => undefined;
  const held = new Promise<Answer>((resolve) => {
    release = resolve;
  });
  return { respond: () => held, answer: (answer) => release(answer) };
}

/** Throws, naming them, if any call went unanswered since the last check. */
export function assertNoUnexpectedCalls(): void {
  const calls = unexpected.splice(0);
  if (calls.length > 0)
    throw new Error(
      `The component made calls the test did not script:\n${calls
        .map((c) => `  ${c.method} ${c.path} ${c.body === undefined ? '' : JSON.stringify(c.body)}`)
        .join('\n')}`,
    );
}
