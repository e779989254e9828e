import { z } from 'zod';
import { sessionAnswer } from './account';

/*
 * Two-factor sign-in (TOTP, RFC 6238: 30-second steps, 6 digits) with single-use recovery codes.
 * A correct password for an account with 2FA answers a challenge instead of a session; so does one
 * for an account without it while Super Settings require it, and that challenge can only enrol.
 */

export const TOTP_CODE_LENGTH = 6;
export const RECOVERY_CODE_COUNT = 10;

export const ENTER_TOTP_CODE = 'Enter the 6-digit code from your authenticator app.';
export const ENTER_SIGN_IN_CODE = 'Enter the 6-digit code from your authenticator app or a recovery code.';
const MISSING_CHALLENGE = 'The sign-in step is missing its challenge. Sign in again.';

const challengeToken = z
  .string({ error: MISSING_CHALLENGE })
  .min(1, MISSING_CHALLENGE)
  .max(200, 'This sign-in step is not valid. Sign in again.');

/** Six digits; spaces people type between groups are dropped. */
export const totpCode = z
  .string({ error: ENTER_TOTP_CODE })
  .transform((v) => v.replace(/\s+/g, ''))
  .refine((v) => new RegExp(`^\\d{${TOTP_CODE_LENGTH}}$`).test(v), ENTER_TOTP_CODE);

/** A TOTP code or a recovery code, told apart by the service. */
const signInCode = z
  .string({ error: ENTER_SIGN_IN_CODE })
  .trim()
  .min(1, ENTER_SIGN_IN_CODE)
  .max(40, 'That code is too long to be a code from your app or a recovery code.');

export const twoFactorCodeBody = z.object({ code: totpCode });
/** Turning 2FA off or replacing recovery codes: a code from the app, or a recovery code. */
export const twoFactorConfirmBody = z.object({ code: signInCode });
export const twoFactorChallengeBody = z.object({ challenge_token: challengeToken });
export const twoFactorSignInBody = z.object({ challenge_token: challengeToken, code: signInCode });
export const twoFactorEnrolAtSignInBody = z.object({ challenge_token: challengeToken, code: totpCode });

/** What a correct password earns when a second step is due. */
export const twoFactorChallengeAnswer = z
  .object({
    two_factor_required: z.literal(true),
    enrolment_required: z.boolean().meta({
      description:
        'True when the platform requires 2FA and the account has none yet: the challenge can only enrol (`/auth/login/two-factor/enrolment`).',
    }),
    challenge_token: z.string().meta({ description: 'Single use; send it with the code.' }),
    expires_at: z.number().int().meta({ description: 'When the challenge expires, Unix seconds.' }),
  })
  .meta({ id: 'TwoFactorChallenge' });
export type TwoFactorChallengeAnswer = z.infer<typeof twoFactorChallengeAnswer>;

/** POST /api/auth/login: a session, or the second step. */
export const signInAnswer = z.union([sessionAnswer, twoFactorChallengeAnswer]);

export const twoFactorEnrolmentAnswer = z.object({
  enrolment: z.object({
    secret: z.string().meta({ description: 'Base32, for typing into an authenticator app by hand.' }),
    otpauth_uri: z.string().meta({ description: 'The `otpauth://totp/…` address the QR code holds.' }),
    qr_code: z.string().meta({ description: 'The QR code as an SVG data URL.' }),
  }),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentAnswer>['enrolment'];

export const recoveryCodesAnswer = z.object({
  recovery_codes: z.array(z.string()).meta({ description: 'Shown once; each works once in place of a code.' }),
});

/** Enrolling at sign-in: the recovery codes to save and the session it opens. */
export const enrolledSessionAnswer = z.object({
  recovery_codes: z.array(z.string()),
  session: sessionAnswer,
});

export const twoFactorStatusAnswer = z.object({
  two_factor: z.object({
    enabled: z.boolean(),
    required: z.boolean().meta({ description: 'Super Settings require 2FA: it cannot be turned off.' }),
    recovery_codes_left: z.number().int(),
  }),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusAnswer>['two_factor'];
