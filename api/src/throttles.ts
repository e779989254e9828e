import { DomainError, type AppContext, type Config, type Redis } from '@portico/core';
import { RateLimiterRedis } from 'rate-limiter-flexible';

/**
 * Rate limits live in Redis, on the bounded client (`ctx.boundedRedis`): when Redis does not answer
 * within its deadline, the call is refused with 503 and this sentence instead of waiting — a limit
 * that cannot be counted is not skipped. A command sent while the connection is still opening (a
 * process that just started) waits for it, within the same deadline.
 */
export function limitUnavailable(what: string): DomainError {
  return new DomainError(
    503,
    `${what} is unavailable for a moment: the server cannot reach its rate-limit store. Try again shortly.`,
    'rate_limit_unavailable',
  );
}

/** Runs a call to the limiter; a Redis failure becomes the 503 of `limitUnavailable`. */
export async function counted<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Error) throw limitUnavailable(what);
    throw error;
  }
}

/** Counts failed sign-ins per address and per IP in Redis; past the limit sign-in answers 429. */
export class LoginThrottle {
  private readonly byEmail: RateLimiterRedis;
  private readonly byIp: RateLimiterRedis;

  constructor(redis: Redis, config: Config) {
    const { perEmail, perIp, windowSeconds } = config.loginThrottle;
    const common = { storeClient: redis, duration: windowSeconds };
    this.byEmail = new RateLimiterRedis({
      ...common,
      keyPrefix: `${config.redisPrefix}:login-fail:email`,
      points: perEmail,
    });
    this.byIp = new RateLimiterRedis({ ...common, keyPrefix: `${config.redisPrefix}:login-fail:ip`, points: perIp });
  }

  async assertAllowed(email: string, ip: string): Promise<void> {
    const [emailState, ipState] = await counted('Sign-in', () =>
      Promise.all([this.byEmail.get(email), this.byIp.get(ip)]),
    );
    const blocked = [
      { state: emailState, limit: this.byEmail.points },
      { state: ipState, limit: this.byIp.points },
    ].filter(({ state, limit }) => state && state.consumedPoints >= limit);
    if (blocked.length === 0) return;
    const waitMs = Math.max(...blocked.map(({ state }) => state!.msBeforeNext));
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    throw new DomainError(
      429,
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      'login_throttled',
    );
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await counted('Sign-in', () => Promise.all([this.byEmail.penalty(email, 1), this.byIp.penalty(ip, 1)]));
  }

  async recordSuccess(email: string): Promise<void> {
    await counted('Sign-in', () => this.byEmail.delete(email));
  }
}

/** At most a few reset emails per address per hour, so the form cannot be used to flood an inbox. */
export class ResetEmailThrottle {
  private readonly byEmail: RateLimiterRedis;

  constructor(redis: Redis, config: Config, perHour = 3) {
    this.byEmail = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${config.redisPrefix}:reset-email`,
      points: perHour,
      duration: 3600,
    });
  }

  /** True when another reset email may go to this address now. */
  async take(email: string): Promise<boolean> {
    try {
      await this.byEmail.consume(email);
      return true;
    } catch (refusal) {
      if (refusal instanceof Error) throw limitUnavailable('Password reset');
      return false;
    }
  }
}

const throttles = new WeakMap<AppContext, { login: LoginThrottle; resetEmail: ResetEmailThrottle }>();

/** The sign-in and reset-email throttles of a process: made once for its context, on its bounded Redis client. */
export function throttlesOf(ctx: AppContext): { login: LoginThrottle; resetEmail: ResetEmailThrottle } {
  let made = throttles.get(ctx);
  if (!made) {
    made = {
      login: new LoginThrottle(ctx.boundedRedis, ctx.config),
      resetEmail: new ResetEmailThrottle(ctx.boundedRedis, ctx.config),
    };
    throttles.set(ctx, made);
  }
  return made;
}

/** Refuses a sign-in step (password or second factor) past the failure limit; a refusal is counted as `throttled`. */
export async function assertSignInAllowed(ctx: AppContext, email: string, ip: string): Promise<void> {
  try {
    await throttlesOf(ctx).login.assertAllowed(email, ip);
  } catch (error) {
    if (error instanceof DomainError && error.status === 429) ctx.metrics.authAttempts.inc({ outcome: 'throttled' });
    throw error;
  }
}

/** A wrong password or code: counted against the address and the IP. */
export async function recordSignInFailure(ctx: AppContext, email: string, ip: string): Promise<void> {
  ctx.metrics.authAttempts.inc({ outcome: 'failure' });
  await throttlesOf(ctx).login.recordFailure(email, ip);
}

/** A session was issued: the address starts over. */
export async function recordSignInSuccess(ctx: AppContext, email: string): Promise<void> {
  ctx.metrics.authAttempts.inc({ outcome: 'success' });
  await throttlesOf(ctx).login.recordSuccess(email);
}
