/** Role rules shared by the SPA and the API (DECISIONS §3, tenant-portal §4). */

import { ownValue } from './records';

export const SUPER_ADMIN_ROLES = ['super_admin', 'superadmin', 'super-admin'] as const;

export function isSuperAdminRole(role: string | null | undefined): boolean {
  return role != null && (SUPER_ADMIN_ROLES as readonly string[]).includes(role);
}

/** The console names roles generically (platform-console §6): a workspace's own keys other than owner and admin are members. */
export const consoleRoleOf = (role: string): 'owner' | 'admin' | 'member' =>
  role === 'owner' || role === 'admin' ? role : 'member';

export const ROLE_KINDS = ['admin', 'team', 'client', 'guest'] as const;
export type RoleKind = (typeof ROLE_KINDS)[number];

export const ROLE_COLORS = ['blue', 'purple', 'green', 'gray', 'orange', 'red'] as const;
export type RoleColor = (typeof ROLE_COLORS)[number];

/** A role key: lowercase letters, digits, `_` and `-`. */
export const ROLE_KEY_PATTERN = /^[a-z0-9_-]+$/;

export interface RoleType {
  role_key: string;
  role_label: string;
  role_color: RoleColor;
  kind: RoleKind;
}

/** Role types every new tenant starts with. */
export const DEFAULT_ROLE_TYPES: readonly RoleType[] = [
  { role_key: 'admin', role_label: 'Admin', role_color: 'blue', kind: 'admin' },
  { role_key: 'role1', role_label: 'Team Member', role_color: 'purple', kind: 'team' },
  { role_key: 'role2', role_label: 'Client', role_color: 'green', kind: 'client' },
  { role_key: 'role3', role_label: 'Guest', role_color: 'gray', kind: 'guest' },
];

/** The tenant's member role given to someone invited as the generic `member`. */
export const DEFAULT_MEMBER_ROLE = 'role2';

/** Membership roles that make someone a tenant administrator. */
export const TENANT_ADMIN_ROLES = ['owner', 'admin'] as const;

export function isTenantAdminRole(role: string | null | undefined): boolean {
  return role === 'owner' || role === 'admin';
}

/** Kinds of the built-in and legacy keys; a tenant's own keys carry their kind in its role types. */
const BUILT_IN_KINDS: Record<string, RoleKind> = {
  owner: 'admin',
  admin: 'admin',
  role1: 'team',
  recruitpro: 'team',
  role2: 'client',
  jobseeker: 'client',
  role3: 'guest',
  client: 'guest',
};

export function roleKindOf(roleKey: string, roleTypes: readonly Pick<RoleType, 'role_key' | 'kind'>[] = []): RoleKind {
  if (isTenantAdminRole(roleKey)) return 'admin';
  const own = roleTypes.find((r) => r.role_key === roleKey);
  return own?.kind ?? ownValue(BUILT_IN_KINDS, roleKey) ?? 'client';
}

export const HOME_BY_KIND: Record<RoleKind, string> = {
  admin: '/dashboard/admin',
  team: '/dashboard/recruitpro',
  client: '/dashboard/jobseeker',
  guest: '/dashboard/client',
};

export const DASHBOARD_TITLE_BY_KIND: Record<RoleKind, string> = {
  admin: 'Admin Dashboard',
  team: 'Team Member Dashboard',
  client: 'Client Dashboard',
  guest: 'Guest Dashboard',
};

export type EffectiveRole = 'anonymous' | 'admin' | 'client' | (string & {});

export interface EffectiveRoleInput {
  hasSession: boolean;
  /** Membership roles, of the active tenant when one is active. */
  membershipRoles: readonly string[];
  /** The role on the user's own record, if any. */
  userRecordRole?: string | null;
  /** Set when looking the roles up failed. */
  lookupFailed?: boolean;
}

/**
 * tenant-portal §4: no session → anonymous; an owner or admin membership → admin; otherwise the
 * member's own role (the membership role, else the user record's role, owner/admin mapping to
 * admin); otherwise client. A failed lookup → client.
 */
export function effectiveRole(input: EffectiveRoleInput): EffectiveRole {
  if (!input.hasSession) return 'anonymous';
  if (input.lookupFailed) return 'client';
  if (input.membershipRoles.some(isTenantAdminRole)) return 'admin';
  const own = input.membershipRoles.find((r) => r.trim() !== '') ?? input.userRecordRole?.trim();
  if (!own) return 'client';
  return isTenantAdminRole(own) ? 'admin' : own;
}

/** A membership is active, or suspended by the workspace's admins (its member cannot open the workspace). */
export const MEMBERSHIP_STATUSES = ['active', 'suspended'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];
