import { IMPERSONATING_HEADER, isUuid } from '@portico/common';
import {
  isApiKeyToken,
  loadSessionActor,
  readWorkspaceVersions,
  unauthorized,
  verifyAccessToken,
  type Actor,
  type AppContext,
} from '@portico/core';
import type { RequestHandler, Response } from 'express';

/** Every answer of an impersonation session says so (DECISIONS §4); the SPA's banner follows it. */
export function markImpersonation(res: Response, actor: Actor): void {
  if (actor.impersonation) res.setHeader(IMPERSONATING_HEADER, 'true');
}

function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim() || null;
}

/**
 * Resolves the bearer session into the actor; 401 when absent, invalid, expired or revoked. A read
 * in a workspace also starts reading that workspace's cache versions, beside the session's: one
 * round trip to Redis for both.
 */
export function authenticate(ctx: AppContext): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw unauthorized('You need to sign in.', 'no_session');
    // An API key opens /api/v1 only; anywhere else it is refused exactly like a bad session token.
    if (isApiKeyToken(token)) throw unauthorized('Your session has expired. Please sign in again.', 'invalid_token');
    const claims = await verifyAccessToken(ctx.config, token);
    const tenantId = req.headers['x-tenant-id'];
    const workspaceVersions =
      req.method === 'GET' && typeof tenantId === 'string' && isUuid(tenantId)
        ? readWorkspaceVersions(ctx.sequelize, tenantId.toLowerCase())
        : undefined;
    const actor = await loadSessionActor(claims.userId, claims.familyId);
    if (!actor) throw unauthorized('Your session has ended. Please sign in again.', 'session_revoked');
    req.session = { actor, familyId: claims.familyId, workspaceVersions };
    markImpersonation(res, actor);
    next();
  };
}
