import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/lib/api/http';
import { NoUserDataError } from '../src/lib/api/auth-client';
import type { Api } from '../src/lib/api/create-api';
import type { AuthUserAnswer } from '../src/lib/api/types';
import { fetchAuthUser } from '../src/lib/session/fetch-auth-user';
import { withTenantId } from '../src/lib/scope/tenant-path';
import {
  LOGIN_FALLBACK,
  SERVICE_UNAVAILABLE,
  loginBanner,
  loginErrorMessage,
} from '../src/features/auth/login/login-messages';
import { NO_ROLE, hasBothNames, profileDestination } from '../src/features/auth/complete-profile/profile-destination';
import { dashboardTitle } from '../src/features/dashboard/dashboard-title';
import { inviteResultText } from '../src/features/people/invite-result';
import { brandVariables } from '../src/lib/site/brand';
import { workspaceBlock } from '../src/app/shells/workspace-block';

describe('login messages', () => {
  it('maps the message parameter to a banner', () => {
    expect(loginBanner('account_created')).toEqual({
      tone: 'success',
      text: 'Your account was created. Sign in to continue.',
    });
    expect(loginBanner('password_reset')?.text).toBe('Your password has been reset. Sign in with your new password.');
    expect(loginBanner('signup_incomplete')?.tone).toBe('error');
    expect(loginBanner('signup_complete')?.tone).toBe('success');
    expect(loginBanner('invitation_accepted')?.tone).toBe('success');
    expect(loginBanner('whatever')).toBeNull();
    expect(loginBanner(null)).toBeNull();
  });

  it('explains login failures as tenant-portal §8 says', () => {
    expect(loginErrorMessage(new ApiError(401, 'Invalid login credentials'))).toBe('Invalid login credentials');
    expect(loginErrorMessage(new ApiError(429, 'Too many attempts. Try again in 15 minutes.'))).toBe(
      'Too many attempts. Try again in 15 minutes.',
    );
    expect(loginErrorMessage(new ApiError(0, 'Network request failed'))).toBe(SERVICE_UNAVAILABLE);
    expect(loginErrorMessage(new ApiError(502, 'Bad gateway'))).toBe(SERVICE_UNAVAILABLE);
    expect(loginErrorMessage(new NoUserDataError())).toBe('No user data received. Please try again.');
    expect(loginErrorMessage(new TypeError('x'))).toBe(LOGIN_FALLBACK);
  });
});

describe('fetchAuthUser', () => {
  const answer = (memberships: AuthUserAnswer['memberships'], isSuper = false) =>
    ({ user: { id: 'u' }, profile: null, is_super_admin: isSuper, memberships }) as unknown as AuthUserAnswer;
  const membership = { tenant_id: 't1', role: 'admin', status: 'active' } as AuthUserAnswer['memberships'][number];

  it('asks up to three times, 1 s apart, while the membership list is empty', async () => {
    const api = vi.fn(async () => answer([])) as unknown as Api;
    const wait = vi.fn(async () => undefined);
    await fetchAuthUser(api, wait);
    expect(api).toHaveBeenCalledTimes(3);
    expect(wait.mock.calls).toEqual([[1000], [1000]]);
  });

  it('stops as soon as a membership shows up, and does not wait for super admins', async () => {
    const api = vi
      .fn()
      .mockResolvedValueOnce(answer([]))
      .mockResolvedValueOnce(answer([membership])) as unknown as Api;
    expect((await fetchAuthUser(api, async () => undefined)).memberships).toHaveLength(1);
    expect(api).toHaveBeenCalledTimes(2);

    const superApi = vi.fn(async () => answer([], true)) as unknown as Api;
    await fetchAuthUser(superApi, async () => undefined);
    expect(superApi).toHaveBeenCalledTimes(1);
  });
});

describe('withTenantId', () => {
  it('sets, replaces and removes tenant_id while keeping other parameters', () => {
    expect(withTenantId('/dashboard/admin', 't1')).toBe('/dashboard/admin?tenant_id=t1');
    expect(withTenantId('/x?tenant_id=a&tab=b', 't2')).toBe('/x?tenant_id=t2&tab=b');
    expect(withTenantId('/x?tenant_id=a&tab=b', null)).toBe('/x?tab=b');
    expect(withTenantId('/x?tenant_id=a', null)).toBe('/x');
  });
});

describe('profileDestination', () => {
  const memberships = [
    { tenant_id: 't1', role_kind: 'guest' as const, status: 'active' },
    { tenant_id: 't2', role_kind: 'team' as const, status: 'active' },
  ];

  it('sends super admins to /super', () => {
    expect(profileDestination({ isSuperAdmin: true, memberships: [], preferredTenantId: null })).toEqual({
      to: '/super',
    });
  });

  it("goes to the home of the kind held in the working tenant, else the first one's", () => {
    expect(profileDestination({ isSuperAdmin: false, memberships, preferredTenantId: 't2' })).toEqual({
      to: '/dashboard/recruitpro?tenant_id=t2',
    });
    expect(profileDestination({ isSuperAdmin: false, memberships, preferredTenantId: null })).toEqual({
      to: '/dashboard/client?tenant_id=t1',
    });
  });

  it('cannot route a user without an active membership', () => {
    expect(profileDestination({ isSuperAdmin: false, memberships: [], preferredTenantId: null })).toEqual({
      error: NO_ROLE,
    });
  });

  it('requires both names', () => {
    expect(hasBothNames({ first_name: 'Ada', last_name: 'Lovelace' })).toBe(true);
    expect(hasBothNames({ first_name: 'Ada', last_name: ' ' })).toBe(false);
    expect(hasBothNames(null)).toBe(false);
  });
});

describe('dashboardTitle', () => {
  it('uses the role label, then the kind, then Member Dashboard', () => {
    expect(dashboardTitle('Client', 'client')).toBe('Client Dashboard');
    expect(dashboardTitle('Job Seeker', 'client')).toBe('Job Seeker Dashboard');
    expect(dashboardTitle(null, 'team')).toBe('Team Member Dashboard');
    expect(dashboardTitle('  ', null)).toBe('Member Dashboard');
  });
});

describe('inviteResultText', () => {
  it('says what the invitation produced', () => {
    expect(inviteResultText({ emailSent: true, emailError: null, signup_url: 'https://x/s' })).toBe(
      'Invite sent successfully',
    );
    expect(inviteResultText({ emailSent: false, emailError: 'SMTP down', signup_url: 'https://x/s' })).toBe(
      'Invite created, but email failed: SMTP down. Share this link: https://x/s',
    );
    expect(inviteResultText({ emailSent: false, emailError: 'SMTP is not set.', signup_url: 'https://x/s' })).toBe(
      'Invite created, but email failed: SMTP is not set. Share this link: https://x/s',
    );
    expect(inviteResultText({ emailSent: false, emailError: null, signup_url: 'https://x/s' })).toBe(
      'Invite created. Share this link: https://x/s',
    );
  });
});

describe('brandVariables', () => {
  it('uses the tenant colours and falls back to the calm defaults', () => {
    expect(brandVariables({ primary_color: '#ff0000', secondary_color: '#00ff00' })).toMatchObject({
      '--brand-primary': '#ff0000',
      '--brand-secondary': '#00ff00',
    });
    expect(brandVariables(undefined)).toMatchObject({ '--brand-primary': '#2563eb', '--brand-on-primary': '#ffffff' });
    expect(brandVariables({ primary_color: 'red; background: url(x)', secondary_color: null })['--brand-primary']).toBe(
      '#2563eb',
    );
  });

  it('keeps text readable on a light brand colour', () => {
    expect(brandVariables({ primary_color: '#fde047', secondary_color: null })['--brand-on-primary']).toBe('#111827');
  });
});

describe('workspaceBlock', () => {
  it('recognises the suspension codes', () => {
    expect(workspaceBlock(new ApiError(403, 'Suspended', 'tenant_suspended'))).toBe('tenant_suspended');
    expect(workspaceBlock(new ApiError(403, 'Suspended', 'membership_suspended'))).toBe('membership_suspended');
    expect(workspaceBlock(new ApiError(403, 'Forbidden'))).toBeNull();
    expect(workspaceBlock(null)).toBeNull();
  });
});
