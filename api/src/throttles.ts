import { DomainError, type AppContext, type Config, type Redis } from '@portico/core';
import { RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';

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

/**
 * Takes one back from each counter that still holds some. rate-limiter-flexible's `reward` would
 * also take one from a counter whose window ended while the attempt was checked, starting the next
 * window at -1: attempts refused in a crowd just as the window ends would each leave one for free.
 */
const GIVE_BACK = `for _, key in ipairs(KEYS) do
  local count = tonumber(redis.call('get', key))
  if count and count > 0 then redis.call('decr', key) end
end
return 0`;

/**
 * Counts sign-in attempts per address and per IP in Redis; past either limit an attempt answers 429.
 * An attempt is taken from both allowances before its password or code is checked: `consume` adds
 * and compares in one Redis script, so attempts sent in parallel each see the count the others made.
 * (Reading the count, checking, then adding a failure let 20 parallel wrong passwords for one
 * address all be checked against a limit of 5 — issue 25.) What was taken is given back when the
 * answer was right, or the attempt was refused or never judged; only wrong answers stay counted.
 */
export class LoginThrottle {
  private readonly byEmail: RateLimiterRedis;
  private readonly byIp: RateLimiterRedis;

  constructor(
    private readonly redis: Redis,
    config: Config,
  ) {
    const { perEmail, perIp, windowSeconds } = config.loginThrottle;
    const common = { storeClient: redis, duration: windowSeconds };
    this.byEmail = new RateLimiterRedis({
      ...common,
      keyPrefix: `${config.redisPrefix}:login-fail:email`,
      points: perEmail,
    });
    this.byIp = new RateLimiterRedis({ ...common, keyPrefix: `${config.redisPrefix}:login-fail:ip`, points: perIp });
  }

  /** Takes one attempt for the address and the IP; 429 (nothing taken) when either has none left. */
  async take(email: string, ip: string): Promise<void> {
    const taken = await Promise.allSettled([this.byEmail.consume(email), this.byIp.consume(ip)]);
    if (taken.some((t) => t.status === 'rejected' && t.reason instanceof Error)) throw limitUnavailable('Sign-in');
    const refused = taken.flatMap((t) => (t.status === 'rejected' ? [t.reason as RateLimiterRes] : []));
    if (refused.length === 0) return;
    // A refused attempt is not checked, so it does not count: a consume past the limit still adds.
    await this.giveBack(email, ip);
    const waitMs = Math.max(...refused.map((state) => state.msBeforeNext));
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    throw new DomainError(
      429,
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      'login_throttled',
    );
  }

  /** Gives an attempt back to the address and the IP. */
  async giveBack(email: string, ip: string): Promise<void> {
    await counted('Sign-in', () => this.redis.eval(GIVE_BACK, 2, this.byEmail.getKey(email), this.byIp.getKey(ip)));
  }

  /** A session was issued: the address's failures are forgiven. */
  async forgive(email: string): Promise<void> {
    await counted('Sign-in', () => this.byEmail.delete(email));
  }
}

/**
 * At most a few emails of one kind (password reset, sign-in link) per address per hour, so a public
 * form cannot be used to flood an inbox.
 */
export class EmailThrottle {
  private readonly byEmail: RateLimiterRedis;

  constructor(
    redis: Redis,
    config: Config,
    private readonly kind: { key: string; what: string; perHour: number },
  ) {
    this.byEmail = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${config.redisPrefix}:${kind.key}`,
      points: kind.perHour,
      duration: 3600,
    });
  }

  /** True when another email may go to this address now. */
  async take(email: string): Promise<boolean> {
    try {
      await this.byEmail.consume(email);
      return true;
    } catch (refusal) {
      if (refusal instanceof Error) throw limitUnavailable(this.kind.what);
      return false;
    }
  }
}

/** Sign-in links one address can be sent in an hour. */
export const MAGIC_LINK_EMAILS_PER_HOUR = 5;

/** Email confirmation links one account can ask for again in an hour. */
export const CONFIRMATION_EMAILS_PER_HOUR = 3;

interface Throttles {
  login: LoginThrottle;
  resetEmail: EmailThrottle;
  magicLinkEmail: EmailThrottle;
  /** Counted per account, whose address may be changing. */
  confirmationEmail: EmailThrottle;
}

const throttles = new WeakMap<AppContext, Throttles>();

/** The sign-in and email throttles of a process: made once for its context, on its bounded Redis client. */
export function throttlesOf(ctx: AppContext): Throttles {
  let made = throttles.get(ctx);
  if (!made) {
    made = {
      login: new LoginThrottle(ctx.boundedRedis, ctx.config),
      resetEmail: new EmailThrottle(ctx.boundedRedis, ctx.config, {
        key: 'reset-email',
        what: 'Password reset',
        perHour: 3,
      }),
      magicLinkEmail: new EmailThrottle(ctx.boundedRedis, ctx.config, {
        key: 'magic-link-email',
        what: 'Sign-in by email',
        perHour: MAGIC_LINK_EMAILS_PER_HOUR,
      }),
      confirmationEmail: new EmailThrottle(ctx.boundedRedis, ctx.config, {
        key: 'confirmation-email',
        what: 'Email confirmation',
        perHour: CONFIRMATION_EMAILS_PER_HOUR,
      }),
    };
    throttles.set(ctx, made);
  }
  return made;
}

/**
 * Runs `check` — a password or code being verified for `email`, asked from `ip` — as one counted
 * sign-in attempt (`LoginThrottle`): refused with 429 past the limit, before anything is checked;
 * still counted when `isWrong` recognises what it threw (a wrong password or code); given back
 * when it passes or fails for another reason. A refusal is counted as `throttled` and a wrong
 * answer as `failure` in the metrics.
 */
export async function countedSignInAttempt<T>(
  ctx: AppContext,
  { email, ip }: { email: string; ip: string },
  check: () => Promise<T>,
  isWrong: (error: unknown) => boolean,
): Promise<T> {
  const { login } = throttlesOf(ctx);
  try {
    await login.take(email, ip);
  } catch (error) {
    if (error instanceof DomainError && error.status === 429) ctx.metrics.authAttempts.inc({ outcome: 'throttled' });
    throw error;
  }
  let result: T;
  try {
    result = await check();
  } catch (error) {
    if (isWrong(error)) ctx.metrics.authAttempts.inc({ outcome: 'failure' });
    else await login.giveBack(email, ip);
    throw error;
  }
  await login.giveBack(email, ip);
  return result;
}

/** The refusal `countedSignInAttempt` counts, recognised by its code. */
export const refusedWith =
  (code: string) =>
  (error: unknown): boolean =>
    error instanceof DomainError && error.code === code;

/** A session was issued: the address starts over. */
export async function recordSignInSuccess(ctx: AppContext, email: string): Promise<void> {
  ctx.metrics.authAttempts.inc({ outcome: 'success' });
  await throttlesOf(ctx).login.forgive(email);
}
