import { DomainError, getSettings, type AppContext } from '@portico/core';
import type { RequestHandler, Response } from 'express';
import { RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';
import { counted } from '../throttles';

/*
 * The platform's rate limits (Super Settings, Rate Limits): globalRpm counts every call to the API,
 * perTenantRpm every call for one workspace (its `x-tenant-id`, or on the public API its key's
 * workspace), per minute, in Redis. 0 means no limit (and no Redis call). Answers carry the IETF
 * draft's headers (`RateLimit-Policy` names each limit; `RateLimit` the one closest to running out).
 */

const WINDOW_SECONDS = 60;
const WORKSPACE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The limits change without a restart, so the counter counts freely and each call compares with the current limit. */
const UNBOUNDED_POINTS = Number.MAX_SAFE_INTEGER;

interface Counted {
  policy: 'global' | 'tenant';
  limit: number;
  state: RateLimiterRes;
}

export class PlatformRateLimit {
  private readonly limiter: RateLimiterRedis;

  constructor(private readonly ctx: Pick<AppContext, 'boundedRedis' | 'config' | 'sequelize' | 'db'>) {
    this.limiter = new RateLimiterRedis({
      storeClient: ctx.boundedRedis,
      keyPrefix: `${ctx.config.redisPrefix}:platform-rate`,
      points: UNBOUNDED_POINTS,
      duration: WINDOW_SECONDS,
    });
  }

  /** Counts one call against the limits that apply; sets the headers; refuses with 429 past one. */
  async take(res: Response, tenantId: string | null, { global }: { global: boolean }): Promise<void> {
    const { rate } = await getSettings(this.ctx);
    const checks: { policy: Counted['policy']; key: string; limit: number }[] = [];
    if (global && rate.globalRpm > 0) checks.push({ policy: 'global', key: 'all', limit: rate.globalRpm });
    if (tenantId && rate.perTenantRpm > 0)
      checks.push({ policy: 'tenant', key: `t:${tenantId}`, limit: rate.perTenantRpm });
    if (checks.length === 0) return;
    const counts: Counted[] = await counted('The API', () =>
      Promise.all(
        checks.map(async ({ policy, key, limit }) => ({ policy, limit, state: await this.limiter.consume(key) })),
      ),
    );
    const remaining = (c: Counted) => Math.max(0, c.limit - c.state.consumedPoints);
    const closest = counts.reduce((a, b) => (remaining(b) < remaining(a) ? b : a));
    const resetSeconds = Math.max(1, Math.ceil(closest.state.msBeforeNext / 1000));
    res.setHeader('RateLimit-Policy', counts.map((c) => `"${c.policy}";q=${c.limit};w=${WINDOW_SECONDS}`).join(', '));
    res.setHeader('RateLimit', `"${closest.policy}";r=${remaining(closest)};t=${resetSeconds}`);
    const over = counts.find((c) => c.state.consumedPoints > c.limit);
    if (!over) return;
    const overReset = Math.max(1, Math.ceil(over.state.msBeforeNext / 1000));
    res.setHeader('Retry-After', String(overReset));
    const who = over.policy === 'global' ? 'The platform has' : 'This workspace has';
    throw new DomainError(
      429,
      `${who} made more than ${over.limit} calls this minute. Try again in ${overReset} second${overReset === 1 ? '' : 's'}.`,
      'rate_limited',
    );
  }

  /** Every call to the web app's API but the health probes: the global limit, and the workspace's when it names one. */
  webApp(): RequestHandler {
    return async (req, res, next) => {
      // Probes are never limited: an orchestrator must see a busy API as alive.
      if (req.path === '/health' || req.path.startsWith('/health/')) return next();
      // Only what could be a workspace id is counted as one (anything else is refused further on).
      const header = req.get('x-tenant-id')?.trim() ?? '';
      const tenantId = WORKSPACE_ID.test(header) ? header.toLowerCase() : null;
      // The public API is counted once its key names the workspace (`publicApi`).
      await this.take(res, req.path.startsWith('/v1/') || req.path === '/v1' ? null : tenantId, { global: true });
      next();
    };
  }

  /** The public API, after its key: the key's workspace's limit (the global one was counted already). */
  publicApi(): RequestHandler {
    return async (req, res, next) => {
      await this.take(res, req.apiKeyAccess?.tenant.id ?? null, { global: false });
      next();
    };
  }
}
