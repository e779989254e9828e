import {
  consoleRoleOf,
  passwordResetSentAnswer,
  sessionRevocation,
  userDetailsAnswer,
  type UserDetails,
} from '@portico/common';
import { getUserDetails, NO_SUCH_SESSION, NO_SUCH_USER, revokeUserSession, sendPasswordResetLink } from '@portico/core';
import { z } from 'zod';
import { defineRoutes } from '../http/route';
import { platformActorOf } from '../http/request';
import { pathId } from './schemas';

const userParams = z.object({ id: pathId(NO_SUCH_USER, 'The user.') });
const sessionParams = userParams.extend({ sessionId: pathId(NO_SUCH_SESSION, 'The session.') });

/** Super User Management (platform-console §2): one person across workspaces, for super admins only. */
export const superUserRoutes = defineRoutes(
  'platform',
  { name: 'User management', description: 'The console’s view of one person: workspaces, sessions, password reset.' },
  (route) => [
    route({
      method: 'get',
      path: '/super/users/:id',
      operationId: 'getUserDetails',
      summary: 'Read one person across workspaces',
      description: 'Their memberships in every workspace, their last sign-in and their live sessions, newest first.',
      params: userParams,
      responses: { 200: { description: 'The person.', schema: userDetailsAnswer } },
      refusals: { 404: NO_SUCH_USER },
      handle: async ({ ctx, params }) => {
        const found = await getUserDetails(ctx, params.id);
        const user: UserDetails = {
          id: found.user.id,
          email: found.user.email,
          name: found.name,
          is_super_admin: found.isSuperAdmin,
          created_at: found.user.created_at.toISOString(),
          last_login_at: found.user.last_sign_in_at?.toISOString() ?? null,
          memberships: found.memberships.map((m) => ({ ...m, role: consoleRoleOf(m.role), role_key: m.role })),
          sessions: found.sessions.map((s) => ({
            id: s.id,
            started_at: s.started_at.toISOString(),
            last_used_at: s.last_used_at?.toISOString() ?? null,
            expires_at: s.expires_at.toISOString(),
            impersonation: s.impersonator_email !== null,
            impersonator_email: s.impersonator_email,
          })),
        };
        return { user };
      },
    }),
    route({
      method: 'delete',
      path: '/super/users/:id/sessions/:sessionId',
      operationId: 'revokeUserSession',
      summary: 'Revoke one of a person’s sessions',
      description:
        'Its tokens answer 401 from the next request, on every process. Audited (`session.revoked`, with the reason if given) in each of the person’s workspaces.',
      params: sessionParams,
      body: sessionRevocation,
      bodyOptional: true,
      responses: { 204: { description: 'Revoked.' } },
      refusals: { 404: `${NO_SUCH_USER} Or: ${NO_SUCH_SESSION}` },
      handle: async ({ ctx, req, params, body }) => {
        await revokeUserSession(ctx, platformActorOf(req), {
          userId: params.id,
          sessionId: params.sessionId,
          reason: body.reason,
        });
      },
    }),
    route({
      method: 'post',
      path: '/super/users/:id/password-reset',
      operationId: 'sendUserPasswordReset',
      summary: 'Email a person a password reset link',
      description:
        'The forgot-password email: a single-use link valid for an hour. Without SMTP the answer carries the link to share by hand. Audited (`password_reset.sent`).',
      params: userParams,
      responses: {
        201: { description: 'The link was created and its email queued.', schema: passwordResetSentAnswer },
      },
      refusals: { 404: NO_SUCH_USER },
      handle: async ({ ctx, req, params }) => {
        const sent = await sendPasswordResetLink(ctx, platformActorOf(req), params.id);
        return { emailSent: sent.emailSent, emailError: sent.emailError, reset_url: sent.resetUrl };
      },
    }),
  ],
);
