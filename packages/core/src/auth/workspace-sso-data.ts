import { execute, select, tenantStatement } from '../db/statements';
import type { ServiceContext } from '../scope';

/*
 * The reads and writes of a workspace's single sign-on: its provider (`tenant_sso`) and which
 * person each account at that provider signs in (`tenant_sso_identities`). $1 is the tenant id.
 */

type Runner = Pick<ServiceContext, 'sequelize' | 'transaction'>;

export interface TenantSsoRow {
  tenant_id: string;
  tenant_name: string;
  tenant_tier: string;
  tenant_status: string;
  issuer: string;
  client_id: string;
  client_secret_encrypted: string;
  client_secret_last4: string;
  enabled: boolean;
  required_for_team: boolean;
}

const FIND_SSO = tenantStatement(
  'auth.sso',
  `SELECT s.tenant_id, t.name AS tenant_name, t.tier AS tenant_tier, t.status AS tenant_status, s.issuer,
          s.client_id, s.client_secret_encrypted, s.client_secret_last4, s.enabled, s.required_for_team
   FROM tenant_sso s JOIN tenants t ON t.id = s.tenant_id
   WHERE s.tenant_id = $1`,
);

const UPSERT_SSO = tenantStatement(
  'auth.sso-upsert',
  `INSERT INTO tenant_sso (tenant_id, issuer, client_id, client_secret_encrypted, client_secret_last4,
                           enabled, required_for_team, created_at, updated_at)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
   ON CONFLICT (tenant_id) DO UPDATE SET issuer = $2, client_id = $3, client_secret_encrypted = $4,
     client_secret_last4 = $5, enabled = $6, required_for_team = $7, updated_at = $8
   WHERE tenant_sso.tenant_id = $1`,
);

const DELETE_SSO = tenantStatement('auth.sso-delete', `DELETE FROM tenant_sso WHERE tenant_id = $1`);

const DELETE_SSO_IDENTITIES = tenantStatement(
  'auth.sso-identities-delete',
  `DELETE FROM tenant_sso_identities WHERE tenant_id = $1`,
);

const FIND_SSO_IDENTITY = tenantStatement(
  'auth.sso-identity',
  `SELECT user_id FROM tenant_sso_identities WHERE tenant_id = $1 AND subject = $2`,
);

const INSERT_SSO_IDENTITY = tenantStatement(
  'auth.sso-identity-insert',
  `INSERT INTO tenant_sso_identities (tenant_id, subject, user_id, email, created_at, last_used_at)
   SELECT $1, $2, $3, $4, $5, $5 FROM tenant_sso WHERE tenant_id = $1
   ON CONFLICT (tenant_id, subject) DO NOTHING`,
);

const TOUCH_SSO_IDENTITY = tenantStatement(
  'auth.sso-identity-used',
  `UPDATE tenant_sso_identities SET last_used_at = $3, email = $4 WHERE tenant_id = $1 AND subject = $2`,
);

const FIND_MEMBER_BY_EMAIL = tenantStatement(
  'auth.sso-member-by-email',
  `SELECT u.id AS user_id, (m.user_id IS NOT NULL) AS member
   FROM users u LEFT JOIN memberships m ON m.tenant_id = $1 AND m.user_id = u.id
   WHERE u.email = $2`,
);

const IS_MEMBER = tenantStatement(
  'auth.sso-is-member',
  `SELECT 1 AS member FROM memberships WHERE tenant_id = $1 AND user_id = $2`,
);

/** The workspace's single sign-on with its name, plan and status; null when it has none. */
export async function findTenantSso(ctx: Runner, tenantId: string): Promise<TenantSsoRow | null> {
  const [row] = await select<TenantSsoRow>(ctx, FIND_SSO, [tenantId]);
  return row ?? null;
}

export async function upsertTenantSso(
  ctx: Runner,
  tenantId: string,
  values: Omit<TenantSsoRow, 'tenant_id' | 'tenant_name' | 'tenant_tier' | 'tenant_status'>,
  at: Date,
): Promise<void> {
  await execute(ctx, UPSERT_SSO, [
    tenantId,
    values.issuer,
    values.client_id,
    values.client_secret_encrypted,
    values.client_secret_last4,
    values.enabled,
    values.required_for_team,
    at,
  ]);
}

/** Removes the workspace's single sign-on (its identities go with it); how many rows it removed. */
export function deleteTenantSso(ctx: Runner, tenantId: string): Promise<number> {
  return execute(ctx, DELETE_SSO, [tenantId]);
}

export async function deleteTenantSsoIdentities(ctx: Runner, tenantId: string): Promise<void> {
  await execute(ctx, DELETE_SSO_IDENTITIES, [tenantId]);
}

/** The person this account at the workspace's provider signs in, or null. */
export async function findTenantSsoIdentity(ctx: Runner, tenantId: string, subject: string): Promise<string | null> {
  const [row] = await select<{ user_id: string }>(ctx, FIND_SSO_IDENTITY, [tenantId, subject]);
  return row?.user_id ?? null;
}

export async function insertTenantSsoIdentity(
  ctx: Runner,
  tenantId: string,
  values: { subject: string; userId: string; email: string | null; at: Date },
): Promise<void> {
  await execute(ctx, INSERT_SSO_IDENTITY, [tenantId, values.subject, values.userId, values.email, values.at]);
}

export async function touchTenantSsoIdentity(
  ctx: Runner,
  tenantId: string,
  subject: string,
  values: { email: string | null; at: Date },
): Promise<void> {
  await execute(ctx, TOUCH_SSO_IDENTITY, [tenantId, subject, values.at, values.email]);
}

/** The account with this (lowercased) address and whether it is a member of the workspace; null for none. */
export async function findAccountForSso(
  ctx: Runner,
  tenantId: string,
  email: string,
): Promise<{ user_id: string; member: boolean } | null> {
  const [row] = await select<{ user_id: string; member: boolean }>(ctx, FIND_MEMBER_BY_EMAIL, [tenantId, email]);
  return row ?? null;
}

export async function isTenantMember(ctx: Runner, tenantId: string, userId: string): Promise<boolean> {
  return (await select(ctx, IS_MEMBER, [tenantId, userId])).length > 0;
}
