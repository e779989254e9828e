import type { AppContext } from '../context';

/*
 * The Error Explorer's store: one record per answer with a 5xx status, newest first, capped, in
 * Redis (so every API process writes to the same list). Payloads are kept only as a short excerpt
 * with anything secret-looking replaced.
 */

/** How many traces are kept; older ones fall off the end. */
export const ERROR_TRACES_KEPT = 1000;
/** Characters of the request payload a trace keeps. */
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
  payload: string | null;
}

const SECRET_KEY =
  /pass(word|phrase)?|secret|token|authori[sz]ation|api[-_]?key|cookie|session|signature|otp|credential/i;
const REDACTED = '[redacted]';

function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return '…';
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => redact(item, depth + 1));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, SECRET_KEY.test(key) ? REDACTED : redact(item, depth + 1)]),
    );
  return value;
}

/** A request body as a trace keeps it: secret-looking fields replaced, cut to TRACE_PAYLOAD_CHARS. */
export function tracePayload(body: unknown): string | null {
  if (body === undefined || body === null || (typeof body === 'object' && Object.keys(body).length === 0)) return null;
  const text = JSON.stringify(redact(body)) ?? null;
  return text && text.length > TRACE_PAYLOAD_CHARS ? `${text.slice(0, TRACE_PAYLOAD_CHARS)}…` : text;
}

function key(ctx: Pick<AppContext, 'config'>): string {
  return `${ctx.config.redisPrefix}:error-traces`;
}

/** Keeps a trace; a Redis that does not answer loses the trace, never the answer being sent. */
export async function recordErrorTrace(
  ctx: Pick<AppContext, 'boundedRedis' | 'config' | 'logger'>,
  trace: Omit<ErrorTrace, 'at' | 'error'> & { error: string | null },
): Promise<void> {
  const record: ErrorTrace = {
    ...trace,
    at: new Date().toISOString(),
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
