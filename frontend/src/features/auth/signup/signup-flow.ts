import { signupBody } from '@portico/common';
import { z } from 'zod';
import { errorMessage } from '../../../lib/api/http';

/** platform-console §4: the invitation acceptance waits 1 s before and 2 s after its call. */
export const WAIT_BEFORE_ACCEPT_MS = 1000;
export const WAIT_AFTER_ACCEPT_MS = 2000;

/** The member variant's default title (platform-console §4). */
export const MEMBER_TITLE = 'Team Member';

export const SIGNUP_INCOMPLETE = 'Signup completed but membership not created. Please contact support.';
export const SIGNUP_UNEXPECTED = 'Failed to complete signup process';

export interface MemberSignupInput {
  fullName: string;
  email: string;
  password: string;
}

/** What the member variant asks for, checked with the API's own `signupBody` (its `full_name` is the form's `name`, as the owner variant's is). */
export const memberSignupForm = z.object({
  name: signupBody.shape.full_name,
  email: signupBody.shape.email,
  password: signupBody.shape.password,
});

export interface SignupDeps {
  /** Creates the account and stores its session. */
  signUp: (input: {
    email: string;
    password: string;
    full_name: string;
    title: string;
    invitation_token?: string;
  }) => Promise<void>;
  acceptInvitation: (token: string) => Promise<void>;
  /** Tenant ids of the signed-in user's memberships. */
  membershipTenantIds: () => Promise<string[]>;
  wait: (ms: number) => Promise<void>;
}

export interface SignupRequest extends MemberSignupInput {
  invitation: { token: string; tenantId: string } | null;
  /** Already signed in with the invited email: nothing to create, only accept. */
  skipSignup: boolean;
}

export type SignupOutcome = { kind: 'navigate'; to: string; alert?: string } | { kind: 'stay'; alert: string };

function withReason(prefix: string, err: unknown): string {
  const reason = errorMessage(err, '');
  return reason ? `${prefix}: ${reason}` : prefix;
}

/** The member ('Join the Team') signup: create, accept the invitation, confirm the membership. */
export async function runMemberSignup(deps: SignupDeps, request: SignupRequest): Promise<SignupOutcome> {
  if (!request.skipSignup) {
    try {
      await deps.signUp({
        email: request.email.trim(),
        password: request.password,
        full_name: request.fullName.trim(),
        title: MEMBER_TITLE,
        // The invitation opens signup for its own address even where self-serve signup is closed.
        ...(request.invitation && { invitation_token: request.invitation.token }),
      });
    } catch (err) {
      return { kind: 'stay', alert: withReason('Sign up failed', err) };
    }
  }
  const { invitation } = request;
  if (!invitation) return { kind: 'navigate', to: '/login?message=signup_complete' };

  try {
    await deps.wait(WAIT_BEFORE_ACCEPT_MS);
    try {
      await deps.acceptInvitation(invitation.token);
    } catch (err) {
      return { kind: 'stay', alert: withReason('Failed to accept invitation', err) };
    }
    await deps.wait(WAIT_AFTER_ACCEPT_MS);
    const tenantIds = await deps.membershipTenantIds();
    if (!tenantIds.includes(invitation.tenantId)) {
      return { kind: 'navigate', to: '/login?message=signup_incomplete', alert: SIGNUP_INCOMPLETE };
    }
    const tenant = encodeURIComponent(invitation.tenantId);
    const message = request.skipSignup ? 'invitation_accepted' : 'account_created';
    return { kind: 'navigate', to: `/login?tenant_id=${tenant}&message=${message}` };
  } catch {
    return { kind: 'stay', alert: SIGNUP_UNEXPECTED };
  }
}
