import { describe, expect, it } from 'vitest';
import {
  effectiveRole,
  HOME_BY_KIND,
  isExpired,
  isSuperAdminRole,
  isValidSubdomain,
  normaliseSubdomain,
  postSignInRedirect,
  resolveScope,
  roleTypesBody,
  roleKindOf,
  shouldRefresh,
  slugFromName,
  type RedirectInput,
} from '../src';

describe('effectiveRole (tenant-portal §4)', () => {
  it.each([
    [{ hasSession: false, membershipRoles: ['admin'] }, 'anonymous'],
    [{ hasSession: true, membershipRoles: ['role2', 'owner'] }, 'admin'],
    [{ hasSession: true, membershipRoles: ['admin'] }, 'admin'],
    [{ hasSession: true, membershipRoles: ['recruitpro'] }, 'recruitpro'],
    [{ hasSession: true, membershipRoles: [], userRecordRole: 'owner' }, 'admin'],
    [{ hasSession: true, membershipRoles: [], userRecordRole: 'jobseeker' }, 'jobseeker'],
    [{ hasSession: true, membershipRoles: [], userRecordRole: '  ' }, 'client'],
    [{ hasSession: true, membershipRoles: [] }, 'client'],
    [{ hasSession: true, membershipRoles: ['admin'], lookupFailed: true }, 'client'],
  ])('%j → %s', (input, expected) => {
    expect(effectiveRole(input)).toBe(expected);
  });
});

describe('roles', () => {
  it('recognises every spelling of super admin and nothing else', () => {
    expect(['super_admin', 'superadmin', 'super-admin'].every(isSuperAdminRole)).toBe(true);
    expect(isSuperAdminRole('admin')).toBe(false);
    expect(isSuperAdminRole(null)).toBe(false);
  });

  it('knows the kind of built-in, legacy and tenant-defined keys', () => {
    expect(roleKindOf('owner')).toBe('admin');
    expect(roleKindOf('recruitpro')).toBe('team');
    expect(roleKindOf('jobseeker')).toBe('client');
    expect(roleKindOf('client')).toBe('guest');
    expect(roleKindOf('role3')).toBe('guest');
    expect(roleKindOf('vip', [{ role_key: 'vip', kind: 'team' }])).toBe('team');
    expect(roleKindOf('unknown')).toBe('client');
    expect(HOME_BY_KIND).toEqual({
      admin: '/dashboard/admin',
      team: '/dashboard/recruitpro',
      client: '/dashboard/jobseeker',
      guest: '/dashboard/client',
    });
  });
});

describe('slugs and subdomains', () => {
  it.each([
    ['Bright Ideas Co.', 'bright-ideas-co'],
    ['  Ünïcode  Café ', 'unicode-cafe'],
    ['--Already--Slugged--', 'already-slugged'],
    ['A&B   Partners', 'a-b-partners'],
  ])('slugFromName(%s) = %s', (name, slug) => expect(slugFromName(name)).toBe(slug));

  it('normalises subdomains as the onboarding check does', () => {
    expect(normaliseSubdomain(' My  Agency!! ')).toBe('my-agency');
    expect(normaliseSubdomain('a--b')).toBe('a-b');
    expect(normaliseSubdomain('x'.repeat(80))).toHaveLength(63);
    expect(isValidSubdomain('my-agency')).toBe(true);
    expect(isValidSubdomain('a')).toBe(false);
    expect(isValidSubdomain('-edge')).toBe(false);
    expect(isValidSubdomain('edge-')).toBe(false);
  });
});

describe('session timing', () => {
  const now = 1_000_000_000_000;
  it('refreshes when three 30 s ticks or fewer remain', () => {
    expect(shouldRefresh(now + 120_000, now)).toBe(false);
    expect(shouldRefresh(now + 119_999, now)).toBe(true);
    expect(shouldRefresh(now + 90_000, now)).toBe(true);
  });
  it('treats a session as expired 10 s early', () => {
    expect(isExpired(now + 10_000, now)).toBe(true);
    expect(isExpired(now + 10_001, now)).toBe(false);
  });
});

describe('postSignInRedirect (tenant-portal §2)', () => {
  const base: RedirectInput = {
    pathname: '/login',
    search: '',
    isSuperAdmin: false,
    memberships: [],
    membershipError: false,
  };
  const admin = { tenant_id: 't1', role: 'admin', status: 'active' };
  const client = { tenant_id: 't2', role: 'role2', status: 'active' };

  it('only acts on /login, /signup and /onboarding', () => {
    expect(postSignInRedirect({ ...base, pathname: '/files', memberships: [admin] })).toBeNull();
    expect(postSignInRedirect({ ...base, pathname: '/signup', memberships: [admin] })).toBe(
      '/dashboard/admin?tenant_id=t1',
    );
    expect(postSignInRedirect({ ...base, pathname: '/onboarding', memberships: [client] })).toBe(
      '/dashboard/client?tenant_id=t2',
    );
  });
  it('sends super admins to /super', () => {
    expect(postSignInRedirect({ ...base, isSuperAdmin: true, memberships: [admin] })).toBe('/super');
  });
  it('sends owners and admins to the admin dashboard, other members to the client dashboard', () => {
    expect(postSignInRedirect({ ...base, memberships: [{ ...admin, role: 'owner' }] })).toBe(
      '/dashboard/admin?tenant_id=t1',
    );
    expect(postSignInRedirect({ ...base, memberships: [client, admin] })).toBe('/dashboard/client?tenant_id=t2');
  });
  it('uses tenant_id from the address when it is one of the memberships', () => {
    expect(postSignInRedirect({ ...base, search: '?tenant_id=t2', memberships: [admin, client] })).toBe(
      '/dashboard/client?tenant_id=t2',
    );
    expect(postSignInRedirect({ ...base, search: '?tenant_id=nope', memberships: [admin, client] })).toBe(
      '/dashboard/admin?tenant_id=t1',
    );
  });
  it('sends users with no active membership to onboarding, unless the lookup failed', () => {
    expect(postSignInRedirect({ ...base, memberships: [{ ...admin, status: 'suspended' }] })).toBe('/onboarding');
    expect(postSignInRedirect({ ...base, pathname: '/signup', membershipError: true })).toBeNull();
    // In the wizard already: it keeps its address (`?cycle=yearly` from the landing page).
    expect(postSignInRedirect({ ...base, pathname: '/onboarding', search: '?cycle=yearly' })).toBeNull();
    // Back from Stripe Checkout, the signup page confirms the payment before the wizard goes on.
    expect(postSignInRedirect({ ...base, pathname: '/signup', search: '?session_id=cs_test_1' })).toBeNull();
  });
  it('stays on /login after a lookup error or with account_created / invitation_accepted', () => {
    expect(postSignInRedirect({ ...base, membershipError: true, memberships: [admin] })).toBeNull();
    expect(postSignInRedirect({ ...base, search: '?message=account_created', memberships: [admin] })).toBeNull();
    expect(postSignInRedirect({ ...base, search: '?message=invitation_accepted', memberships: [admin] })).toBeNull();
    expect(postSignInRedirect({ ...base, search: '?message=signup_complete', memberships: [admin] })).toBe(
      '/dashboard/admin?tenant_id=t1',
    );
  });
});

describe('resolveScope (tenant-portal §4)', () => {
  const ids = ['t1', 't2'];
  it('gives a super admin without tenant_id in the address the super scope', () => {
    expect(
      resolveScope({ isSuperAdmin: true, addressTenantId: null, storedTenantId: 't2', membershipTenantIds: ids }),
    ).toEqual({ scope: 'super', activeTenantId: null });
  });
  it('prefers the address, then the stored tenant, then the first membership', () => {
    expect(
      resolveScope({ isSuperAdmin: false, addressTenantId: 't2', storedTenantId: 't1', membershipTenantIds: ids }),
    ).toEqual({ scope: 'tenant', activeTenantId: 't2' });
    expect(
      resolveScope({ isSuperAdmin: false, addressTenantId: null, storedTenantId: 't2', membershipTenantIds: ids }),
    ).toEqual({ scope: 'tenant', activeTenantId: 't2' });
    expect(
      resolveScope({ isSuperAdmin: false, addressTenantId: null, storedTenantId: null, membershipTenantIds: ids }),
    ).toEqual({ scope: 'tenant', activeTenantId: 't1' });
  });
  it('falls back to the first membership when the chosen tenant is not one of them, or null with none', () => {
    expect(
      resolveScope({ isSuperAdmin: false, addressTenantId: 'other', storedTenantId: null, membershipTenantIds: ids }),
    ).toEqual({ scope: 'tenant', activeTenantId: 't1' });
    expect(
      resolveScope({ isSuperAdmin: false, addressTenantId: null, storedTenantId: null, membershipTenantIds: [] }),
    ).toEqual({ scope: 'tenant', activeTenantId: null });
  });
  it('lets a super admin view any tenant named in the address', () => {
    expect(
      resolveScope({ isSuperAdmin: true, addressTenantId: 'elsewhere', storedTenantId: null, membershipTenantIds: [] }),
    ).toEqual({ scope: 'tenant', activeTenantId: 'elsewhere' });
  });
});

describe('roleTypesBody (DECISIONS §3)', () => {
  const row = (role_key: string, role_label = 'Label', kind: 'admin' | 'team' | 'client' = 'client') => ({
    role_key,
    role_label,
    role_color: 'gray',
    kind,
  });
  const issues = (roles: unknown[]) =>
    roleTypesBody.safeParse({ roles }).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

  it('accepts well-formed rows', () => {
    expect(issues([row('admin', 'Admin', 'admin'), row('role2')])).toEqual([]);
  });

  it('puts each problem on its row: key shape, repeated key, empty label, missing key', () => {
    expect(issues([row('admin', 'Admin', 'admin'), row('Bad Key'), row('dup'), row('dup', ' '), row('')])).toEqual([
      ['roles.1.role_key', 'Role keys may contain only lowercase letters a-z, digits 0-9, _ and -.'],
      ['roles.3.role_label', 'Each role needs a label.'],
      ['roles.4.role_key', 'Each role needs a key.'],
      ['roles.4.role_key', 'Role keys may contain only lowercase letters a-z, digits 0-9, _ and -.'],
      ['roles.3.role_key', 'The role key "dup" appears more than once.'],
    ]);
  });

  it('keeps admin, the only one of kind admin, and leaves owner to owners', () => {
    expect(issues([row('role2'), row('owner'), row('coach', 'Coach', 'admin')])).toEqual([
      ['roles.1.role_key', '"owner" is reserved for workspace owners and cannot be a role type.'],
      ['roles', 'The admin role type cannot be removed.'],
      ['roles.2.role_key', 'Only the admin role can be of kind admin ("coach" is not).'],
    ]);
  });
});
