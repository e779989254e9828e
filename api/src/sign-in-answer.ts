import type { signInAnswer } from '@portico/common';
import { signIn, twoFactorChallengeFor, type AppContext, type User } from '@portico/core';
import { presentUser } from './presenters';
import { presentTwoFactorChallenge } from './presenters/two-factor';
import { recordSignInSuccess } from './throttles';
import type { z } from 'zod';

/**
 * What a first factor that passed answers, whichever it was (a password, an emailed link or its
 * code): the second step's challenge when two-factor sign-in applies, else a session. The
 * address's failures are forgiven only once a session is issued, so codes cannot be guessed between
 * first factors. `ssoTenantId`: a workspace's single sign-on was the first factor (the session says so).
 */
export async function signInAnswerFor(
  ctx: AppContext,
  user: User,
  ssoTenantId: string | null = null,
): Promise<z.output<typeof signInAnswer>> {
  const challenge = await twoFactorChallengeFor(ctx, user, ssoTenantId);
  if (challenge) return presentTwoFactorChallenge(challenge);
  await recordSignInSuccess(ctx, user.email);
  return { ...(await signIn(ctx, { user, ssoTenantId })), user: presentUser(user) };
}
