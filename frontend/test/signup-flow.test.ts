import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/lib/api/http';
import {
  MEMBER_TITLE,
  SIGNUP_INCOMPLETE,
  SIGNUP_UNEXPECTED,
  WAIT_AFTER_ACCEPT_MS,
  WAIT_BEFORE_ACCEPT_MS,
  memberSignupForm,
  runMemberSignup,
} from '../src/features/auth/signup/signup-flow';
import type { SignupDeps, SignupRequest } from '../src/features/auth/signup/signup-flow';

function deps(overrides: Partial<SignupDeps> = {}) {
  const log: string[] = [];
  const d: SignupDeps = {
    signUp: vi.fn(async () => void log.push('signUp')),
    acceptInvitation: vi.fn(async () => void log.push('accept')),
    membershipTenantIds: vi.fn(async () => {
      log.push('memberships');
      return ['t1'];
    }),
    wait: vi.fn(async (ms: number) => void log.push(`wait ${ms}`)),
    ...overrides,
  };
  return { d, log };
}

const request: SignupRequest = {
  fullName: ' Ada Lovelace ',
  email: 'ada@example.com ',
  password: 'analytical',
  invitation: { token: 'tok', tenantId: 't1' },
  skipSignup: false,
};

describe('memberSignupForm', () => {
  const firstMessage = (input: object) => memberSignupForm.safeParse(input).error?.issues[0]?.message;
  it("needs a full name, an email and a password (its length is the server's policy)", () => {
    expect(memberSignupForm.parse({ name: ' Ada ', email: 'Ada@Example.com', password: '12345678' })).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      password: '12345678',
    });
    expect(firstMessage({ name: ' ', email: 'ada@example.com', password: '12345678' })).toBe('Full name is required.');
    expect(firstMessage({ name: 'Ada', email: 'ada@example', password: '12345678' })).toBe(
      'Enter a valid email address.',
    );
    expect(firstMessage({ name: 'Ada', email: 'ada@example.com', password: '' })).toBe('Password is required.');
    expect(firstMessage({ name: 'Ada', email: 'ada@example.com', password: '1234567' })).toBeUndefined();
  });
});

describe('runMemberSignup', () => {
  it('signs up, waits 1 s, accepts, waits 2 s, confirms the membership, then goes to sign in', async () => {
    const { d, log } = deps();
    const outcome = await runMemberSignup(d, request);
    expect(log).toEqual([
      'signUp',
      `wait ${WAIT_BEFORE_ACCEPT_MS}`,
      'accept',
      `wait ${WAIT_AFTER_ACCEPT_MS}`,
      'memberships',
    ]);
    expect(d.signUp).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'analytical',
      full_name: 'Ada Lovelace',
      title: MEMBER_TITLE,
      invitation_token: 'tok',
    });
    expect(d.acceptInvitation).toHaveBeenCalledWith('tok');
    expect(outcome).toEqual({ kind: 'navigate', to: '/login?tenant_id=t1&message=account_created' });
  });

  it('only accepts when already signed in with the invited email', async () => {
    const { d, log } = deps();
    const outcome = await runMemberSignup(d, { ...request, skipSignup: true });
    expect(log[0]).toBe(`wait ${WAIT_BEFORE_ACCEPT_MS}`);
    expect(d.signUp).not.toHaveBeenCalled();
    expect(outcome).toEqual({ kind: 'navigate', to: '/login?tenant_id=t1&message=invitation_accepted' });
  });

  it('goes to signup_complete without an invitation', async () => {
    const { d } = deps();
    expect(await runMemberSignup(d, { ...request, invitation: null })).toEqual({
      kind: 'navigate',
      to: '/login?message=signup_complete',
    });
    expect(d.acceptInvitation).not.toHaveBeenCalled();
  });

  it("reports a failed sign-up with the server's reason", async () => {
    const { d } = deps({ signUp: () => Promise.reject(new ApiError(409, 'This email is already registered.')) });
    expect(await runMemberSignup(d, request)).toEqual({
      kind: 'stay',
      alert: 'Sign up failed: This email is already registered.',
    });
  });

  it('reports a failed acceptance', async () => {
    const { d } = deps({
      acceptInvitation: () => Promise.reject(new ApiError(409, 'This invitation has already been used.')),
    });
    expect(await runMemberSignup(d, request)).toEqual({
      kind: 'stay',
      alert: 'Failed to accept invitation: This invitation has already been used.',
    });
  });

  it('sends the user to signup_incomplete when the membership is missing', async () => {
    const { d } = deps({ membershipTenantIds: async () => ['other'] });
    expect(await runMemberSignup(d, request)).toEqual({
      kind: 'navigate',
      to: '/login?message=signup_incomplete',
      alert: SIGNUP_INCOMPLETE,
    });
  });

  it('reports anything else as an unexpected failure', async () => {
    const { d } = deps({ membershipTenantIds: () => Promise.reject(new Error('boom')) });
    expect(await runMemberSignup(d, request)).toEqual({ kind: 'stay', alert: SIGNUP_UNEXPECTED });
  });
});
