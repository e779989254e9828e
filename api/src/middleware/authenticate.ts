import { IMPERSONATING_HEADER, isUuid } from '@portico/common';
import {
  consoleAddressRefusal,
  isApiKeyToken,
  loadSessionActor,
  readWorkspaceVersions,
  unauthorized,
  verifyAccessToken,
  type Actor,
  type AppContext,
} from '@portico/core';
import type { RequestHandler, Response } from 'express';
import type { Session } from '../http/request';

/** Every answer of an impersonation session says so (DECISIONS §4); the SPA's banner follows it. */
export function markImpersonation(res: Response, actor: Actor): void {
  if (actor.impersonation) res.setHeader(IMPERSONATING_HEADER, 'true');
}

function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim() || null;
}

/**
 * The console's IP allowlist binds a super admin's authority wherever it is used, not only in the
 * console (docs/architecture.md, "The console's IP allowlist"). From an address outside it, an
 * impersonation session is refused outright (but for the call that ends it, `endsSession`: that
 * only takes power away), and a super admin's own session keeps what their memberships give
 * anyone: the actor loses `isSuperAdmin`, and whatever needed it answers with `superAdminRefusal`.
 */
export async function bindToConsoleAllowlist(
  ctx: AppContext,
  actor: Actor,
  ip: string | undefined,
  options: { endsSession?: boolean } = {},
): Promise<Pick<Session, 'actor' | 'superAdminRefusal'>> {
  if (!actor.isSuperAdmin && !actor.impersonation) return { actor };
  const refusal = await consoleAddressRefusal(ctx, ip);
  if (!refusal) return { actor };
  if (actor.impersonation) {
    if (options.endsSession) return { actor };
    throw refusal;
  }
  return { actor: { ...actor, isSuperAdmin: false }, superAdminRefusal: refusal };
}

/**
 * Resolves the bearer session into the actor, bound to the console's IP allowlist; 401 when absent,
 * invalid, expired or revoked. A read in a workspace also starts reading that workspace's cache
 * versions, beside the session's: one round trip to Redis for both. `endsSession`: the route only
 * ends the session it is called with.
 */
export function authenticate(ctx: AppContext, options: { endsSession?: boolean } = {}): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw unauthorized('You need to sign in.', 'no_session');
    // An API key opens /api/v1 only; anywhere else it is refused exactly like a bad session token.
    if (isApiKeyToken(token)) throw unauthorized('Your session has expired. Please sign in again.', 'invalid_token');
    const claims = await verifyAccessToken(ctx, token);
    const tenantId = req.headers['x-tenant-id'];
    const workspaceVersions =
      req.method === 'GET' && typeof tenantId === 'string' && isUuid(tenantId)
        ? readWorkspaceVersions(ctx.sequelize, tenantId.toLowerCase())
        : undefined;
    const actor = await loadSessionActor(ctx, claims.userId, claims.familyId);
    if (!actor) throw unauthorized('Your session has ended. Please sign in again.', 'session_revoked');
    markImpersonation(res, actor);
    const bound = await bindToConsoleAllowlist(ctx, actor, req.ip, options);
    req.session = { ...bound, familyId: claims.familyId, workspaceVersions };
    next();
  };
}
