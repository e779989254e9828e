import { isApiKeyToken, loadSessionActor, unauthorized, verifyAccessToken, type Config } from '@portico/core';
import type { RequestHandler } from 'express';

function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim() || null;
}

/** Resolves the bearer session into the actor; 401 when absent, invalid, expired or revoked. */
export function authenticate(config: Config): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw unauthorized('You need to sign in.', 'no_session');
    // An API key opens /api/v1 only; anywhere else it is refused exactly like a bad session token.
    if (isApiKeyToken(token)) throw unauthorized('Your session has expired. Please sign in again.', 'invalid_token');
    const claims = await verifyAccessToken(config, token);
    const actor = await loadSessionActor(claims.userId, claims.familyId);
    if (!actor) throw unauthorized('Your session has ended. Please sign in again.', 'session_revoked');
    req.session = { actor, familyId: claims.familyId };
    next();
  };
}
