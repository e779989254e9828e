import type { TwoFactorChallengeAnswer, TwoFactorEnrolment, TwoFactorStatus } from '@portico/common';
import type { TwoFactorChallengeIssued, TwoFactorEnrolment as Enrolment, TwoFactorState } from '@portico/core';

export function presentTwoFactorChallenge(challenge: TwoFactorChallengeIssued): TwoFactorChallengeAnswer {
  return {
    two_factor_required: true,
    enrolment_required: challenge.enrolmentRequired,
    challenge_token: challenge.token,
    expires_at: Math.floor(challenge.expiresAt.getTime() / 1000),
  };
}

export function presentEnrolment(enrolment: Enrolment): { enrolment: TwoFactorEnrolment } {
  return {
    enrolment: { secret: enrolment.secret, otpauth_uri: enrolment.otpauthUri, qr_code: enrolment.qrCode },
  };
}

export function presentTwoFactorState(state: TwoFactorState): { two_factor: TwoFactorStatus } {
  return {
    two_factor: { enabled: state.enabled, required: state.required, recovery_codes_left: state.recoveryCodesLeft },
  };
}
