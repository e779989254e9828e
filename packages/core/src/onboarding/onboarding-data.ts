import { Op, type CreationAttributes, type Transaction } from 'sequelize';
import type {
  BillingSubscription,
  Membership,
  OnboardingEvent,
  OnboardingState,
  TenantDomain,
  TenantSlackWebhook,
  User,
} from '../db/models';
import type { ServiceContext } from '../scope';

/*
 * Onboarding's data access: the owners' onboarding states and events, and the first rows of the
 * workspace provisioning makes (membership, subscription, Slack, custom domain). Whether a step may
 * run, and what it writes, the services decide.
 */

type Db = Pick<ServiceContext, 'db'>;

/* ---------- the state ---------- */

/** The person's onboarding state, or null when they never started one. */
export async function findOnboarding(
  ctx: Pick<ServiceContext, 'db' | 'transaction'>,
  userId: string,
): Promise<OnboardingState | null> {
  return ctx.db.OnboardingState.findOne({ where: { user_id: userId }, transaction: ctx.transaction });
}

/** The person's onboarding state locked for the rest of the transaction, or null. */
export async function lockOnboardingOfUser(
  ctx: Db,
  userId: string,
  transaction: Transaction,
): Promise<OnboardingState | null> {
  return ctx.db.OnboardingState.findOne({ where: { user_id: userId }, transaction, lock: transaction.LOCK.UPDATE });
}

/** The onboarding state locked for the rest of the transaction, or null. */
export async function lockOnboarding(
  ctx: Db,
  onboardingId: string,
  transaction: Transaction,
): Promise<OnboardingState | null> {
  return ctx.db.OnboardingState.findByPk(onboardingId, { transaction, lock: transaction.LOCK.UPDATE });
}

export async function insertOnboardingState(
  ctx: Db,
  values: CreationAttributes<OnboardingState>,
  transaction: Transaction,
): Promise<OnboardingState> {
  return ctx.db.OnboardingState.create(values, { transaction });
}

/** Keeps the signup's Stripe customer and its latest Checkout session. */
export async function setOnboardingCheckout(
  ctx: Db,
  onboardingId: string,
  values: { stripe_customer_id: string; checkout_session_id: string },
  transaction: Transaction,
): Promise<void> {
  await ctx.db.OnboardingState.update(values, { where: { id: onboardingId }, transaction });
}

/** The account, or null. */
export async function findUser(ctx: Db, userId: string, transaction: Transaction): Promise<User | null> {
  return ctx.db.User.findByPk(userId, { transaction });
}

/* ---------- the events ---------- */

export type OnboardingAction =
  | 'start'
  | 'plan'
  | 'checkout'
  | 'verify'
  | 'branding'
  | 'capabilities'
  | 'provision_queued'
  | 'provisioned'
  | 'failed';

/** Writes one onboarding event, in the caller's transaction when there is one. */
export async function recordOnboardingEvent(
  ctx: Db,
  input: {
    userId: string | null;
    action: OnboardingAction;
    tenantId?: string | null;
    error?: string | null;
    context?: Record<string, unknown>;
  },
  transaction?: Transaction,
): Promise<void> {
  await ctx.db.OnboardingEvent.create(
    {
      user_id: input.userId,
      action: input.action,
      tenant_id: input.tenantId ?? null,
      error: input.error ?? null,
      context: input.context ?? {},
    },
    { transaction },
  );
}

export interface OnboardingEventFilters {
  action?: string;
  userId?: string;
  failed?: boolean;
}

/** The newest `limit` events that match the filters (failed: those with an error, or without). */
export async function findOnboardingEvents(
  ctx: Db,
  filters: OnboardingEventFilters,
  limit: number,
  transaction?: Transaction,
): Promise<OnboardingEvent[]> {
  const where = {
    ...(filters.action && { action: filters.action }),
    ...(filters.userId && { user_id: filters.userId }),
    ...(filters.failed !== undefined && { error: filters.failed ? { [Op.ne]: null } : { [Op.is]: null } }),
  };
  return ctx.db.OnboardingEvent.findAll({
    where,
    order: [
      ['created_at', 'DESC'],
      ['id', 'DESC'],
    ],
    limit,
    transaction,
  });
}

/* ---------- the new workspace's first rows ---------- */

export async function insertMembership(
  ctx: Db,
  tenantId: string,
  values: Omit<CreationAttributes<Membership>, 'tenant_id'>,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.Membership.create({ tenant_id: tenantId, ...values }, { transaction });
}

export async function insertBillingSubscription(
  ctx: Db,
  tenantId: string,
  values: Omit<CreationAttributes<BillingSubscription>, 'tenant_id'>,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.BillingSubscription.create({ tenant_id: tenantId, ...values }, { transaction });
}

export async function insertSlackWebhook(
  ctx: Db,
  tenantId: string,
  values: Omit<CreationAttributes<TenantSlackWebhook>, 'tenant_id'>,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.TenantSlackWebhook.create({ tenant_id: tenantId, ...values }, { transaction });
}

export async function insertTenantDomain(
  ctx: Db,
  tenantId: string,
  values: Omit<CreationAttributes<TenantDomain>, 'tenant_id'>,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.TenantDomain.create({ tenant_id: tenantId, ...values }, { transaction });
}
