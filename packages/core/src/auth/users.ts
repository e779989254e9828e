import { isSuperAdminRole, roleKindOf, type RoleKind, type RoleType } from '@portico/common';
import { UniqueConstraintError, type Transaction } from 'sequelize';
import type { Models, Profile, Tenant, User, MembershipStatus, TenantStatus } from '../db/models';
import type { Config } from '../config';
import { hashPassword } from '../kernel/crypto';
import { conflict } from '../kernel/errors';
import { cachedSession } from './session-cache';
import type { ServiceContext } from '../scope';
import {
  findUserIdByEmail,
  insertProfile,
  insertUser,
  selectSessionActor,
  tenantFromSessionRow,
  userFromSessionRow,
  type SessionActorRow,
} from './auth-data';

export function splitFullName(fullName: string): { first_name: string | null; last_name: string | null } {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { first_name: null, last_name: null };
  return { first_name: parts[0]!, last_name: parts.slice(1).join(' ') || null };
}

export async function createUser(
  ctx: { db: Models; config: Pick<Config, 'passwordHashing'> },
  input: { email: string; password: string; fullName?: string; title?: string | null },
  transaction: Transaction,
): Promise<{ user: User; profile: Profile }> {
  const email = input.email.trim().toLowerCase();
  const emailTaken = () => conflict('An account with this email already exists. Sign in instead.', 'email_taken');
  if (await findUserIdByEmail(ctx, email, transaction)) throw emailTaken();
  const user = await insertUser(
    ctx,
    { email, password_hash: await hashPassword(ctx.config.passwordHashing, input.password) },
    transaction,
  ).catch((error: unknown) => {
    // Two sign-ups for the same address at once: the unique index decides.
    throw error instanceof UniqueConstraintError ? emailTaken() : error;
  });
  const profile = await insertProfile(
    ctx,
    { id: user.id, ...splitFullName(input.fullName ?? ''), title: input.title ?? null },
    transaction,
  );
  return { user, profile };
}

export interface ActorMembership {
  tenant_id: string;
  tenant_name: string;
  tenant_slug: string;
  tenant_status: TenantStatus;
  role: string;
  role_label: string;
  role_kind: RoleKind;
  status: MembershipStatus;
  tenant: Tenant;
  roleTypes: RoleType[];
  /** The workspace's single sign-on is on and required for its team (`workspace-sso.ts` says who that is). */
  ssoRequired: boolean;
}

/** A super admin acting as the user (impersonation), in a session of its own. */
export interface Impersonation {
  impersonatorUserId: string;
  reason: string;
  endsAt: Date;
}

export interface Actor {
  user: User;
  /** Never true in an impersonation session: it cannot reach the console, whoever the user is. */
  isSuperAdmin: boolean;
  memberships: ActorMembership[];
  /** Set when this session is a super admin's impersonation of the user. */
  impersonation: Impersonation | null;
  /** The workspace whose single sign-on made this session; null for any other sign-in. */
  ssoTenantId: string | null;
}

function toActor(ctx: Pick<ServiceContext, 'db'>, row: SessionActorRow): Actor {
  const user = userFromSessionRow(ctx, row.user);
  const { session } = row;
  const impersonation =
    session?.impersonator_user_id && session.impersonation_reason !== null
      ? {
          impersonatorUserId: session.impersonator_user_id,
          reason: session.impersonation_reason,
          endsAt: new Date(session.expires_at),
        }
      : null;
  return {
    user,
    isSuperAdmin: !impersonation && row.global_roles.some(isSuperAdminRole),
    impersonation,
    ssoTenantId: session?.sso_tenant_id ?? null,
    memberships: row.memberships.map((m) => {
      const tenant = tenantFromSessionRow(ctx, m.tenant);
      const roleTypes: RoleType[] = m.role_types;
      return {
        tenant_id: tenant.id,
        tenant_name: tenant.name,
        tenant_slug: tenant.slug,
        tenant_status: tenant.status,
        role: m.role,
        role_label: m.role === 'owner' ? 'Owner' : (roleTypes.find((r) => r.role_key === m.role)?.role_label ?? m.role),
        role_kind: roleKindOf(m.role, roleTypes),
        status: m.status,
        tenant,
        roleTypes,
        ssoRequired: m.sso_required,
      };
    }),
  };
}

/**
 * The person behind a session, or null when the user is gone or the session is no longer live.
 * The row comes from the session cache while nothing it was built from changed (`session-cache.ts`);
 * the models are built afresh for each request, so a route that changes them changes no one else's.
 */
export async function loadSessionActor(
  ctx: Pick<ServiceContext, 'db' | 'sequelize'>,
  userId: string,
  familyId: string,
): Promise<Actor | null> {
  const row = await cachedSession(ctx.sequelize, userId, familyId, async () => {
    const found = await selectSessionActor(ctx, userId, familyId);
    if (!found?.session) return null;
    return { value: found, expiresAt: new Date(found.session.expires_at).getTime() };
  });
  return row ? toActor(ctx, row) : null;
}
