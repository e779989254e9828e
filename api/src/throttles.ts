import { DomainError, type Config, type Redis } from '@portico/core';
import { RateLimiterRedis } from 'rate-limiter-flexible';

/** Counts failed sign-ins per address and per IP in Redis; past the limit sign-in answers 429. */
export class LoginThrottle {
  private readonly byEmail: RateLimiterRedis;
  private readonly byIp: RateLimiterRedis;

  constructor(redis: Redis, config: Config) {
    const { perEmail, perIp, windowSeconds } = config.loginThrottle;
    this.byEmail = new RateLimiterRedis({ storeClient: redis, keyPrefix: `${config.redisPrefix}:login-fail:email`, points: perEmail, duration: windowSeconds });
    this.byIp = new RateLimiterRedis({ storeClient: redis, keyPrefix: `${config.redisPrefix}:login-fail:ip`, points: perIp, duration: windowSeconds });
  }

  async assertAllowed(email: string, ip: string): Promise<void> {
    const [emailState, ipState] = await Promise.all([this.byEmail.get(email), this.byIp.get(ip)]);
    const blocked = [
      { state: emailState, limit: this.byEmail.points },
      { state: ipState, limit: this.byIp.points },
    ].filter(({ state, limit }) => state && state.consumedPoints >= limit);
    if (blocked.length === 0) return;
    const waitMs = Math.max(...blocked.map(({ state }) => state!.msBeforeNext));
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    throw new DomainError(429, `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, 'login_throttled');
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await Promise.all([this.byEmail.penalty(email, 1), this.byIp.penalty(ip, 1)]);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.byEmail.delete(email);
  }
}

/** At most a few reset emails per address per hour, so the form cannot be used to flood an inbox. */
export class ResetEmailThrottle {
  private readonly byEmail: RateLimiterRedis;

  constructor(redis: Redis, config: Config, perHour = 3) {
    this.byEmail = new RateLimiterRedis({ storeClient: redis, keyPrefix: `${config.redisPrefix}:reset-email`, points: perHour, duration: 3600 });
  }

  /** True when another reset email may go to this address now. */
  async take(email: string): Promise<boolean> {
    try {
      await this.byEmail.consume(email);
      return true;
    } catch (refusal) {
      if (refusal instanceof Error) throw refusal;
      return false;
    }
  }
}
