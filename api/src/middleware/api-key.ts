import {
  assertIntegrationsPlan,
  DomainError,
  findApiKeyByToken,
  findLiveApiKey,
  forbidden,
  recordApiKeyUse,
  roleTypesOf,
  tenantSiteOf,
  unauthorized,
  type ApiKey,
  type ApiKeyHolder,
  type AppContext,
  type Tenant,
} from '@portico/core';
import type { Request, RequestHandler, Response } from 'express';
import { RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';
import { hasFileLinkSignature, verifyFileLink } from '../http/file-links';
import { limitUnavailable } from '../throttles';
import { HOST_OF_ANOTHER_WORKSPACE } from './workspace';

/** The key a public API request was made with, and the workspace it is bound to. */
export interface ApiKeyAccess {
  apiKey: ApiKey;
  tenant: Tenant;
}

declare module 'express-serve-static-core' {
  interface Request {
    apiKeyAccess?: ApiKeyAccess;
  }
}

export const INVALID_API_KEY = 'Invalid API key.';

export function apiKeyAccessOf(req: Request): ApiKeyAccess {
  if (!req.apiKeyAccess) throw new Error('the API key middleware did not run for this route');
  return req.apiKeyAccess;
}

function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim() || null;
}

/** Counts each key's calls per minute in Redis, shared by every API replica. */
export class ApiRateLimit {
  private readonly limiter: RateLimiterRedis;

  constructor(ctx: Pick<AppContext, 'boundedRedis' | 'config'>) {
    // The bounded client: when Redis does not answer, the call is refused with 503 within its deadline.
    this.limiter = new RateLimiterRedis({
      storeClient: ctx.boundedRedis,
      keyPrefix: `${ctx.config.redisPrefix}:api-rate`,
      points: ctx.config.apiRateLimitPerMinute,
      duration: 60,
    });
  }

  /** Takes one call from the key's minute, sets the RateLimit headers, and refuses with 429 past the limit. */
  async take(keyId: string, res: Response): Promise<void> {
    let state: RateLimiterRes;
    let allowed = true;
    try {
      state = await this.limiter.consume(keyId);
    } catch (refusal) {
      if (refusal instanceof Error) throw limitUnavailable('The API');
      state = refusal as RateLimiterRes;
      allowed = false;
    }
    const resetSeconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
    res.setHeader('RateLimit-Limit', String(this.limiter.points));
    res.setHeader('RateLimit-Remaining', String(Math.max(0, state.remainingPoints)));
    res.setHeader('RateLimit-Reset', String(resetSeconds));
    if (allowed) return;
    res.setHeader('Retry-After', String(resetSeconds));
    throw new DomainError(
      429,
      `This API key has made more than ${this.limiter.points} calls this minute. Try again in ${resetSeconds} second${resetSeconds === 1 ? '' : 's'}.`,
      'rate_limited',
    );
  }
}

/** `/files/{id}/download` may be opened through a signed `download_url` instead of the key. */
async function keyFromSignedLink(ctx: Pick<AppContext, 'db' | 'config'>, req: Request): Promise<ApiKeyHolder | null> {
  const match = req.path.match(/^\/files\/([^/]+)\/download$/);
  if (req.method !== 'GET' || !match) return null;
  const { tenantId, holder } = verifyFileLink(ctx.config.secretsKey, match[1]!, req.query);
  if (holder.kind !== 'api-key')
    throw unauthorized('This link is not valid. Ask the API for the file again to get a new link.', 'link_invalid');
  return findLiveApiKey(ctx, tenantId, holder.keyId);
}

/**
 * Authenticates `/api/v1`: a live API key (`Authorization: Bearer ptk_…`, or a signed download link
 * made for one), rate-limited per key; then the workspace must not be suspended and its plan must
 * include integrations. Sessions of the web app are refused here, as keys are everywhere else.
 */
export function authenticateApiKey(ctx: AppContext, rateLimit: ApiRateLimit): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req.headers.authorization);
    let holder: ApiKeyHolder | null = null;
    if (token) holder = await findApiKeyByToken(ctx, token);
    else if (hasFileLinkSignature(req.query)) holder = await keyFromSignedLink(ctx, req);
    if (!holder) throw unauthorized(INVALID_API_KEY, 'invalid_api_key');
    const { apiKey, tenant } = holder;
    // On a workspace's own address only its keys work: the host decides the workspace.
    const site = await tenantSiteOf(ctx, req.get('host') ?? '');
    if (site && site.tenantId !== tenant.id) throw forbidden(HOST_OF_ANOTHER_WORKSPACE, 'host_mismatch');
    await rateLimit.take(apiKey.id, res);
    if (tenant.status === 'suspended')
      throw forbidden(`${tenant.name} is suspended. Contact the platform administrator.`, 'tenant_suspended');
    assertIntegrationsPlan(tenant.tier);
    await recordApiKeyUse(ctx, apiKey);
    req.apiKeyAccess = { apiKey, tenant };
    req.apiKeyScope = {
      tenantId: tenant.id,
      tenant,
      roleTypes: await roleTypesOf(ctx, tenant.id),
      role: null,
      roleKind: null,
      actor: { userId: null, apiKeyId: apiKey.id, isSuperAdmin: false, ip: req.ip ?? null, impersonatorUserId: null },
    };
    next();
  };
}
