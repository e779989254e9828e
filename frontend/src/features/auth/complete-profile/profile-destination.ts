import { HOME_BY_KIND } from '@portico/common';
import type { RoleKind } from '@portico/common';
import { withTenantId } from '../../../lib/scope/tenant-path';

export const NO_ROLE = 'Could not determine user role. Please contact support.';
export const NO_USER = 'User not found. Please log in again.';
export const PROFILE_NOT_SAVED = 'Profile not saved correctly. Please try again.';

export interface DestinationInput {
  isSuperAdmin: boolean;
  memberships: readonly { tenant_id: string; role_kind: RoleKind; status: string }[];
  /** The tenant the user is working in, preferred when they belong to several. */
  preferredTenantId: string | null;
}

export type Destination = { to: string } | { error: string };

/** Where a completed profile leads: super admins to /super, members to their kind's home. */
export function profileDestination({ isSuperAdmin, memberships, preferredTenantId }: DestinationInput): Destination {
  if (isSuperAdmin) return { to: '/super' };
  const active = memberships.filter((m) => m.status === 'active');
  const membership = active.find((m) => m.tenant_id === preferredTenantId) ?? active[0];
  if (!membership) return { error: NO_ROLE };
  return { to: withTenantId(HOME_BY_KIND[membership.role_kind], membership.tenant_id) };
}

export function hasBothNames(
  profile: { first_name: string | null; last_name: string | null } | null | undefined,
): boolean {
  return Boolean(profile?.first_name?.trim() && profile.last_name?.trim());
}
