import { isSuperAdminRole, roleKindOf, type RoleKind, type RoleType } from '@portico/common';
import { UniqueConstraintError, type Transaction } from 'sequelize';
import type { Models, Profile, Tenant, User, MembershipStatus, TenantStatus } from '../db/models';
import type { Config } from '../config';
import { hashPassword } from '../kernel/crypto';
import { conflict } from '../kernel/errors';
import { crossTenantStatement, select } from '../db/statements';
import { cachedSession } from './session-cache';
import type { ServiceContext } from '../scope';

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
  const existing = await ctx.db.User.findOne({ where: { email }, attributes: ['id'], transaction });
  if (existing) throw emailTaken();
  const user = await ctx.db.User.create(
    { email, password_hash: await hashPassword(ctx.config.passwordHashing, input.password) },
    { transaction },
  ).catch((error: unknown) => {
    // Two sign-ups for the same address at once: the unique index decides.
    throw error instanceof UniqueConstraintError ? emailTaken() : error;
  });
  const profile = await ctx.db.Profile.create(
    { id: user.id, ...splitFullName(input.fullName ?? ''), title: input.title ?? null },
    { transaction },
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
}

interface ActorRow {
  user: Record<string, unknown>;
  /** The session (refresh-token family): when it ends and who impersonates in it; null when it is not live. */
  session: { expires_at: string; impersonator_user_id: string | null; impersonation_reason: string | null } | null;
  global_roles: string[];
  memberships: Array<{
    role: string;
    status: MembershipStatus;
    tenant: Record<string, unknown>;
    role_types: TenantRoleTypeRow[];
  }>;
}

interface TenantRoleTypeRow {
  role_key: string;
  role_label: string;
  role_color: RoleType['role_color'];
  kind: RoleKind;
}

/*
 * One statement for the hot path of every authenticated request: the user, until when the session
 * (refresh-token family) is live, global roles, and every membership (across tenants, by design)
 * with its tenant and that tenant's role types in order.
 */
const SESSION_ACTOR = crossTenantStatement(
  'users.session-actor',
  'a person belongs to several workspaces: their session carries every membership',
  `
  SELECT row_to_json(u) AS user,
    (SELECT json_build_object('expires_at', f.expires_at, 'impersonator_user_id', f.impersonator_user_id,
                              'impersonation_reason', f.impersonation_reason)
     FROM refresh_token_families f
     WHERE f.id = $2 AND f.user_id = u.id AND f.revoked_at IS NULL AND f.expires_at > now()) AS session,
    COALESCE((SELECT json_agg(g.role) FROM user_global_roles g WHERE g.user_id = u.id), '[]') AS global_roles,
    COALESCE((
      SELECT json_agg(json_build_object(
        'role', m.role, 'status', m.status, 'tenant', row_to_json(t),
        'role_types', COALESCE((SELECT json_agg(json_build_object('role_key', r.role_key, 'role_label', r.role_label, 'role_color', r.role_color, 'kind', r.kind)
                                ORDER BY r.sort_order, r.role_key)
                       FROM tenant_role_types r WHERE r.tenant_id = m.tenant_id), '[]')
      ) ORDER BY m.created_at)
      FROM memberships m JOIN tenants t ON t.id = m.tenant_id
      WHERE m.user_id = u.id), '[]') AS memberships
  FROM users u WHERE u.id = $1`,
);

/** A tenant's date columns, which the statement's JSON carries as strings. */
const TENANT_DATES = [
  'created_at',
  'updated_at',
  'plan_ends_at',
  'trial_ends_at',
  'grace_ends_at',
  'billing_starts_at',
];

function withDates<T extends Record<string, unknown>>(row: T, fields: string[]): T {
  const copy: Record<string, unknown> = { ...row };
  for (const f of fields) if (typeof copy[f] === 'string') copy[f] = new Date(copy[f] as string);
  return copy as T;
}

function toActor(ctx: Pick<ServiceContext, 'db'>, row: ActorRow): Actor {
  const user = ctx.db.User.build(withDates(row.user, ['last_sign_in_at', 'created_at', 'updated_at']) as never, {
    isNewRecord: false,
    raw: true,
  });
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
    memberships: row.memberships.map((m) => {
      const tenant = ctx.db.Tenant.build(withDates(m.tenant, TENANT_DATES) as never, {
        isNewRecord: false,
        raw: true,
      });
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
  const { sequelize } = ctx;
  const row = await cachedSession(sequelize, userId, familyId, async () => {
    const [found] = await select<ActorRow>({ sequelize }, SESSION_ACTOR, [userId, familyId]);
    if (!found?.session) return null;
    return { value: found, expiresAt: new Date(found.session.expires_at).getTime() };
  });
  return row ? toActor(ctx, row) : null;
}
