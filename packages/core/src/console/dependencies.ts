import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import type { AppContext } from '../context';
import { pingDatabase } from './console-data';

/*
 * Whether what the platform depends on answers, asked for real with a deadline: readiness asks
 * PostgreSQL and Redis, the console's App Health every dependency.
 */

export type ProbeOutcome = 'ok' | 'no answer' | 'failed';

export interface Probe {
  outcome: ProbeOutcome;
  ms: number;
  error: string | null;
}

/** Runs `work` with a deadline: it answered in time, did not answer, or failed (with its error). */
export async function probe(work: () => Promise<unknown>, deadlineMs: number): Promise<Probe> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Probe>((resolve) => {
    timer = setTimeout(
      () => resolve({ outcome: 'no answer', ms: deadlineMs, error: `No answer within ${deadlineMs} ms.` }),
      deadlineMs,
    );
  });
  try {
    const answered = work().then(
      (): Probe => ({ outcome: 'ok', ms: performance.now() - started, error: null }),
      (error: unknown): Probe => {
        const message = error instanceof Error ? error.message : String(error);
        // A bounded Redis command gives up on its own before the deadline ("Command timed out").
        return {
          outcome: /timed out/i.test(message) ? 'no answer' : 'failed',
          ms: performance.now() - started,
          error: message,
        };
      },
    );
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

export const DEPENDENCY_PROVIDERS = ['postgres', 'redis', 'storage', 'smtp', 'stripe', 'prometheus'] as const;
export type DependencyProvider = (typeof DEPENDENCY_PROVIDERS)[number];
/** `not_configured`: the platform runs without it (no SMTP_URL, no Stripe key, no PROMETHEUS_URL). */
export type DependencyStatus = 'ok' | 'degraded' | 'down' | 'not_configured';

export interface DependencyHealth {
  provider: DependencyProvider;
  status: DependencyStatus;
  /** How long the check took, when it ran. */
  latencyMs: number | null;
  /** The error of this check, else the last one seen (with when), else null. */
  lastError: string | null;
  lastErrorAt: string | null;
}

/** How long one dependency check may take. */
export const DEPENDENCY_DEADLINE_MS = 2000;
/** An answer slower than this is degraded. */
export const DEPENDENCY_SLOW_MS = 500;

type DependencyContext = Pick<AppContext, 'config' | 'sequelize' | 'boundedRedis' | 'storage' | 'mail' | 'clock'>;

/** Stripe itself, unless STRIPE_API_URL points stripe-node (and so this check) at another server. */
const STRIPE_URL = 'https://api.stripe.com';

async function fetchOk(url: string, init: RequestInit = {}): Promise<void> {
  const { host } = new URL(url);
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(DEPENDENCY_DEADLINE_MS) }).catch(
    (error: Error & { cause?: { code?: string; message?: string } }) => {
      throw new Error(`${host} could not be reached (${error.cause?.code ?? error.cause?.message ?? error.message}).`);
    },
  );
  await res.body?.cancel();
  if (!res.ok) throw new Error(`${host} answered ${res.status}.`);
}

/** The check of each dependency, or null when the platform is not configured to use it. */
function checks(ctx: DependencyContext): Record<DependencyProvider, (() => Promise<unknown>) | null> {
  const { config } = ctx;
  return {
    postgres: () => pingDatabase(ctx),
    redis: () => ctx.boundedRedis.ping(),
    storage:
      ctx.storage.driver === 'local'
        ? async () => {
            await mkdir(config.storage.dir, { recursive: true });
            await access(config.storage.dir, constants.W_OK);
          }
        : // Asking for an object that is not there still needs the bucket and the credentials.
          () => ctx.storage.stat('.portico-health-check'),
    smtp: ctx.mail.delivers ? () => ctx.mail.verify() : null,
    stripe: config.stripe.secretKey
      ? () =>
          fetchOk(new URL('/v1/balance', config.stripe.apiUrl ?? STRIPE_URL).toString(), {
            headers: { authorization: `Bearer ${config.stripe.secretKey}` },
          })
      : null,
    prometheus: config.prometheusUrl ? () => fetchOk(new URL('/-/ready', config.prometheusUrl).toString()) : null,
  };
}

function lastErrorsKey(ctx: Pick<AppContext, 'config'>): string {
  return `${ctx.config.redisPrefix}:dependency-errors`;
}

/** Checks every dependency at once; each error is kept as that dependency's last error. */
export async function checkDependencies(ctx: DependencyContext): Promise<DependencyHealth[]> {
  const all = checks(ctx);
  const probes = await Promise.all(
    DEPENDENCY_PROVIDERS.map(async (provider) => {
      const work = all[provider];
      return { provider, result: work ? await probe(work, DEPENDENCY_DEADLINE_MS) : null };
    }),
  );
  const key = lastErrorsKey(ctx);
  const now = ctx.clock.now().toISOString();
  const failed = probes.filter((p) => p.result?.error);
  const earlier = await ctx.boundedRedis.hgetall(key).catch(() => ({}) as Record<string, string>);
  if (failed.length > 0)
    await ctx.boundedRedis
      .hset(
        key,
        Object.fromEntries(failed.map((p) => [p.provider, JSON.stringify({ at: now, error: p.result!.error })])),
      )
      .catch(() => undefined);
  return probes.map(({ provider, result }) => {
    const last = result?.error
      ? { at: now, error: result.error }
      : earlier[provider]
        ? (JSON.parse(earlier[provider]) as { at: string; error: string })
        : null;
    return {
      provider,
      status: !result
        ? 'not_configured'
        : result.outcome !== 'ok'
          ? 'down'
          : result.ms > DEPENDENCY_SLOW_MS
            ? 'degraded'
            : 'ok',
      latencyMs: result ? Math.round(result.ms) : null,
      lastError: last?.error ?? null,
      lastErrorAt: last?.at ?? null,
    };
  });
}
