import type { AppContext } from '../context';

/*
 * The Error Explorer's store: one record per answer with a 5xx status, newest first, capped, in
 * Redis (so every API process writes to the same list).
 *
 * A trace keeps no value the caller sent. Any field may hold a secret — an integration's `value`,
 * a webhook `url` with a token in it, a Slack webhook, a sign-in `code` — and no list of
 * secret-looking names catches them all, so the payload is the body's shape only: its field names,
 * each value replaced by its JSON type. Query strings and headers are not kept at all, and the
 * error's text has every string the request sent (body, query, path parameters) taken out.
 */

/** How many traces are kept; older ones fall off the end. */
export const ERROR_TRACES_KEPT = 1000;
/** Characters of the payload's shape a trace keeps. */
export const TRACE_PAYLOAD_CHARS = 1024;
/** Characters of the error's message a trace keeps. */
const TRACE_ERROR_CHARS = 300;

export interface ErrorTrace {
  at: string;
  method: string;
  /** The declared route (`/api/files/:id`), never the raw path. */
  endpoint: string;
  request_id: string | null;
  tenant_id: string | null;
  status: number;
  error: string | null;
  /** The body's shape: field names with the JSON type of each value (`shapeOf`), never a value. */
  payload: string | null;
}

/** Array items and nesting a shape describes; deeper or further is `…`. */
const SHAPE_ITEMS = 20;
const SHAPE_DEPTH = 6;

/**
 * A JSON value with every value replaced by its type: objects keep their field names, arrays their
 * first items' shapes, and a string, number or boolean becomes `"string"`, `"number"`, `"boolean"`.
 */
export function shapeOf(value: unknown, depth = 0): unknown {
  if (value === null) return 'null';
  // A body read raw (the Stripe webhook's).
  if (value instanceof Uint8Array) return 'bytes';
  if (depth > SHAPE_DEPTH) return '…';
  if (Array.isArray(value)) return value.slice(0, SHAPE_ITEMS).map((item) => shapeOf(item, depth + 1));
  if (typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, shapeOf(item, depth + 1)]));
  return typeof value;
}

/** A request body as a trace keeps it: its shape (`shapeOf`), cut to TRACE_PAYLOAD_CHARS. */
export function tracePayload(body: unknown): string | null {
  if (body === undefined || body === null || (typeof body === 'object' && Object.keys(body).length === 0)) return null;
  const text = JSON.stringify(shapeOf(body)) ?? null;
  return text && text.length > TRACE_PAYLOAD_CHARS ? `${text.slice(0, TRACE_PAYLOAD_CHARS)}…` : text;
}

/** Strings shorter than this are not taken out of an error's text: they would only garble it. */
const SHORTEST_TAKEN_OUT = 4;
const TAKEN_OUT = '[a value sent]';

/** Every string of a parsed body or query, at any depth (field names are kept, so they are not collected). */
function stringsOf(value: unknown, into: Set<string>, depth = 0): Set<string> {
  if (typeof value === 'string') {
    if (value.length >= SHORTEST_TAKEN_OUT) into.add(value);
  } else if (value && typeof value === 'object' && depth <= SHAPE_DEPTH)
    for (const item of Object.values(value)) stringsOf(item, into, depth + 1);
  return into;
}

/**
 * An error's text with every string the request sent taken out: a message may repeat what it
 * choked on (`invalid input syntax for type uuid: "…"`). Longest first, so a value that contains
 * another goes whole.
 */
export function withoutSentValues(text: string, ...sent: unknown[]): string {
  const values = [...stringsOf(sent, new Set())].sort((a, b) => b.length - a.length);
  return values.reduce((kept, value) => kept.split(value).join(TAKEN_OUT), text);
}

function key(ctx: Pick<AppContext, 'config'>): string {
  return `${ctx.config.redisPrefix}:error-traces`;
}

/** Keeps a trace; a Redis that does not answer loses the trace, never the answer being sent. */
export async function recordErrorTrace(
  ctx: Pick<AppContext, 'boundedRedis' | 'config' | 'logger' | 'clock'>,
  trace: Omit<ErrorTrace, 'at' | 'error'> & { error: string | null },
): Promise<void> {
  const record: ErrorTrace = {
    ...trace,
    at: ctx.clock.now().toISOString(),
    error:
      trace.error && trace.error.length > TRACE_ERROR_CHARS
        ? `${trace.error.slice(0, TRACE_ERROR_CHARS)}…`
        : trace.error,
  };
  try {
    await ctx.boundedRedis
      .multi()
      .lpush(key(ctx), JSON.stringify(record))
      .ltrim(key(ctx), 0, ERROR_TRACES_KEPT - 1)
      .exec();
  } catch (error) {
    ctx.logger.warn({ err: error }, 'an error trace could not be kept');
  }
}

/** The newest traces first, of one endpoint when named. */
export async function listErrorTraces(
  ctx: Pick<AppContext, 'boundedRedis' | 'config'>,
  options: { endpoint?: string; limit: number },
): Promise<ErrorTrace[]> {
  const all = (await ctx.boundedRedis.lrange(key(ctx), 0, ERROR_TRACES_KEPT - 1)).map(
    (text) => JSON.parse(text) as ErrorTrace,
  );
  return all.filter((trace) => !options.endpoint || trace.endpoint === options.endpoint).slice(0, options.limit);
}
