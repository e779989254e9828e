import type {
  AdminStats,
  AuthUser,
  AuthUserAnswer,
  InvitationLink,
  Membership,
  Profile,
  RecentMember,
  TenantInvitationAnswer,
  TenantSummary,
  WorkspaceSettings,
} from '@portico/common';

/** Shapes of the API answers (docs/api.md). */

export type { AuthUser, AuthUserAnswer, Membership, Profile };

/** The session the browser keeps: the tokens and who they are for. */
export interface Session {
  access_token: string;
  refresh_token: string;
  /** Unix seconds. */
  expires_at: number;
  user: AuthUser;
}

export type TenantConfig = WorkspaceSettings;
export type { AdminStats };
export type RecentUser = RecentMember;

export type SuperTenant = TenantSummary;
export type Invitation = InvitationLink;
export type InviteAnswer = TenantInvitationAnswer;

export const UNKNOWN_TENANT = 'Unknown Tenant';
