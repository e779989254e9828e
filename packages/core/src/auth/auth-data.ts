import type { MagicLinkSetting, RoleKind, RoleType } from '@portico/common';
import { Op, type CreationAttributes, type Transaction } from 'sequelize';
import type {
  EmailVerification,
  MagicLink,
  MembershipStatus,
  PasswordResetToken,
  Profile,
  RefreshToken,
  RefreshTokenFamily,
  Tenant,
  TwoFactorChallenge,
  TwoFactorChallengePurpose,
  User,
  UserTwoFactor,
} from '../db/models';
import { crossTenantStatement, execute, select } from '../db/statements';
import type { ServiceContext } from '../scope';

/*
 * Every read and write of the auth domain: accounts and profiles, sessions (refresh-token families
 * and their tokens), password reset links, two-factor secrets, recovery codes and challenges, and
 * the statement a request's session is built from. No rule lives here: what is missing is null, and
 * the services decide what that means. Writes stay model calls, so the session cache's hooks see them.
 */

type Data = Pick<ServiceContext, 'db'>;

// Accounts and profiles

/** The account with this address (expected lowercased). */
export function findUserByEmail(ctx: Data, email: string, transaction?: Transaction): Promise<User | null> {
  return ctx.db.User.findOne({ where: { email }, transaction });
}

/** The id of the account with this address (expected lowercased). */
export async function findUserIdByEmail(ctx: Data, email: string, transaction?: Transaction): Promise<string | null> {
  const row = await ctx.db.User.findOne({ where: { email }, attributes: ['id'], transaction });
  return row?.id ?? null;
}

export function findUser(ctx: Data, userId: string, transaction?: Transaction): Promise<User | null> {
  return ctx.db.User.findByPk(userId, { transaction });
}

/** The account's row, locked until `transaction` ends. */
export function lockUser(ctx: Data, userId: string, transaction: Transaction): Promise<User | null> {
  return ctx.db.User.findByPk(userId, { transaction, lock: transaction.LOCK.UPDATE });
}

/** Locks the account's row without reading it: whoever else locks it waits for `transaction`. */
export async function lockUserRow(ctx: Data, userId: string, transaction: Transaction): Promise<void> {
  await ctx.db.User.findByPk(userId, { attributes: ['id'], transaction, lock: transaction.LOCK.UPDATE });
}

export async function findPasswordHash(ctx: Data, userId: string, transaction?: Transaction): Promise<string | null> {
  const user = await ctx.db.User.findByPk(userId, { attributes: ['id', 'password_hash'], transaction });
  return user?.password_hash ?? null;
}

export function insertUser(ctx: Data, fields: CreationAttributes<User>, transaction: Transaction): Promise<User> {
  return ctx.db.User.create(fields, { transaction });
}

export async function updatePasswordHash(
  ctx: Data,
  userId: string,
  passwordHash: string,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.User.update({ password_hash: passwordHash }, { where: { id: userId }, transaction });
}

export async function saveLastSignIn(user: User, at: Date, transaction?: Transaction): Promise<void> {
  user.last_sign_in_at = at;
  await user.save({ transaction });
}

export function findProfile(ctx: Data, userId: string, transaction?: Transaction): Promise<Profile | null> {
  return ctx.db.Profile.findByPk(userId, { transaction });
}

export function insertProfile(
  ctx: Data,
  fields: CreationAttributes<Profile>,
  transaction: Transaction,
): Promise<Profile> {
  return ctx.db.Profile.create(fields, { transaction });
}

/** Writes `changes` to the person's profile, created first when they have none, under a row lock. */
export async function upsertProfile(
  ctx: Data,
  userId: string,
  changes: Partial<CreationAttributes<Profile>>,
  transaction: Transaction,
): Promise<Profile> {
  const [row] = await ctx.db.Profile.findOrCreate({
    where: { id: userId },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  return row.update(changes, { transaction });
}

// Sessions: a refresh-token family per session, its tokens rotating within it

export function insertRefreshTokenFamily(
  ctx: Data,
  fields: CreationAttributes<RefreshTokenFamily>,
  transaction?: Transaction,
): Promise<RefreshTokenFamily> {
  return ctx.db.RefreshTokenFamily.create(fields, { transaction });
}

export async function insertRefreshToken(
  ctx: Data,
  familyId: string,
  tokenHash: string,
  transaction?: Transaction,
): Promise<void> {
  await ctx.db.RefreshToken.create({ family_id: familyId, token_hash: tokenHash }, { transaction });
}

interface Revocation {
  at: Date;
  reason: string;
}

/** Revokes the family unless it already was. */
export async function setFamilyRevoked(
  ctx: Data,
  familyId: string,
  revocation: Revocation,
  transaction?: Transaction,
): Promise<void> {
  await ctx.db.RefreshTokenFamily.update(
    { revoked_at: revocation.at, revoked_reason: revocation.reason },
    { where: { id: familyId, revoked_at: null }, transaction },
  );
}

/** Revokes every family of the user not yet revoked, but `exceptFamilyId`. */
export async function setUserFamiliesRevoked(
  ctx: Data,
  userId: string,
  revocation: Revocation,
  exceptFamilyId?: string,
  transaction?: Transaction,
): Promise<void> {
  await ctx.db.RefreshTokenFamily.update(
    { revoked_at: revocation.at, revoked_reason: revocation.reason },
    {
      where: { user_id: userId, revoked_at: null, ...(exceptFamilyId ? { id: { [Op.ne]: exceptFamilyId } } : {}) },
      transaction,
    },
  );
}

/** The refresh token with this hash and its family (`token.family`), the token's row locked. */
export function lockRefreshTokenWithFamily(
  ctx: Data,
  tokenHash: string,
  transaction: Transaction,
): Promise<RefreshToken | null> {
  return ctx.db.RefreshToken.findOne({
    where: { token_hash: tokenHash },
    include: [{ model: ctx.db.RefreshTokenFamily, as: 'family', required: true }],
    lock: { level: transaction.LOCK.UPDATE, of: ctx.db.RefreshToken },
    transaction,
  });
}

export async function saveRefreshTokenRotated(token: RefreshToken, at: Date, transaction: Transaction): Promise<void> {
  token.rotated_at = at;
  await token.save({ transaction });
}

export async function findFamilyIdOfRefreshToken(ctx: Data, tokenHash: string): Promise<string | null> {
  const token = await ctx.db.RefreshToken.findOne({ where: { token_hash: tokenHash }, attributes: ['family_id'] });
  return token?.family_id ?? null;
}

// Password reset links

export async function insertPasswordResetToken(
  ctx: Data,
  fields: CreationAttributes<PasswordResetToken>,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.PasswordResetToken.create(fields, { transaction });
}

export function lockPasswordResetToken(
  ctx: Data,
  tokenHash: string,
  transaction: Transaction,
): Promise<PasswordResetToken | null> {
  return ctx.db.PasswordResetToken.findOne({
    where: { token_hash: tokenHash },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
}

export async function savePasswordResetTokenUsed(
  row: PasswordResetToken,
  at: Date,
  transaction: Transaction,
): Promise<void> {
  row.used_at = at;
  await row.save({ transaction });
}

/** Marks every reset link of the user not used yet as used. */
export async function setOpenPasswordResetTokensUsed(
  ctx: Data,
  userId: string,
  at: Date,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.PasswordResetToken.update({ used_at: at }, { where: { user_id: userId, used_at: null }, transaction });
}

// Sign-in links

export async function insertMagicLink(
  ctx: Data,
  fields: CreationAttributes<MagicLink>,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.MagicLink.create(fields, { transaction });
}

export function lockMagicLink(ctx: Data, tokenHash: string, transaction: Transaction): Promise<MagicLink | null> {
  return ctx.db.MagicLink.findOne({ where: { token_hash: tokenHash }, transaction, lock: transaction.LOCK.UPDATE });
}

/** The person's links that can still be used at `now` (not used, not expired, not out of code tries), locked. */
export function lockLiveMagicLinks(
  ctx: Data,
  userId: string,
  now: Date,
  maxWrongCodes: number,
  transaction: Transaction,
): Promise<MagicLink[]> {
  return ctx.db.MagicLink.findAll({
    where: { user_id: userId, used_at: null, expires_at: { [Op.gt]: now }, wrong_codes: { [Op.lt]: maxWrongCodes } },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
}

/** Marks every link of the person not used yet as used: one sign-in spends them all. */
export async function setOpenMagicLinksUsed(
  ctx: Data,
  userId: string,
  at: Date,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.MagicLink.update({ used_at: at }, { where: { user_id: userId, used_at: null }, transaction });
}

/** Counts a wrong code against each of these links. */
export async function addWrongMagicCode(ctx: Data, ids: string[], transaction: Transaction): Promise<void> {
  await ctx.db.MagicLink.increment('wrong_codes', { where: { id: ids }, transaction });
}

const MAGIC_LINK_MEMBERSHIPS = crossTenantStatement(
  'auth.magicLinkMemberships',
  'whether an account may sign in by link depends on each workspace it belongs to',
  `SELECT m.role, t.magic_links,
    (SELECT r.kind FROM tenant_role_types r WHERE r.tenant_id = m.tenant_id AND r.role_key = m.role) AS kind,
    ARRAY(SELECT g.role FROM user_global_roles g WHERE g.user_id = m.user_id) AS global_roles
  FROM memberships m JOIN tenants t ON t.id = m.tenant_id
  WHERE m.user_id = $1 AND m.status = 'active'`,
);

export interface MagicLinkMembershipRow {
  role: string;
  magic_links: MagicLinkSetting;
  kind: RoleKind | null;
  global_roles: string[];
}

/** The person's active memberships with each workspace's magic-link setting and the role's kind there. */
export function selectMagicLinkMemberships(
  ctx: Pick<ServiceContext, 'sequelize' | 'transaction'>,
  userId: string,
): Promise<MagicLinkMembershipRow[]> {
  return select<MagicLinkMembershipRow>(ctx, MAGIC_LINK_MEMBERSHIPS, [userId]);
}

// Email verification links

export async function insertEmailVerification(
  ctx: Data,
  fields: CreationAttributes<EmailVerification>,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.EmailVerification.create(fields, { transaction });
}

export function lockEmailVerification(
  ctx: Data,
  tokenHash: string,
  transaction: Transaction,
): Promise<EmailVerification | null> {
  return ctx.db.EmailVerification.findOne({
    where: { token_hash: tokenHash },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
}

/** Marks every verification link of the person not used yet as used. */
export async function setOpenEmailVerificationsUsed(
  ctx: Data,
  userId: string,
  at: Date,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.EmailVerification.update({ used_at: at }, { where: { user_id: userId, used_at: null }, transaction });
}

export async function saveUserEmailState(
  user: User,
  fields: Partial<Pick<User, 'email' | 'email_verified_at' | 'pending_email'>>,
  transaction: Transaction,
): Promise<void> {
  await user.update(fields, { transaction });
}

// Two-factor sign-in

/** When the person's 2FA was turned on; null when it is off or only being set up. */
export async function findTwoFactorEnabledAt(
  ctx: Data,
  userId: string,
  transaction?: Transaction,
): Promise<Date | null> {
  const row = await ctx.db.UserTwoFactor.findByPk(userId, { attributes: ['enabled_at'], transaction });
  return row?.enabled_at ?? null;
}

/** The person's 2FA row, locked until `transaction` ends. */
export function lockTwoFactor(ctx: Data, userId: string, transaction: Transaction): Promise<UserTwoFactor | null> {
  return ctx.db.UserTwoFactor.findByPk(userId, { transaction, lock: transaction.LOCK.UPDATE });
}

export async function insertTwoFactor(
  ctx: Data,
  userId: string,
  secretEncrypted: string,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.UserTwoFactor.create({ user_id: userId, secret_encrypted: secretEncrypted }, { transaction });
}

export async function updateTwoFactor(
  row: UserTwoFactor,
  changes: Partial<Pick<UserTwoFactor, 'secret_encrypted' | 'last_used_step' | 'enabled_at'>>,
  transaction: Transaction,
): Promise<void> {
  await row.update(changes, { transaction });
}

export async function deleteTwoFactor(row: UserTwoFactor, transaction: Transaction): Promise<void> {
  await row.destroy({ transaction });
}

export function countUnusedRecoveryCodes(ctx: Data, userId: string, transaction?: Transaction): Promise<number> {
  return ctx.db.TwoFactorRecoveryCode.count({ where: { user_id: userId, used_at: null }, transaction });
}

export async function deleteRecoveryCodes(ctx: Data, userId: string, transaction: Transaction): Promise<void> {
  await ctx.db.TwoFactorRecoveryCode.destroy({ where: { user_id: userId }, transaction });
}

export async function insertRecoveryCodes(
  ctx: Data,
  userId: string,
  codeHashes: string[],
  transaction: Transaction,
): Promise<void> {
  await ctx.db.TwoFactorRecoveryCode.bulkCreate(
    codeHashes.map((code_hash) => ({ user_id: userId, code_hash })),
    { transaction },
  );
}

/** Marks the user's unused recovery code with this hash used; answers how many were (0 or 1). */
export async function spendRecoveryCode(
  ctx: Data,
  userId: string,
  codeHash: string,
  at: Date,
  transaction: Transaction,
): Promise<number> {
  const [spent] = await ctx.db.TwoFactorRecoveryCode.update(
    { used_at: at },
    { where: { user_id: userId, code_hash: codeHash, used_at: null }, transaction },
  );
  return spent;
}

/** Deletes the user's challenges that expired by `now` or were used. */
export async function deleteEndedTwoFactorChallenges(
  ctx: Data,
  userId: string,
  now: Date,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.TwoFactorChallenge.destroy({
    where: { user_id: userId, [Op.or]: [{ expires_at: { [Op.lte]: now } }, { used_at: { [Op.ne]: null } }] },
    transaction,
  });
}

export async function insertTwoFactorChallenge(
  ctx: Data,
  fields: CreationAttributes<TwoFactorChallenge>,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.TwoFactorChallenge.create(fields, { transaction });
}

/** The unused challenge of `purpose` with this hash that is live at `now`; locked when in a transaction. */
export function findLiveTwoFactorChallenge(
  ctx: Data,
  tokenHash: string,
  purpose: TwoFactorChallengePurpose,
  now: Date,
  transaction?: Transaction,
): Promise<TwoFactorChallenge | null> {
  return ctx.db.TwoFactorChallenge.findOne({
    where: { token_hash: tokenHash, purpose, used_at: null, expires_at: { [Op.gt]: now } },
    transaction,
    lock: transaction?.LOCK.UPDATE,
  });
}

export async function saveTwoFactorChallengeUsed(
  challenge: TwoFactorChallenge,
  at: Date,
  transaction: Transaction,
): Promise<void> {
  await challenge.update({ used_at: at }, { transaction });
}

// The session a request is built from

export interface SessionActorRow {
  user: Record<string, unknown>;
  /** The session (refresh-token family): when it ends, who impersonates in it, whose SSO made it; null when it is not live. */
  session: {
    expires_at: string;
    impersonator_user_id: string | null;
    impersonation_reason: string | null;
    sso_tenant_id: string | null;
  } | null;
  global_roles: string[];
  memberships: Array<{
    role: string;
    status: MembershipStatus;
    tenant: Record<string, unknown>;
    role_types: TenantRoleTypeRow[];
    /** The workspace's single sign-on is on and required for its team. */
    sso_required: boolean;
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
                              'impersonation_reason', f.impersonation_reason, 'sso_tenant_id', f.sso_tenant_id)
     FROM refresh_token_families f
     WHERE f.id = $2 AND f.user_id = u.id AND f.revoked_at IS NULL AND f.expires_at > now()) AS session,
    COALESCE((SELECT json_agg(g.role) FROM user_global_roles g WHERE g.user_id = u.id), '[]') AS global_roles,
    COALESCE((
      SELECT json_agg(json_build_object(
        'role', m.role, 'status', m.status, 'tenant', row_to_json(t),
        'role_types', COALESCE((SELECT json_agg(json_build_object('role_key', r.role_key, 'role_label', r.role_label, 'role_color', r.role_color, 'kind', r.kind)
                                ORDER BY r.sort_order, r.role_key)
                       FROM tenant_role_types r WHERE r.tenant_id = m.tenant_id), '[]'),
        'sso_required', EXISTS (SELECT 1 FROM tenant_sso s
                                WHERE s.tenant_id = m.tenant_id AND s.enabled AND s.required_for_team)
      ) ORDER BY m.created_at)
      FROM memberships m JOIN tenants t ON t.id = m.tenant_id
      WHERE m.user_id = u.id), '[]') AS memberships
  FROM users u WHERE u.id = $1`,
);

/** The user behind a session with the session's liveness, roles and memberships; null when the user is gone. */
export async function selectSessionActor(
  ctx: Pick<ServiceContext, 'sequelize'>,
  userId: string,
  familyId: string,
): Promise<SessionActorRow | null> {
  // Outside any request's transaction: the row is cached and served to other requests.
  const [found] = await select<SessionActorRow>({ sequelize: ctx.sequelize }, SESSION_ACTOR, [userId, familyId]);
  return found ?? null;
}

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

/** The stored user a session row carries, as a model (not a new record). */
export function userFromSessionRow(ctx: Data, json: Record<string, unknown>): User {
  return ctx.db.User.build(
    withDates(json, ['last_sign_in_at', 'email_verified_at', 'created_at', 'updated_at']) as never,
    {
      isNewRecord: false,
      raw: true,
    },
  );
}

/** A stored tenant a session row carries, as a model (not a new record). */
export function tenantFromSessionRow(ctx: Data, json: Record<string, unknown>): Tenant {
  return ctx.db.Tenant.build(withDates(json, TENANT_DATES) as never, { isNewRecord: false, raw: true });
}

// Provider identities (user_identities: no tenant, a person's own)

export interface IdentityRow {
  id: string;
  user_id: string;
  provider: string;
  subject: string;
}

const WHY_IDENTITY = 'a provider identity is a person’s, and opens every workspace they belong to';

const FIND_IDENTITY = crossTenantStatement(
  'auth.identity-by-subject',
  WHY_IDENTITY,
  `SELECT id, user_id, provider, subject FROM user_identities WHERE provider = $1 AND subject = $2`,
);

const INSERT_IDENTITY = crossTenantStatement(
  'auth.identity-insert',
  WHY_IDENTITY,
  `INSERT INTO user_identities (user_id, provider, subject, email, email_verified, created_at, last_used_at)
   VALUES ($1, $2, $3, $4, $5, $6, $6)
   ON CONFLICT (provider, subject) DO NOTHING`,
);

const TOUCH_IDENTITY = crossTenantStatement(
  'auth.identity-used',
  WHY_IDENTITY,
  `UPDATE user_identities SET last_used_at = $2, email = $3, email_verified = $4 WHERE id = $1`,
);

export async function findIdentity(
  ctx: Pick<ServiceContext, 'sequelize' | 'transaction'>,
  provider: string,
  subject: string,
): Promise<IdentityRow | null> {
  return (await select<IdentityRow>(ctx, FIND_IDENTITY, [provider, subject]))[0] ?? null;
}

/** Links the identity; answers false when the same provider account was linked meanwhile (its row stands). */
export async function insertIdentity(
  ctx: Pick<ServiceContext, 'sequelize' | 'transaction'>,
  row: { userId: string; provider: string; subject: string; email: string | null; emailVerified: boolean; at: Date },
): Promise<boolean> {
  const inserted = await execute(ctx, INSERT_IDENTITY, [
    row.userId,
    row.provider,
    row.subject,
    row.email,
    row.emailVerified,
    row.at,
  ]);
  return inserted > 0;
}

export async function touchIdentity(
  ctx: Pick<ServiceContext, 'sequelize' | 'transaction'>,
  id: string,
  seen: { email: string | null; emailVerified: boolean; at: Date },
): Promise<void> {
  await execute(ctx, TOUCH_IDENTITY, [id, seen.at, seen.email, seen.emailVerified]);
}

/** A linked identity as its owner sees it: never the subject. */
export interface OwnIdentityRow {
  id: string;
  provider: string;
  email: string | null;
  created_at: Date;
  last_used_at: Date | null;
}

const OWN_IDENTITIES = crossTenantStatement(
  'auth.identities-of-user',
  WHY_IDENTITY,
  `SELECT id, provider, email, created_at, last_used_at FROM user_identities
   WHERE user_id = $1 ORDER BY created_at, id`,
);

const DELETE_IDENTITY = crossTenantStatement(
  'auth.identity-delete',
  WHY_IDENTITY,
  `DELETE FROM user_identities WHERE id = $1 AND user_id = $2`,
);

export async function selectOwnIdentities(
  ctx: Pick<ServiceContext, 'sequelize' | 'transaction'>,
  userId: string,
): Promise<OwnIdentityRow[]> {
  return select<OwnIdentityRow>(ctx, OWN_IDENTITIES, [userId]);
}

export async function deleteOwnIdentity(
  ctx: Pick<ServiceContext, 'sequelize' | 'transaction'>,
  id: string,
  userId: string,
): Promise<void> {
  await execute(ctx, DELETE_IDENTITY, [id, userId]);
}
