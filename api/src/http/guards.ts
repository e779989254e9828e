import { loadSessionActor, unauthorized, type AppContext } from '@portico/core';
import type { Request, RequestHandler } from 'express';
import { authenticate, bindToConsoleAllowlist, markImpersonation } from '../middleware/authenticate';
import { requireWorkspace } from '../middleware/workspace';
import { authorizePlatform } from '../policies';
import { hasFileLinkSignature, verifyFileLink } from './file-links';
import type { GuardHandlers } from './mount';
import { sessionOf } from './request';

/** Only a platform super admin passes (the console's calls), and only from the console's IP allowlist when it has lines. */
const requirePlatformAdmin: RequestHandler = (req, _res, next) => {
  const { actor, superAdminRefusal } = sessionOf(req);
  if (superAdminRefusal) throw superAdminRefusal;
  authorizePlatform(actor);
  next();
};

/**
 * The session of a file route opened through a signed link (`<a>`, `<img>` and `<iframe>` cannot
 * send the bearer token): the link names its user, session and workspace, and every use re-checks
 * them. With an Authorization header, or without a signature, or on a path that names no file
 * (`fileIdOf` answers null), the bearer session decides.
 */
export function sessionOrSignedLink(
  ctx: AppContext,
  authenticateSession: RequestHandler,
  fileIdOf: (req: Request) => string | null = (req) => String(req.params.id),
): RequestHandler {
  return async (req, res, next) => {
    const fileId = fileIdOf(req);
    if (fileId === null || !hasFileLinkSignature(req.query) || req.headers.authorization) {
      await authenticateSession(req, res, next);
      return;
    }
    const { tenantId, holder } = verifyFileLink(ctx.config.secretsKey, fileId, req.query);
    // Links made for an API key are opened under /api/v1 only.
    if (holder.kind !== 'session')
      throw unauthorized('This link is not valid. Open the file again from the portal.', 'link_invalid');
    const actor = await loadSessionActor(ctx, holder.userId, holder.familyId);
    if (!actor) throw unauthorized('Your session has ended. Please sign in again.', 'session_revoked');
    markImpersonation(res, actor);
    req.session = { ...(await bindToConsoleAllowlist(ctx, actor, req.ip)), familyId: holder.familyId };
    req.headers['x-tenant-id'] = tenantId;
    next();
  };
}

/** The middleware in front of each declared route of the web app, by its group's guard. */
export function webAppGuards(ctx: AppContext): GuardHandlers {
  const session = authenticate(ctx);
  const endingSession = authenticate(ctx, { endsSession: true });
  const linked = sessionOrSignedLink(ctx, session);
  const workspace = requireWorkspace(ctx);
  return (guard, route) => {
    switch (guard) {
      case 'public':
        return [];
      case 'session':
        return [route.endsSession ? endingSession : session];
      case 'platform':
        return [session, requirePlatformAdmin];
      case 'workspace':
        return [route.signedLink ? linked : session, workspace];
      case 'apiKey':
        throw new Error(`${route.path}: API-key routes are mounted under /v1 with their own guard.`);
    }
  };
}

/**
 * The public API's routes add nothing to the API-key guard that runs for all of `/v1` where it is
 * mounted (so an unknown path under it asks for a key too); any other guard does not belong there.
 */
export const publicApiGuards: GuardHandlers = (guard, route) => {
  if (guard !== 'apiKey') throw new Error(`${route.path}: only API-key routes are mounted under /v1.`);
  return [];
};
