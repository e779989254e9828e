import {
  acceptedInvitationAnswer,
  acceptInvitationBody,
  currentUserAnswer,
  EMAIL_CONFIRMATION_MESSAGES,
  emailChangeBody,
  emailConfirmationSentAnswer,
  forgotPasswordBody,
  invitationLinkAnswer,
  loginBody,
  logoutBody,
  okAnswer,
  passwordChangeBody,
  profileAnswer,
  profileBody,
  refreshBody,
  resetPasswordBody,
  sessionAnswer,
  signInAnswer,
  signupAnswer,
  signupBody,
  userAnswer,
} from '@portico/common';
import {
  acceptInvitation,
  changeEmail,
  changePassword,
  familyOfRefreshToken,
  findInvitationByToken,
  getProfile,
  invitationState,
  notFound,
  refreshSession,
  requestPasswordReset,
  resendEmailVerification,
  resetPassword,
  DomainError,
  revokeFamily,
  signUp,
  unauthorized,
  updateProfile,
  verifyCredentials,
} from '@portico/core';
import { z } from 'zod';
import { sessionActorOf } from '../http/request';
import { defineRoutes } from '../http/route';
import { authorizeCredentialChange } from '../policies';
import { presentActor, presentProfile, presentUser } from '../presenters';
import { signInAnswerFor } from '../sign-in-answer';
import { CONFIRMATION_EMAILS_PER_HOUR, countedSignInAttempt, refusedWith, throttlesOf } from '../throttles';

const SESSIONS_TAG = { name: 'Sessions', description: 'Sign-up, sign-in, tokens and passwords.' };
const INVITATION_LINKS_TAG = { name: 'Invitation links', description: 'Open and accept an invitation to a workspace.' };
const INVALID_INVITATION_LINK = 'This invitation link is not valid.';

/** Sign-up, sign-in, tokens and password resets: no session needed. */
export const publicAuthRoutes = defineRoutes('public', SESSIONS_TAG, (route) => [
  route({
    method: 'post',
    path: '/auth/signup',
    operationId: 'signUp',
    summary: 'Create an account and sign in',
    body: signupBody,
    responses: { 201: { description: 'The account, its profile and a session.', schema: signupAnswer } },
    refusals: {
      403: 'Self-serve signup is turned off (`feature_off`), or the address is outside the signup domain allowlist (`domain_not_allowed`) — unless `invitation_token` is an open invitation to this address.',
      409: 'An account with this email already exists (`email_taken`).',
    },
    handle: async ({ ctx, body }) => {
      const result = await signUp(ctx, {
        email: body.email,
        password: body.password,
        fullName: body.full_name,
        title: body.title,
        invitationToken: body.invitation_token,
      });
      const user = presentUser(result.user);
      return { user, profile: presentProfile(result.profile, result.user.id), session: { ...result.session, user } };
    },
  }),
  route({
    method: 'post',
    path: '/auth/login',
    operationId: 'signIn',
    summary: 'Sign in with email and password',
    description:
      'When the account has two-factor sign-in on, or Super Settings require it and the account has none yet, the answer is a challenge for the second step (`/auth/login/two-factor`, or `/auth/login/two-factor/enrolment`) instead of a session.',
    body: loginBody,
    responses: { 200: { description: 'A new session, or the second step’s challenge.', schema: signInAnswer } },
    refusals: {
      401: '`Invalid login credentials` (`invalid_credentials`).',
      429: 'Too many failed sign-ins for this address or from this IP (`login_throttled`).',
      503: 'The sign-in counter (Redis) did not answer in time (`rate_limit_unavailable`); try again shortly.',
    },
    handle: async ({ ctx, req, body }) => {
      const email = body.email.toLowerCase();
      const user = await countedSignInAttempt(
        ctx,
        { email, ip: req.ip ?? 'unknown' },
        async () => {
          const found = await verifyCredentials(ctx, { email, password: body.password });
          if (!found) throw unauthorized('Invalid login credentials', 'invalid_credentials');
          return found;
        },
        refusedWith('invalid_credentials'),
      );
      return signInAnswerFor(ctx, user);
    },
  }),
  route({
    method: 'post',
    path: '/auth/refresh',
    operationId: 'refreshSession',
    summary: 'Trade a refresh token for a new pair',
    description: 'Refresh tokens rotate: presenting one that was already used revokes the whole session.',
    body: refreshBody,
    responses: { 200: { description: 'The new tokens.', schema: sessionAnswer } },
    refusals: { 401: 'The refresh token is unknown, expired, revoked or reused (`invalid_refresh_token`).' },
    handle: async ({ ctx, body }) => {
      const { tokens, user } = await refreshSession(ctx, { refreshToken: body.refresh_token });
      return { ...tokens, user: presentUser(user) };
    },
  }),
  route({
    method: 'post',
    path: '/auth/logout',
    operationId: 'signOut',
    summary: 'Sign out',
    body: logoutBody,
    bodyOptional: true,
    responses: { 204: { description: 'The session of the refresh token, if any, is revoked.' } },
    handle: async ({ ctx, body }) => {
      const familyId = body.refresh_token ? await familyOfRefreshToken(ctx, body.refresh_token) : null;
      if (familyId) await revokeFamily(ctx, familyId, 'logout');
    },
  }),
  route({
    method: 'post',
    path: '/forgot-password',
    operationId: 'forgotPassword',
    summary: 'Email a password reset link',
    description: 'Answers the same whether or not the address has an account; at most 3 emails per address an hour.',
    body: forgotPasswordBody,
    responses: { 200: { description: 'Always.', schema: okAnswer } },
    handle: async ({ ctx, body }) => {
      // The answer is the same whether or not a mail goes out, so it reveals nothing about the address.
      if (await throttlesOf(ctx).resetEmail.take(body.email))
        await requestPasswordReset(ctx, body.email, body.tenant_id);
      return { ok: true as const };
    },
  }),
  route({
    method: 'post',
    path: '/auth/reset-password',
    operationId: 'resetPassword',
    summary: 'Set a new password with a reset link',
    body: resetPasswordBody,
    responses: {
      200: { description: 'The password is set; every session of the account is signed out.', schema: okAnswer },
    },
    refusals: { 400: 'The reset link is invalid or has expired (`invalid_reset_token`).' },
    handle: async ({ ctx, req, body }) => {
      await resetPassword(ctx, body.token, body.password, req.ip);
      return { ok: true as const };
    },
  }),
]);

/** The signed-in person: who they are, their password and sign-in email. */
export const sessionRoutes = defineRoutes('session', SESSIONS_TAG, (route) => [
  route({
    method: 'get',
    path: '/auth/user',
    operationId: 'currentUser',
    summary: 'Who is signed in',
    responses: { 200: { description: 'The user, their profile and memberships.', schema: currentUserAnswer } },
    handle: async ({ ctx, session }) => {
      const profile = await getProfile(ctx, { userId: session.actor.user.id });
      // A super admin stays one where their address holds that authority back: the SPA opens the
      // console, whose calls say why they are refused.
      const actor = session.superAdminRefusal ? { ...session.actor, isSuperAdmin: true } : session.actor;
      return presentActor(actor, profile);
    },
  }),
  route({
    method: 'put',
    path: '/auth/password',
    operationId: 'changePassword',
    summary: 'Change the password',
    description: 'A wrong current password counts as a failed sign-in of the account’s address and the IP.',
    body: passwordChangeBody,
    responses: { 200: { description: 'Changed; the other sessions are signed out.', schema: okAnswer } },
    refusals: {
      400: 'Current password is incorrect (`wrong_password`).',
      403: 'An impersonation session cannot change the person’s password (`impersonation_credentials`).',
      429: 'Too many failed sign-ins for this address or from this IP (`login_throttled`).',
    },
    handle: async ({ ctx, req, session, body }) => {
      authorizeCredentialChange(session.actor);
      await countedSignInAttempt(
        ctx,
        { email: session.actor.user.email, ip: req.ip ?? 'unknown' },
        () =>
          changePassword(ctx, {
            actor: sessionActorOf(req),
            currentPassword: body.current_password,
            newPassword: body.new_password,
            keepFamilyId: session.familyId,
          }),
        refusedWith('wrong_password'),
      );
      return { ok: true as const };
    },
  }),
  route({
    method: 'put',
    path: '/auth/email',
    operationId: 'changeEmail',
    summary: 'Change the sign-in email',
    description:
      'The new address is kept as `pending_email` and a confirmation link is sent to it, with a notice to the current one; the email changes only when that link is opened (`POST /auth/email/verify`). A wrong current password counts as a failed sign-in of the account’s address and the IP.',
    body: emailChangeBody,
    responses: { 200: { description: 'The user, with `pending_email`.', schema: userAnswer } },
    refusals: {
      400: 'Current password is incorrect (`wrong_password`); the address is already the account’s (`same_email`).',
      403: 'An impersonation session cannot change the person’s email (`impersonation_credentials`).',
      409: 'Another account already uses this email (`email_taken`).',
      429: 'Too many failed sign-ins for this address or from this IP (`login_throttled`).',
    },
    handle: async ({ ctx, req, session, body }) => {
      authorizeCredentialChange(session.actor);
      const user = await countedSignInAttempt(
        ctx,
        { email: session.actor.user.email, ip: req.ip ?? 'unknown' },
        () =>
          changeEmail(ctx, { actor: sessionActorOf(req), email: body.email, currentPassword: body.current_password }),
        refusedWith('wrong_password'),
      );
      return { user: presentUser(user) };
    },
  }),
  route({
    method: 'post',
    path: '/auth/email/resend',
    operationId: 'resendEmailConfirmation',
    summary: 'Send the email confirmation link again',
    description: `To the pending address when a change of email waits for one, else to the account's own unconfirmed address; links sent earlier keep working. At most ${CONFIRMATION_EMAILS_PER_HOUR} an hour per account.`,
    responses: { 202: { description: 'Sent; `email` is where.', schema: emailConfirmationSentAnswer } },
    refusals: {
      400: 'The address is confirmed and no change waits (`already_verified`).',
      403: 'An impersonation session cannot send the person’s confirmation (`impersonation_credentials`).',
      429: 'Too many confirmation emails this hour (`confirmation_throttled`).',
      503: 'The email counter (Redis) did not answer in time (`rate_limit_unavailable`); try again shortly.',
    },
    handle: async ({ ctx, req, session }) => {
      authorizeCredentialChange(session.actor);
      if (!(await throttlesOf(ctx).confirmationEmail.take(session.actor.user.id)))
        throw new DomainError(429, EMAIL_CONFIRMATION_MESSAGES.tooMany, 'confirmation_throttled');
      return { ok: true as const, email: await resendEmailVerification(ctx, { actor: sessionActorOf(req) }) };
    },
  }),
]);

/** The signed-in person's contact info. */
export const profileRoutes = defineRoutes(
  'session',
  { name: 'Profile', description: 'The signed-in person’s profile.' },
  (route) => [
    route({
      method: 'get',
      path: '/profile',
      operationId: 'getProfile',
      summary: 'Read the profile',
      responses: { 200: { description: 'The profile.', schema: profileAnswer } },
      handle: async ({ ctx, session }) => {
        const userId = session.actor.user.id;
        return { profile: presentProfile(await getProfile(ctx, { userId }), userId) };
      },
    }),
    route({
      method: 'put',
      path: '/profile',
      operationId: 'updateProfile',
      summary: 'Change the profile',
      body: profileBody,
      bodyOptional: true,
      responses: { 200: { description: 'The profile.', schema: profileAnswer } },
      handle: async ({ ctx, session, body }) => {
        const userId = session.actor.user.id;
        return { profile: presentProfile(await updateProfile(ctx, { userId, changes: body }), userId) };
      },
    }),
  ],
);

/** Opening an invitation link needs no session: the signup page shows whom it is for. */
export const invitationLinkRoutes = defineRoutes('public', INVITATION_LINKS_TAG, (route) => [
  route({
    method: 'get',
    path: '/public/invitations/:token',
    operationId: 'getInvitation',
    summary: 'Open an invitation link',
    // Looked up as it comes: any text is a token that may name nothing.
    params: z.object({ token: z.string().meta({ description: 'The token of the invitation link.' }) }),
    responses: {
      200: {
        description:
          'The invitation; `accepted`, `expired` and `revoked` (withdrawn by the workspace or replaced by a newer invitation) say why it can no longer be used.',
        schema: invitationLinkAnswer,
      },
    },
    refusals: { 404: INVALID_INVITATION_LINK },
    handle: async ({ ctx, params }) => {
      const invitation = await findInvitationByToken(ctx, params.token);
      if (!invitation) throw notFound(INVALID_INVITATION_LINK);
      const state = invitationState(invitation, ctx.clock.now());
      return {
        invitation: {
          email: invitation.email,
          role: invitation.role,
          tenant_id: invitation.tenant_id,
          tenant_name: invitation.tenant?.name ?? 'Unknown Tenant',
          expires_at: invitation.expires_at.toISOString(),
          accepted: state === 'accepted',
          expired: state === 'expired',
          revoked: state === 'revoked',
        },
      };
    },
  }),
]);

/** Accepting an invitation: the signed-in person joins the workspace. */
export const invitationAcceptRoutes = defineRoutes('session', INVITATION_LINKS_TAG, (route) => [
  route({
    method: 'post',
    path: '/public/invitations/accept',
    operationId: 'acceptInvitation',
    summary: 'Accept an invitation',
    description:
      'The invitation’s email must be the signed-in user’s. It never changes an existing membership: a suspended member is refused, an active member keeps their role and the invitation is used up.',
    body: acceptInvitationBody,
    responses: {
      200: { description: 'The membership: new, or the one the user already had.', schema: acceptedInvitationAnswer },
    },
    refusals: {
      400: 'The invitation has expired (`invitation_expired`) or was revoked (`invitation_revoked`).',
      403: 'The invitation was sent to another address (`invitation_email_mismatch`), or the user’s membership of that workspace is suspended (`membership_suspended`).',
      404: INVALID_INVITATION_LINK,
      409: 'This invitation has already been used (`invitation_used`).',
    },
    handle: async ({ ctx, req, session, body }) => {
      const membership = await acceptInvitation(ctx, {
        user: session.actor.user,
        token: body.token,
        actor: sessionActorOf(req),
      });
      return { membership: { tenant_id: membership.tenant_id, role: membership.role, status: membership.status } };
    },
  }),
]);
