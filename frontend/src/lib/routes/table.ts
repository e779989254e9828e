import type { RoleKind } from '@portico/common';

/**
 * Every route of the SPA, one row each: which page, inside which shell, open to whom.
 * Later issues add rows (files, forms, embeds, billing, integrations, CRM) and their pages.
 */

/** `workspace`: the admin shell for admins (and super admins), the user shell for everyone else. */
export type ShellId = 'bare' | 'admin' | 'user' | 'super' | 'workspace';

export type PageId =
  | 'login'
  | 'magicLink'
  | 'verifyEmail'
  | 'unsubscribe'
  | 'shareLink'
  | 'signup'
  | 'resetPassword'
  | 'completeProfile'
  | 'adminDashboard'
  | 'adminSettings'
  | 'memberDashboard'
  | 'memberSettings'
  | 'embedManager'
  | 'embed'
  | 'people'
  | 'files'
  | 'myFiles'
  | 'messages'
  | 'adminFiles'
  | 'formManagement'
  | 'formResponses'
  | 'assignRoles'
  | 'formBuilder'
  | 'formFill'
  | 'integrations'
  | 'billing'
  | 'missionControl'
  | 'tenants'
  | 'userManagement'
  | 'appHealth'
  | 'jobs'
  | 'revenue'
  | 'audit'
  | 'notifications'
  | 'settings'
  | 'superIntegrations'
  | 'landing'
  | 'accountSecurity'
  | 'onboarding'
  | 'onboardingEvents';

export type RouteAccess =
  { kind: 'public' } | { kind: 'signedIn' } | { kind: 'roles'; roles: readonly RoleKind[] } | { kind: 'superOnly' };

export interface RouteRow {
  path: string;
  page: PageId;
  shell: ShellId;
  access: RouteAccess;
}

const PUBLIC: RouteAccess = { kind: 'public' };
const SIGNED_IN: RouteAccess = { kind: 'signedIn' };
const ADMINS: RouteAccess = { kind: 'roles', roles: ['admin'] };
const MEMBERS: RouteAccess = { kind: 'roles', roles: ['team', 'client', 'guest'] };
const SUPER_ONLY: RouteAccess = { kind: 'superOnly' };

export const ROUTES: readonly RouteRow[] = [
  { path: '/login', page: 'login', shell: 'bare', access: PUBLIC },
  { path: '/login/magic', page: 'magicLink', shell: 'bare', access: PUBLIC },
  { path: '/signup', page: 'signup', shell: 'bare', access: PUBLIC },
  { path: '/reset-password', page: 'resetPassword', shell: 'bare', access: PUBLIC },
  { path: '/verify-email', page: 'verifyEmail', shell: 'bare', access: PUBLIC },
  { path: '/unsubscribe', page: 'unsubscribe', shell: 'bare', access: PUBLIC },
  { path: '/s/:token', page: 'shareLink', shell: 'bare', access: PUBLIC },
  { path: '/complete-profile', page: 'completeProfile', shell: 'bare', access: SIGNED_IN },

  { path: '/dashboard/admin', page: 'adminDashboard', shell: 'admin', access: ADMINS },
  { path: '/dashboard/admin/settings', page: 'adminSettings', shell: 'admin', access: ADMINS },
  { path: '/admin/settings', page: 'adminSettings', shell: 'admin', access: ADMINS },
  { path: '/crm/users', page: 'people', shell: 'admin', access: ADMINS },
  { path: '/admin-embeds', page: 'embedManager', shell: 'admin', access: ADMINS },
  { path: '/admin/files', page: 'adminFiles', shell: 'admin', access: ADMINS },
  { path: '/assign-roles', page: 'assignRoles', shell: 'admin', access: ADMINS },
  { path: '/dashboard/admin/integrations', page: 'integrations', shell: 'admin', access: ADMINS },
  { path: '/dashboard/admin/billing', page: 'billing', shell: 'admin', access: ADMINS },

  { path: '/dashboard/recruitpro', page: 'memberDashboard', shell: 'user', access: MEMBERS },
  { path: '/dashboard/jobseeker', page: 'memberDashboard', shell: 'user', access: MEMBERS },
  { path: '/dashboard/client', page: 'memberDashboard', shell: 'user', access: MEMBERS },
  { path: '/settings', page: 'memberSettings', shell: 'user', access: MEMBERS },

  { path: '/embed/:id', page: 'embed', shell: 'workspace', access: SIGNED_IN },
  { path: '/embeds/:id', page: 'embed', shell: 'workspace', access: SIGNED_IN },
  { path: '/files', page: 'files', shell: 'workspace', access: SIGNED_IN },
  { path: '/my-files', page: 'myFiles', shell: 'workspace', access: SIGNED_IN },
  { path: '/messages', page: 'messages', shell: 'workspace', access: SIGNED_IN },
  // The spec puts /forms in the admin shell; team members build forms too, so they need the list.
  { path: '/forms', page: 'formManagement', shell: 'workspace', access: { kind: 'roles', roles: ['admin', 'team'] } },
  {
    path: '/forms/:id/responses',
    page: 'formResponses',
    shell: 'workspace',
    access: { kind: 'roles', roles: ['admin', 'team'] },
  },
  // A static segment outranks a parameter in react-router, so /forms/new is the builder, never the fill page.
  { path: '/forms/new', page: 'formBuilder', shell: 'workspace', access: { kind: 'roles', roles: ['admin', 'team'] } },
  { path: '/forms/:id', page: 'formFill', shell: 'workspace', access: SIGNED_IN },

  { path: '/super', page: 'missionControl', shell: 'super', access: SUPER_ONLY },
  { path: '/super/tenants', page: 'tenants', shell: 'super', access: SUPER_ONLY },
  { path: '/superadmin/user-management', page: 'userManagement', shell: 'super', access: SUPER_ONLY },
  { path: '/super/health', page: 'appHealth', shell: 'super', access: SUPER_ONLY },
  { path: '/super/jobs', page: 'jobs', shell: 'super', access: SUPER_ONLY },
  { path: '/super/billing', page: 'revenue', shell: 'super', access: SUPER_ONLY },
  { path: '/super/notifications', page: 'notifications', shell: 'super', access: SUPER_ONLY },
  { path: '/super/integrations', page: 'superIntegrations', shell: 'super', access: SUPER_ONLY },
  { path: '/super/audit', page: 'audit', shell: 'super', access: SUPER_ONLY },
  { path: '/super/settings', page: 'settings', shell: 'super', access: SUPER_ONLY },

  { path: '/', page: 'landing', shell: 'bare', access: PUBLIC },
  { path: '/account/security', page: 'accountSecurity', shell: 'bare', access: SIGNED_IN },
  { path: '/onboarding', page: 'onboarding', shell: 'bare', access: SIGNED_IN },
  { path: '/super/onboarding-events', page: 'onboardingEvents', shell: 'super', access: SUPER_ONLY },
];

/** Where unknown paths and signed-out visitors go. */
export const LOGIN_PATH = '/login';

export const SHELLS: readonly ShellId[] = ['bare', 'admin', 'user', 'super', 'workspace'];
