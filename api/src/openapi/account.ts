import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  emailBody,
  forgotBody,
  loginBody,
  logoutBody,
  passwordBody,
  refreshBody,
  resetBody,
  signupBody,
} from '../routes/auth';
import { acceptBody } from '../routes/invitations';
import { profileBody } from '@portico/common';
import { existingTenantInvitation, newTenantInvitation, tenantsQuery } from '../routes/super';
import { answer, described, keysOf, listOf, noContent, objectOf, portalOperation, type Refusals } from './shared';

/* System, sessions, the profile, invitation links and the platform console. */

const USER = described(objectOf('id, email, role, created_at, last_sign_in_at'));
const PROFILE = described(objectOf('id, first_name, last_name, phone, linkedin, title'));
const OK = keysOf({ ok: z.literal(true) });

const sessionTokens = keysOf({
  access_token: z.string().meta({ description: 'Send as `Authorization: Bearer …` (the `session` scheme).' }),
  refresh_token: z.string().meta({ description: 'Single use: `POST /auth/refresh` answers a new one.' }),
  token_type: z.literal('bearer'),
  expires_in: z.number().int().meta({ description: 'Seconds the access token lasts.' }),
  expires_at: z.number().int().meta({ description: 'When the access token expires, Unix seconds.' }),
  user: USER,
}).meta({ id: 'Session' });

/** The path of an invitation link; looked up as it comes, so any text is accepted. */
const invitationTokenParams = z.object({
  token: z.string().meta({ description: 'The token of the invitation link.' }),
});

/** `?id=` of the tenant-users call, checked by hand (400 unless a UUID). */
const tenantUsersQuery = z.object({ id: z.guid().meta({ description: 'The workspace.' }) });

const SUPER_ADMINS_ONLY: Refusals = { '403': 'Only platform super admins can do that.' };
const NOT_READY: Refusals = {
  '503':
    'PostgreSQL or Redis did not answer within 1.5 s or answered with an error (`not_ready`; `details` has `database` and `redis`, each `ok`, `no answer` or `failed`), or the process is shutting down (`draining`).',
};

export const ACCOUNT_TAGS = [
  { name: 'System', description: 'Health and this document.' },
  { name: 'Sessions', description: 'Sign-up, sign-in, tokens and passwords.' },
  { name: 'Profile', description: 'The signed-in person’s profile.' },
  { name: 'Invitation links', description: 'Open and accept an invitation to a workspace.' },
  { name: 'Platform', description: 'The super admin’s console.' },
];

export const accountPaths: ZodOpenApiPathsObject = {
  '/health': {
    get: portalOperation({
      operationId: 'health',
      summary: 'Check the API, its database and Redis (readiness)',
      description: 'The same as `GET /health/ready`, kept for existing probes.',
      tag: 'System',
      access: 'public',
      success: { '200': answer('Everything answers.', keysOf({ status: z.literal('ok') })) },
      refusals: NOT_READY,
    }),
  },
  '/health/live': {
    get: portalOperation({
      operationId: 'healthLive',
      summary: 'Check the API process answers (liveness)',
      description: 'Asks nothing of the database or Redis: a failing dependency is no reason to restart the process.',
      tag: 'System',
      access: 'public',
      success: { '200': answer('The process answers.', keysOf({ status: z.literal('ok') })) },
    }),
  },
  '/health/ready': {
    get: portalOperation({
      operationId: 'healthReady',
      summary: 'Check the API can serve: its database and Redis answer (readiness)',
      description: 'Answers within 2 s whatever PostgreSQL and Redis do; 503 while the process drains after SIGTERM.',
      tag: 'System',
      access: 'public',
      success: { '200': answer('Everything answers.', keysOf({ status: z.literal('ok') })) },
      refusals: NOT_READY,
    }),
  },
  '/openapi.json': {
    get: portalOperation({
      operationId: 'openApiDocument',
      summary: 'This document',
      tag: 'System',
      access: 'public',
      success: { '200': answer('The OpenAPI 3.1 document of the whole API.', described('An OpenAPI 3.1 document.')) },
    }),
  },
  '/auth/signup': {
    post: portalOperation({
      operationId: 'signUp',
      summary: 'Create an account and sign in',
      tag: 'Sessions',
      access: 'public',
      body: signupBody,
      success: {
        '201': answer(
          'The account, its profile and a session.',
          keysOf({ user: USER, profile: PROFILE, session: sessionTokens }),
        ),
      },
      refusals: { '409': 'An account with this email already exists (`email_taken`).' },
    }),
  },
  '/auth/login': {
    post: portalOperation({
      operationId: 'signIn',
      summary: 'Sign in with email and password',
      tag: 'Sessions',
      access: 'public',
      body: loginBody,
      success: { '200': answer('A new session.', sessionTokens) },
      refusals: {
        '401': '`Invalid login credentials` (`invalid_credentials`).',
        '429': 'Too many failed sign-ins for this address or from this IP (`login_throttled`).',
        '503': 'The sign-in counter (Redis) did not answer in time (`rate_limit_unavailable`); try again shortly.',
      },
    }),
  },
  '/auth/refresh': {
    post: portalOperation({
      operationId: 'refreshSession',
      summary: 'Trade a refresh token for a new pair',
      description: 'Refresh tokens rotate: presenting one that was already used revokes the whole session.',
      tag: 'Sessions',
      access: 'public',
      body: refreshBody,
      success: { '200': answer('The new tokens.', sessionTokens) },
      refusals: { '401': 'The refresh token is unknown, expired, revoked or reused (`invalid_refresh_token`).' },
    }),
  },
  '/auth/logout': {
    post: portalOperation({
      operationId: 'signOut',
      summary: 'Sign out',
      tag: 'Sessions',
      access: 'public',
      body: logoutBody,
      bodyOptional: true,
      success: { '204': noContent('The session of the refresh token, if any, is revoked.') },
    }),
  },
  '/forgot-password': {
    post: portalOperation({
      operationId: 'forgotPassword',
      summary: 'Email a password reset link',
      description: 'Answers the same whether or not the address has an account; at most 3 emails per address an hour.',
      tag: 'Sessions',
      access: 'public',
      body: forgotBody,
      success: { '200': answer('Always.', OK) },
    }),
  },
  '/auth/reset-password': {
    post: portalOperation({
      operationId: 'resetPassword',
      summary: 'Set a new password with a reset link',
      tag: 'Sessions',
      access: 'public',
      body: resetBody,
      success: { '200': answer('The password is set; every session of the account is signed out.', OK) },
      refusals: { '400': 'The reset link is invalid or has expired (`invalid_reset_token`).' },
    }),
  },
  '/auth/user': {
    get: portalOperation({
      operationId: 'currentUser',
      summary: 'Who is signed in',
      tag: 'Sessions',
      access: 'session',
      success: {
        '200': answer(
          'The user, their profile and memberships.',
          keysOf({
            user: USER,
            profile: PROFILE,
            is_super_admin: z.boolean(),
            memberships: listOf(
              'tenant_id, tenant_name, tenant_slug, tenant_status, role, role_label, role_kind, status',
            ),
          }),
        ),
      },
    }),
  },
  '/auth/password': {
    put: portalOperation({
      operationId: 'changePassword',
      summary: 'Change the password',
      tag: 'Sessions',
      access: 'session',
      body: passwordBody,
      success: { '200': answer('Changed; the other sessions are signed out.', OK) },
      refusals: { '400': 'Current password is incorrect (`wrong_password`).' },
    }),
  },
  '/auth/email': {
    put: portalOperation({
      operationId: 'changeEmail',
      summary: 'Change the sign-in email',
      tag: 'Sessions',
      access: 'session',
      body: emailBody,
      success: { '200': answer('The user.', keysOf({ user: USER })) },
      refusals: { '409': 'Another account already uses this email (`email_taken`).' },
    }),
  },
  '/profile': {
    get: portalOperation({
      operationId: 'getProfile',
      summary: 'Read the profile',
      tag: 'Profile',
      access: 'session',
      success: { '200': answer('The profile.', keysOf({ profile: PROFILE })) },
    }),
    put: portalOperation({
      operationId: 'updateProfile',
      summary: 'Change the profile',
      tag: 'Profile',
      access: 'session',
      body: profileBody,
      bodyOptional: true,
      success: { '200': answer('The profile.', keysOf({ profile: PROFILE })) },
    }),
  },
  '/public/invitations/{token}': {
    get: portalOperation({
      operationId: 'getInvitation',
      summary: 'Open an invitation link',
      tag: 'Invitation links',
      access: 'public',
      path: invitationTokenParams,
      success: {
        '200': answer(
          'The invitation; `accepted`, `expired` and `revoked` (withdrawn by the workspace or replaced by a newer invitation) say why it can no longer be used.',
          keysOf({
            invitation: objectOf('email, role, tenant_id, tenant_name, expires_at, accepted, expired, revoked'),
          }),
        ),
      },
      refusals: { '404': 'This invitation link is not valid.' },
    }),
  },
  '/public/invitations/accept': {
    post: portalOperation({
      operationId: 'acceptInvitation',
      summary: 'Accept an invitation',
      description:
        'The invitation’s email must be the signed-in user’s. It never changes an existing membership: a suspended member is refused, an active member keeps their role and the invitation is used up.',
      tag: 'Invitation links',
      access: 'session',
      body: acceptBody,
      success: {
        '200': answer(
          'The membership: new, or the one the user already had.',
          keysOf({ membership: objectOf('tenant_id, role, status') }),
        ),
      },
      refusals: {
        '400': 'The invitation has expired (`invitation_expired`) or was revoked (`invitation_revoked`).',
        '403':
          'The invitation was sent to another address (`invitation_email_mismatch`), or the user’s membership of that workspace is suspended (`membership_suspended`).',
        '404': 'This invitation link is not valid.',
        '409': 'This invitation has already been used (`invitation_used`).',
      },
    }),
  },
  '/super/tenants': {
    get: portalOperation({
      operationId: 'listTenants',
      summary: 'List the workspaces',
      tag: 'Platform',
      access: 'session',
      query: tenantsQuery,
      success: {
        '200': answer(
          'Newest first, at most 500.',
          keysOf({ items: listOf('id, name, slug, tier, status, seats_used, seats_total, domain, created_at') }),
        ),
      },
      refusals: SUPER_ADMINS_ONLY,
    }),
  },
  '/super/tenant-users': {
    get: portalOperation({
      operationId: 'listTenantUsers',
      summary: 'List the people of a workspace',
      tag: 'Platform',
      access: 'session',
      query: tenantUsersQuery,
      success: {
        '200': answer(
          'Members, then open invitations (status `pending`).',
          keysOf({ items: listOf('id, name, email, role, role_key, status, last_login_at') }),
        ),
      },
      refusals: { ...SUPER_ADMINS_ONLY, '404': 'This workspace does not exist.' },
    }),
  },
  '/super/invitations': {
    post: portalOperation({
      operationId: 'createTenantInvitation',
      summary: 'Invite a workspace admin, creating the workspace or not',
      description:
        'With `tenant`: creates the workspace and invites its first admin as owner. Without: invites someone to an existing workspace.',
      tag: 'Platform',
      access: 'session',
      body: z.union([newTenantInvitation, existingTenantInvitation]),
      success: {
        '201': answer(
          'The invitation was created.',
          keysOf({
            emailSent: z.boolean().meta({ description: 'Whether the email was queued (SMTP is configured).' }),
            emailError: z.string().nullable(),
            signup_url: z
              .string()
              .meta({ description: 'The invitation link, to share by hand when no email went out.' }),
            tenant_id: z.uuid(),
          }),
        ),
      },
      refusals: {
        '400': 'The tenant name gives no address (fewer than two letters or digits).',
        ...SUPER_ADMINS_ONLY,
        '404': 'This workspace does not exist.',
        '409': 'The workspace address is already taken (`slug_taken`).',
      },
    }),
  },
};
