import { HOME_BY_KIND, roleKindOf } from '@portico/common';
import type { EffectiveRole, RoleKind } from '@portico/common';
import { withTenantId } from '../scope/tenant-path';
import { LOGIN_PATH } from './table';
import type { RouteAccess } from './table';

export interface AccessContext {
  hasSession: boolean;
  isSuperAdmin: boolean;
  /** The signed-in user's kind in the active tenant; null when unknown. */
  roleKind: RoleKind | null;
}

export type AccessDecision = { type: 'allow' } | { type: 'redirect'; to: string };

const ALLOW: AccessDecision = { type: 'allow' };

export function homeOf(roleKind: RoleKind | null): string {
  return roleKind ? HOME_BY_KIND[roleKind] : LOGIN_PATH;
}

/**
 * Navigation guard (tenant-portal §2, DECISIONS §3): no session → /login; a super admin passes
 * every guard; anyone else not allowed goes to the home of their kind (unknown → /login).
 */
export function decideAccess(access: RouteAccess, ctx: AccessContext): AccessDecision {
  if (access.kind === 'public') return ALLOW;
  if (!ctx.hasSession) return { type: 'redirect', to: LOGIN_PATH };
  if (ctx.isSuperAdmin || access.kind === 'signedIn') return ALLOW;
  if (access.kind === 'roles' && ctx.roleKind && access.roles.includes(ctx.roleKind)) return ALLOW;
  return { type: 'redirect', to: homeOf(ctx.roleKind) };
}

/** The kind behind an effective role: the membership's own kind when it is that membership's role. */
export function guardRoleKind(
  role: EffectiveRole,
  membership: { role: string; role_kind: RoleKind } | null,
): RoleKind | null {
  if (role === 'anonymous') return null;
  if (role === 'admin') return 'admin';
  return membership?.role === role ? membership.role_kind : roleKindOf(role);
}

/**
 * Where a guard redirect lands: /login keeps the tenant the address asked for (the post-sign-in
 * redirect honours it); a home keeps the active tenant.
 */
export function redirectTarget(
  to: string,
  tenants: { addressTenantId: string | null; activeTenantId: string | null },
): string {
  const tenantId = to === LOGIN_PATH ? tenants.addressTenantId : tenants.activeTenantId;
  return withTenantId(to, tenantId);
}
