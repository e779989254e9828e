import { describe, expect, it } from 'vitest';
import { HOME_BY_KIND, ROLE_KINDS } from '@portico/common';
import type { RoleKind } from '@portico/common';
import { decideAccess, guardRoleKind, homeOf, redirectTarget } from '../src/lib/routes/access';
import type { AccessContext } from '../src/lib/routes/access';
import { LOGIN_PATH, ROUTES } from '../src/lib/routes/table';
import type { RouteRow } from '../src/lib/routes/table';

function row(path: string): RouteRow {
  const found = ROUTES.find((r) => r.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
}

const signedOut: AccessContext = { hasSession: false, isSuperAdmin: false, roleKind: null };
const as = (roleKind: RoleKind | null): AccessContext => ({ hasSession: true, isSuperAdmin: false, roleKind });
const superAdmin: AccessContext = { hasSession: true, isSuperAdmin: true, roleKind: null };

const MEMBER_DASHBOARDS = ['/dashboard/recruitpro', '/dashboard/jobseeker', '/dashboard/client'];
const ADMIN_ONLY = [
  '/dashboard/admin',
  '/dashboard/admin/settings',
  '/admin/settings',
  '/crm/users',
  '/admin-embeds',
  '/admin/files',
  '/assign-roles',
  '/dashboard/admin/integrations',
  '/dashboard/admin/billing',
];
/** Form management: admins and team members (the form builders), each in their own shell. */
const FORM_MANAGEMENT = ['/forms', '/forms/:id/responses'];
const EMBED_PAGES = ['/embed/:id', '/embeds/:id'];
const FILE_PAGES = ['/files', '/my-files'];
/** The console: Mission Control, Billing, App Health, Queues and Jobs, Audit Logs. */
const SUPER_PAGES = [
  '/super',
  '/super/tenants',
  '/super/billing',
  '/superadmin/user-management',
  '/super/health',
  '/super/jobs',
  '/super/integrations',
  '/super/notifications',
  '/super/settings',
  '/super/audit',
];

describe('route table', () => {
  it('has each path once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('registers exactly the pages of this issue', () => {
    expect(ROUTES.map((r) => r.path).sort()).toEqual(
      [
        '/',
        '/login',
        '/login/magic',
        '/signup',
        '/reset-password',
        '/verify-email',
        '/unsubscribe',
        '/s/:token',
        '/complete-profile',
        ...ADMIN_ONLY,
        ...MEMBER_DASHBOARDS,
        '/settings',
        ...EMBED_PAGES,
        ...FILE_PAGES,
        // Messages, in whichever shell the person's role has (issue 32).
        '/messages',
        ...FORM_MANAGEMENT,
        // The builder and the fill page (their access is tested in forms-fill.test.ts).
        '/forms/new',
        '/forms/:id',
        ...SUPER_PAGES,
        '/account/security',
        '/onboarding',
        '/super/onboarding-events',
      ].sort(),
    );
  });

  it('opens the landing page and the sign-in pages to everyone and /complete-profile to any signed-in user', () => {
    for (const path of [
      '/',
      '/login',
      '/login/magic',
      '/signup',
      '/reset-password',
      '/verify-email',
      '/unsubscribe',
      '/s/:token',
    ])
      expect(row(path)).toMatchObject({ shell: 'bare', access: { kind: 'public' } });
    expect(row('/complete-profile').access).toEqual({ kind: 'signedIn' });
    expect(row('/onboarding')).toMatchObject({ shell: 'bare', access: { kind: 'signedIn' } });
    expect(row('/super/onboarding-events')).toMatchObject({ shell: 'super', access: { kind: 'superOnly' } });
  });

  it('opens /account/security (two-factor sign-in) to anyone signed in, outside any workspace shell', () => {
    expect(row('/account/security')).toMatchObject({ shell: 'bare', access: { kind: 'signedIn' } });
    for (const context of [as('admin'), as('client'), as(null), superAdmin])
      expect(decideAccess(row('/account/security').access, context)).toEqual({ type: 'allow' });
  });

  it('puts admin pages in the admin shell, member pages in the user shell, /super in the console', () => {
    for (const path of ADMIN_ONLY) expect(row(path).shell).toBe('admin');
    for (const path of [...MEMBER_DASHBOARDS, '/settings']) expect(row(path).shell).toBe('user');
    for (const path of SUPER_PAGES) expect(row(path)).toMatchObject({ shell: 'super', access: { kind: 'superOnly' } });
    for (const path of EMBED_PAGES)
      expect(row(path)).toMatchObject({ shell: 'workspace', access: { kind: 'signedIn' } });
    for (const path of [...FILE_PAGES, '/messages'])
      expect(row(path)).toMatchObject({ shell: 'workspace', access: { kind: 'signedIn' } });
  });

  it('lets every kind open its own home, so a redirect home never loops', () => {
    for (const kind of ROLE_KINDS) {
      const home = row(HOME_BY_KIND[kind]);
      expect(decideAccess(home.access, as(kind))).toEqual({ type: 'allow' });
    }
  });
});

describe('decideAccess', () => {
  it('sends visitors without a session to /login from every non-public route', () => {
    for (const r of ROUTES) {
      const expected = r.access.kind === 'public' ? { type: 'allow' } : { type: 'redirect', to: LOGIN_PATH };
      expect(decideAccess(r.access, signedOut)).toEqual(expected);
    }
  });

  it('lets a super admin through every guard', () => {
    for (const r of ROUTES) expect(decideAccess(r.access, superAdmin)).toEqual({ type: 'allow' });
  });

  it('keeps admin pages for admins and sends members to their own home', () => {
    for (const path of ADMIN_ONLY) {
      expect(decideAccess(row(path).access, as('admin'))).toEqual({ type: 'allow' });
      expect(decideAccess(row(path).access, as('team'))).toEqual({ type: 'redirect', to: '/dashboard/recruitpro' });
      expect(decideAccess(row(path).access, as('client'))).toEqual({ type: 'redirect', to: '/dashboard/jobseeker' });
      expect(decideAccess(row(path).access, as('guest'))).toEqual({ type: 'redirect', to: '/dashboard/client' });
    }
  });

  it('opens every member dashboard to team, client and guest and sends admins to /dashboard/admin', () => {
    for (const path of MEMBER_DASHBOARDS) {
      for (const kind of ['team', 'client', 'guest'] as const) {
        expect(decideAccess(row(path).access, as(kind))).toEqual({ type: 'allow' });
      }
      expect(decideAccess(row(path).access, as('admin'))).toEqual({ type: 'redirect', to: '/dashboard/admin' });
    }
  });

  it('opens form management to admins and team members in their own shell, and sends clients and guests home', () => {
    for (const path of FORM_MANAGEMENT) {
      expect(row(path).shell).toBe('workspace');
      expect(decideAccess(row(path).access, as('admin'))).toEqual({ type: 'allow' });
      expect(decideAccess(row(path).access, as('team'))).toEqual({ type: 'allow' });
      expect(decideAccess(row(path).access, as('client'))).toEqual({ type: 'redirect', to: '/dashboard/jobseeker' });
      expect(decideAccess(row(path).access, as('guest'))).toEqual({ type: 'redirect', to: '/dashboard/client' });
    }
  });

  it('gives /settings to every role except admin, who has the admin settings', () => {
    expect(decideAccess(row('/settings').access, as('guest'))).toEqual({ type: 'allow' });
    expect(decideAccess(row('/settings').access, as('admin'))).toEqual({ type: 'redirect', to: '/dashboard/admin' });
  });

  it('sends non-super users opening /super to their own home', () => {
    expect(decideAccess(row('/super').access, as('admin'))).toEqual({ type: 'redirect', to: '/dashboard/admin' });
    expect(decideAccess(row('/super').access, as('client'))).toEqual({ type: 'redirect', to: '/dashboard/jobseeker' });
  });

  it('sends a signed-in user of unknown kind to /login', () => {
    expect(decideAccess(row('/dashboard/admin').access, as(null))).toEqual({ type: 'redirect', to: LOGIN_PATH });
    expect(decideAccess(row('/complete-profile').access, as(null))).toEqual({ type: 'allow' });
    expect(homeOf(null)).toBe(LOGIN_PATH);
  });
});

describe('guardRoleKind', () => {
  const membership = { role: 'coach', role_kind: 'team' as const };

  it('is null without a session and admin for an admin effective role', () => {
    expect(guardRoleKind('anonymous', membership)).toBeNull();
    expect(guardRoleKind('admin', membership)).toBe('admin');
  });

  it("uses the tenant's own kind for its own role keys", () => {
    expect(guardRoleKind('coach', membership)).toBe('team');
  });

  it('falls back to the built-in kinds when the role is not the membership role', () => {
    expect(guardRoleKind('recruitpro', null)).toBe('team');
    expect(guardRoleKind('client', null)).toBe('guest');
    expect(guardRoleKind('something-else', null)).toBe('client');
  });
});

describe('redirectTarget', () => {
  it('keeps the address tenant on the way to /login so sign-in lands in that tenant', () => {
    expect(redirectTarget('/login', { addressTenantId: 't1', activeTenantId: 't2' })).toBe('/login?tenant_id=t1');
    expect(redirectTarget('/login', { addressTenantId: null, activeTenantId: 't2' })).toBe('/login');
  });

  it('keeps the active tenant on the way home', () => {
    expect(redirectTarget('/dashboard/jobseeker', { addressTenantId: null, activeTenantId: 't2' })).toBe(
      '/dashboard/jobseeker?tenant_id=t2',
    );
    expect(redirectTarget('/dashboard/admin', { addressTenantId: null, activeTenantId: null })).toBe(
      '/dashboard/admin',
    );
  });
});
