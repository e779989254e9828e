import {
  impersonationStartAnswer,
  impersonationStartBody,
  securityActivityAnswer,
  userSearchAnswer,
  userSearchQuery,
} from '@portico/common';
import { listSecurityActivity, NO_SUCH_USER, searchUsers, startImpersonation, stopImpersonation } from '@portico/core';
import { defineRoutes } from '../http/route';
import { platformActorOf } from '../http/request';
import { presentUser } from '../presenters';

const TAG = {
  name: 'Impersonation',
  description: 'A super admin acting as someone for support: time-limited, audited, visible to the workspace’s admins.',
};

/** The console's side: find the person, start the session as them. */
export const impersonationConsoleRoutes = defineRoutes('platform', TAG, (route) => [
  route({
    method: 'get',
    path: '/super/users',
    operationId: 'searchUsers',
    summary: 'Find people across workspaces to impersonate',
    description:
      'platform-console §7 names this `GET /api/users?query=`; that path is the People list of a workspace (same `query`, same `users`), so the console’s search across workspaces lives here. Email contains the text; at most 20; super admins are left out.',
    query: userSearchQuery,
    responses: { 200: { description: 'The matching people, by email.', schema: userSearchAnswer } },
    handle: async ({ ctx, query }) => ({ users: await searchUsers(ctx, query.query) }),
  }),
  route({
    method: 'post',
    path: '/impersonate/start',
    operationId: 'startImpersonation',
    summary: 'Start a session as someone',
    description:
      'A separate session as the user, ending 60 minutes after the start (refreshing does not move it). Every answer it gets carries `x-impersonating: true`; it cannot reach the console, start another impersonation, or change the person’s password or email. Audited (`impersonation.started`) in each of the person’s workspaces, with the reason.',
    body: impersonationStartBody,
    responses: { 201: { description: 'The impersonation session.', schema: impersonationStartAnswer } },
    refusals: {
      403: 'A super admin cannot be impersonated (`super_admin_target`).',
      404: NO_SUCH_USER,
    },
    handle: async ({ ctx, req, body }) => {
      const started = await startImpersonation(ctx, platformActorOf(req), body);
      return {
        session: { ...started.tokens, user: presentUser(started.user) },
        ends_at: started.endsAt.toISOString(),
      };
    },
  }),
]);

/** Ending it, with the impersonation session's own token. */
export const impersonationSessionRoutes = defineRoutes('session', TAG, (route) => [
  route({
    method: 'post',
    path: '/impersonate/stop',
    operationId: 'stopImpersonation',
    summary: 'End the impersonation session',
    description:
      'Called with the impersonation session’s token: revokes it at once and audits `impersonation.stopped` with the super admin as the actor.',
    endsSession: true,
    responses: { 204: { description: 'The session is over; its tokens answer 401 from now on.' } },
    refusals: { 400: 'This session is not an impersonation (`not_impersonating`).' },
    handle: async ({ ctx, req, session }) => {
      await stopImpersonation(ctx, { familyId: session.familyId, ip: req.ip ?? null });
    },
  }),
]);

/** What a workspace's admins see of it (Settings → Security activity). */
export const securityActivityRoutes = defineRoutes('workspace', TAG, (route) => [
  route({
    method: 'get',
    path: '/security-activity',
    operationId: 'listSecurityActivity',
    summary: 'The platform staff’s impersonations of this workspace’s people',
    responses: { 200: { description: 'Newest first, at most 100.', schema: securityActivityAnswer } },
    refusals: { 403: 'Only workspace admins can see the workspace’s security activity.' },
    authorize: 'workspace.security.read',
    handle: async ({ ctx, scope }) => ({
      activity: (await listSecurityActivity(ctx, scope.tenantId)).map((row) => ({
        ...row,
        created_at: row.created_at.toISOString(),
      })),
    }),
  }),
]);
