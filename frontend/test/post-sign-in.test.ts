import { describe, expect, it } from 'vitest';
import { planPostSignIn } from '../src/lib/session/post-sign-in';
import type { PostSignInState } from '../src/lib/session/post-sign-in';

const admin = { tenant_id: 't1', role: 'admin', status: 'active' };
const member = { tenant_id: 't2', role: 'role2', status: 'active' };

const base: PostSignInState = {
  pending: false,
  held: false,
  hasSession: true,
  loadId: 1,
  handledLoadId: null,
  pathname: '/login',
  search: '',
  isSuperAdmin: false,
  memberships: [admin],
  membershipError: false,
};

describe('planPostSignIn', () => {
  it('waits while the session or its user data is resolving', () => {
    expect(planPostSignIn({ ...base, pending: true })).toEqual({ decide: false });
  });

  it('does nothing without a session', () => {
    expect(planPostSignIn({ ...base, hasSession: false })).toEqual({ decide: false });
  });

  it('decides once per session load', () => {
    expect(planPostSignIn({ ...base, handledLoadId: 1 })).toEqual({ decide: false });
    expect(planPostSignIn({ ...base, handledLoadId: 1, loadId: 2 })).toEqual({
      decide: true,
      to: '/dashboard/admin?tenant_id=t1',
    });
  });

  it('leaves a page running its own sign-in flow alone', () => {
    expect(planPostSignIn({ ...base, pathname: '/signup', held: true })).toEqual({ decide: false });
  });

  it('sends a super admin to /super', () => {
    expect(planPostSignIn({ ...base, isSuperAdmin: true })).toEqual({ decide: true, to: '/super' });
  });

  it('sends a member to /dashboard/client with the tenant', () => {
    expect(planPostSignIn({ ...base, pathname: '/signup', memberships: [member] })).toEqual({
      decide: true,
      to: '/dashboard/client?tenant_id=t2',
    });
  });

  it('honours tenant_id in the address, with the role held in that tenant', () => {
    expect(planPostSignIn({ ...base, search: '?tenant_id=t2', memberships: [admin, member] })).toEqual({
      decide: true,
      to: '/dashboard/client?tenant_id=t2',
    });
    expect(planPostSignIn({ ...base, search: '?tenant_id=t1', memberships: [member, admin] })).toEqual({
      decide: true,
      to: '/dashboard/admin?tenant_id=t1',
    });
  });

  it('sends a user without an active membership to /onboarding', () => {
    expect(planPostSignIn({ ...base, memberships: [{ ...member, status: 'suspended' }] })).toEqual({
      decide: true,
      to: '/onboarding',
    });
  });

  it('stays on /login after a membership lookup error or with the account_created and invitation_accepted banners', () => {
    expect(planPostSignIn({ ...base, membershipError: true })).toEqual({ decide: true, to: null });
    expect(planPostSignIn({ ...base, search: '?message=account_created' })).toEqual({ decide: true, to: null });
    expect(planPostSignIn({ ...base, search: '?message=invitation_accepted' })).toEqual({ decide: true, to: null });
  });

  it('stays on any other page (the load is still marked as decided)', () => {
    expect(planPostSignIn({ ...base, pathname: '/dashboard/admin' })).toEqual({ decide: true, to: null });
  });
});
