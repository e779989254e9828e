import type { AdminStats, RecentMember, RoleKind, RoleTypesAnswer, WorkspaceSettings } from '@portico/common';

/** Shapes of the API answers (docs/api.md). */

export interface AuthUser {
  id: string;
  email: string;
  role: string | null;
  created_at: string;
  last_sign_in_at: string | null;
}

export interface Session {
  access_token: string;
  refresh_token: string;
  /** Unix seconds. */
  expires_at: number;
  user: AuthUser;
}

export interface Profile {
  id: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  linkedin: string | null;
  title: string | null;
}

export interface Membership {
  tenant_id: string;
  tenant_name: string | null;
  tenant_slug: string | null;
  role: string;
  role_label: string | null;
  role_kind: RoleKind;
  status: string;
}

export interface AuthUserAnswer {
  user: AuthUser;
  profile: Profile | null;
  is_super_admin: boolean;
  memberships: Membership[];
}

export type TenantConfig = WorkspaceSettings;
export type TenantRolesAnswer = RoleTypesAnswer;
export type { AdminStats };
export type RecentUser = RecentMember;

export interface SuperTenant {
  id: string;
  name: string;
  slug: string;
  tier: string;
  status: string;
  seats_used: number;
  seats_total: number;
  domain: string | null;
  created_at: string;
}

export interface Invitation {
  email: string;
  role: string;
  tenant_id: string;
  tenant_name: string;
  expires_at: string;
  accepted: boolean;
  expired: boolean;
  /** Withdrawn by the workspace, or replaced by a newer invitation to the same address. */
  revoked: boolean;
}

export interface InviteAnswer {
  emailSent: boolean;
  emailError: string | null;
  signup_url: string | null;
  tenant_id: string;
}

export const UNKNOWN_TENANT = 'Unknown Tenant';
