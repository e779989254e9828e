import {
  enrolledSessionAnswer,
  okAnswer,
  recoveryCodesAnswer,
  sessionAnswer,
  twoFactorChallengeBody,
  twoFactorCodeBody,
  twoFactorConfirmBody,
  twoFactorEnrolAtSignInBody,
  twoFactorEnrolmentAnswer,
  twoFactorSignInBody,
  twoFactorStatusAnswer,
} from '@portico/common';
import {
  confirmTwoFactorEnrolment,
  confirmTwoFactorEnrolmentForChallenge,
  disableTwoFactor,
  isWrongCode,
  passTwoFactorChallenge,
  regenerateRecoveryCodes,
  signIn,
  startTwoFactorEnrolment,
  startTwoFactorEnrolmentForChallenge,
  twoFactorChallengeUser,
  twoFactorStatus,
  type AppContext,
} from '@portico/core';
import type { Request } from 'express';
import { sessionActorOf } from '../http/request';
import { defineRoutes } from '../http/route';
import { authorizeTwoFactorChange } from '../policies';
import { presentUser } from '../presenters';
import { presentEnrolment, presentTwoFactorState } from '../presenters/two-factor';
import { countedSignInAttempt, recordSignInSuccess } from '../throttles';

const TWO_FACTOR_TAG = {
  name: 'Two-factor sign-in',
  description: 'TOTP codes from an authenticator app, with single-use recovery codes.',
};
const CHALLENGE_REFUSED = 'The challenge is unknown, used or expired (`invalid_two_factor_challenge`): sign in again.';
const THROTTLED = 'Too many failed sign-ins for this address or from this IP (`login_throttled`).';
const IMPERSONATION_REFUSED =
  'An impersonation session cannot change the person’s two-factor sign-in (`impersonation_credentials`).';

/**
 * Runs a step that checks a code for `email` as a counted sign-in attempt (`countedSignInAttempt`):
 * refused past the limit before the code is looked at, a wrong code counted as a failed sign-in,
 * and a session issued (`session`) forgiving the address.
 */
async function countingCodes<T>(
  ctx: AppContext,
  req: Request,
  email: string,
  step: () => Promise<T>,
  options: { session: boolean },
): Promise<T> {
  const result = await countedSignInAttempt(ctx, { email, ip: req.ip ?? 'unknown' }, step, isWrongCode);
  if (options.session) await recordSignInSuccess(ctx, email);
  return result;
}

/** The second step of a sign-in: no session yet, a challenge from `POST /auth/login`. */
export const twoFactorSignInRoutes = defineRoutes('public', TWO_FACTOR_TAG, (route) => [
  route({
    method: 'post',
    path: '/auth/login/two-factor',
    operationId: 'signInWithTwoFactor',
    summary: 'Finish signing in with a code',
    description:
      'A 6-digit code from the authenticator app (each accepted once), or a recovery code (spent). Wrong codes count as failed sign-ins.',
    body: twoFactorSignInBody,
    responses: { 200: { description: 'A new session.', schema: sessionAnswer } },
    refusals: {
      401: `The code is wrong or was already used (\`invalid_two_factor_code\`), or ${CHALLENGE_REFUSED}`,
      429: THROTTLED,
    },
    handle: async ({ ctx, req, body }) => {
      const { email } = await twoFactorChallengeUser(ctx, { challengeToken: body.challenge_token, purpose: 'verify' });
      const { user, ssoTenantId } = await countingCodes(
        ctx,
        req,
        email,
        () => passTwoFactorChallenge(ctx, { challengeToken: body.challenge_token, code: body.code, ip: req.ip }),
        { session: true },
      );
      return { ...(await signIn(ctx, { user, ssoTenantId })), user: presentUser(user) };
    },
  }),
  route({
    method: 'post',
    path: '/auth/login/two-factor/enrolment',
    operationId: 'startTwoFactorEnrolmentAtSignIn',
    summary: 'Set up two-factor sign-in while signing in',
    description: 'For a challenge with `enrolment_required`: a new secret and its QR code. Calling again starts over.',
    body: twoFactorChallengeBody,
    responses: { 200: { description: 'The secret to add to an authenticator app.', schema: twoFactorEnrolmentAnswer } },
    refusals: { 401: CHALLENGE_REFUSED, 409: 'Two-factor sign-in is already on (`two_factor_enabled`).' },
    handle: async ({ ctx, body }) =>
      presentEnrolment(await startTwoFactorEnrolmentForChallenge(ctx, { challengeToken: body.challenge_token })),
  }),
  route({
    method: 'post',
    path: '/auth/login/two-factor/enrolment/confirm',
    operationId: 'confirmTwoFactorEnrolmentAtSignIn',
    summary: 'Turn on two-factor sign-in and finish signing in',
    body: twoFactorEnrolAtSignInBody,
    responses: {
      200: { description: 'The recovery codes, shown once, and a new session.', schema: enrolledSessionAnswer },
    },
    refusals: {
      400: 'Enrolment was not started (`two_factor_not_started`).',
      401: `The code is wrong (\`invalid_two_factor_code\`), or ${CHALLENGE_REFUSED}`,
      409: 'Two-factor sign-in is already on (`two_factor_enabled`).',
      429: THROTTLED,
    },
    handle: async ({ ctx, req, body }) => {
      const { email } = await twoFactorChallengeUser(ctx, { challengeToken: body.challenge_token, purpose: 'enrol' });
      const { user, recoveryCodes, ssoTenantId } = await countingCodes(
        ctx,
        req,
        email,
        () =>
          confirmTwoFactorEnrolmentForChallenge(ctx, {
            challengeToken: body.challenge_token,
            code: body.code,
            ip: req.ip,
          }),
        { session: true },
      );
      return {
        recovery_codes: recoveryCodes,
        session: { ...(await signIn(ctx, { user, ssoTenantId })), user: presentUser(user) },
      };
    },
  }),
]);

/** The signed-in person's own two-factor sign-in. */
export const twoFactorAccountRoutes = defineRoutes('session', TWO_FACTOR_TAG, (route) => [
  route({
    method: 'get',
    path: '/auth/two-factor',
    operationId: 'getTwoFactor',
    summary: 'Whether two-factor sign-in is on',
    responses: { 200: { description: 'Its state.', schema: twoFactorStatusAnswer } },
    handle: async ({ ctx, session }) => presentTwoFactorState(await twoFactorStatus(ctx, session.actor.user.id)),
  }),
  route({
    method: 'post',
    path: '/auth/two-factor/enrolment',
    operationId: 'startTwoFactorEnrolment',
    summary: 'Start setting up two-factor sign-in',
    description: 'A new secret and its QR code; nothing changes until a code confirms it. Calling again starts over.',
    responses: { 200: { description: 'The secret to add to an authenticator app.', schema: twoFactorEnrolmentAnswer } },
    refusals: { 403: IMPERSONATION_REFUSED, 409: 'Two-factor sign-in is already on (`two_factor_enabled`).' },
    handle: async ({ ctx, session }) => {
      authorizeTwoFactorChange(session.actor);
      return presentEnrolment(await startTwoFactorEnrolment(ctx, session.actor.user));
    },
  }),
  route({
    method: 'post',
    path: '/auth/two-factor/enrolment/confirm',
    operationId: 'confirmTwoFactorEnrolment',
    summary: 'Turn on two-factor sign-in with a code',
    body: twoFactorCodeBody,
    responses: { 200: { description: 'The recovery codes, shown once.', schema: recoveryCodesAnswer } },
    refusals: {
      400: 'The code is wrong (`invalid_two_factor_code`), or enrolment was not started (`two_factor_not_started`).',
      403: IMPERSONATION_REFUSED,
      409: 'Two-factor sign-in is already on (`two_factor_enabled`).',
      429: THROTTLED,
    },
    handle: async ({ ctx, req, session, body }) => {
      authorizeTwoFactorChange(session.actor);
      const codes = await countingCodes(
        ctx,
        req,
        session.actor.user.email,
        () => confirmTwoFactorEnrolment(ctx, { actor: sessionActorOf(req), code: body.code }),
        { session: false },
      );
      return { recovery_codes: codes };
    },
  }),
  route({
    method: 'post',
    path: '/auth/two-factor/disable',
    operationId: 'disableTwoFactor',
    summary: 'Turn off two-factor sign-in',
    description: 'With a current code or a recovery code. Refused while Super Settings require two-factor sign-in.',
    body: twoFactorConfirmBody,
    responses: { 200: { description: 'Off; the recovery codes are gone.', schema: okAnswer } },
    refusals: {
      400: 'The code is wrong or was already used (`invalid_two_factor_code`), or two-factor sign-in is not on (`two_factor_disabled`).',
      403: `Two-factor sign-in is required on this platform (\`two_factor_required\`); ${IMPERSONATION_REFUSED}`,
      429: THROTTLED,
    },
    handle: async ({ ctx, req, session, body }) => {
      authorizeTwoFactorChange(session.actor);
      await countingCodes(
        ctx,
        req,
        session.actor.user.email,
        () => disableTwoFactor(ctx, { actor: sessionActorOf(req), code: body.code }),
        { session: false },
      );
      return { ok: true as const };
    },
  }),
  route({
    method: 'post',
    path: '/auth/two-factor/recovery-codes',
    operationId: 'regenerateRecoveryCodes',
    summary: 'Replace the recovery codes',
    description: 'With a current code or a recovery code; every earlier recovery code stops working.',
    body: twoFactorConfirmBody,
    responses: { 200: { description: 'The new recovery codes, shown once.', schema: recoveryCodesAnswer } },
    refusals: {
      400: 'The code is wrong or was already used (`invalid_two_factor_code`), or two-factor sign-in is not on (`two_factor_disabled`).',
      403: IMPERSONATION_REFUSED,
      429: THROTTLED,
    },
    handle: async ({ ctx, req, session, body }) => {
      authorizeTwoFactorChange(session.actor);
      const codes = await countingCodes(
        ctx,
        req,
        session.actor.user.email,
        () => regenerateRecoveryCodes(ctx, { actor: sessionActorOf(req), code: body.code }),
        { session: false },
      );
      return { recovery_codes: codes };
    },
  }),
]);
