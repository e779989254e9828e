import type { BillingCycle, BillingStatus, TenantTier } from '@portico/common';
import { Op, type CreationAttributes, type Order, type Transaction, type WhereOptions } from 'sequelize';
import type {
  BillingEvent,
  BillingInvoice,
  BillingNoticeKind,
  BillingSubscription,
  SubscriptionPurpose,
  Tenant,
} from '../db/models';
import { crossTenantStatement, select } from '../db/statements';
import type { ServiceContext } from '../scope';

/*
 * Billing's data access: every read and write of the workspaces' billing fields, their Stripe
 * subscriptions, invoices, notices and events, and the operator's revenue. What a status means, what
 * is live, what is due: the services decide, and pass it in.
 */

type Db = Pick<ServiceContext, 'db'>;
type Sql = Pick<ServiceContext, 'sequelize'>;

/* ---------- workspaces ---------- */

/** The workspace, or null. */
export async function findTenant(ctx: Db, tenantId: string, transaction?: Transaction): Promise<Tenant | null> {
  return ctx.db.Tenant.findByPk(tenantId, { transaction });
}

/** The workspace locked for the rest of the transaction, or null. */
export async function lockTenant(ctx: Db, tenantId: string, transaction: Transaction): Promise<Tenant | null> {
  return ctx.db.Tenant.findByPk(tenantId, { transaction, lock: transaction.LOCK.UPDATE });
}

/** The workspace whose Stripe customer this is, locked; null when none has it. */
export async function lockTenantOfCustomer(
  ctx: Db,
  customerId: string,
  transaction: Transaction,
): Promise<Tenant | null> {
  return ctx.db.Tenant.findOne({
    where: { stripe_customer_id: customerId },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
}

/** Gives the workspace its Stripe customer unless it has one already (two requests racing keep the first). */
export async function setStripeCustomerIfNone(ctx: Db, tenantId: string, customerId: string): Promise<void> {
  await ctx.db.Tenant.update(
    { stripe_customer_id: customerId },
    { where: { id: tenantId, stripe_customer_id: { [Op.is]: null } } },
  );
}

/** Workspaces billed as usual (not suspended, billing not bypassed) that match `where`. */
async function findBilledTenants(ctx: Db, where: WhereOptions<Tenant>): Promise<Tenant[]> {
  return ctx.db.Tenant.findAll({ where: { ...where, status: { [Op.ne]: 'suspended' }, bypass_billing: false } });
}

const between = (after: Date, until: Date) => ({ [Op.gt]: after, [Op.lte]: until });

/** Billed workspaces trialing whose trial ends after `after`, until `until`. */
export async function findTenantsWithTrialEnding(ctx: Db, after: Date, until: Date): Promise<Tenant[]> {
  return findBilledTenants(ctx, { billing_status: 'trialing', trial_ends_at: between(after, until) });
}

/** Billed workspaces past due whose grace period ends after `after`, until `until`. */
export async function findTenantsWithGraceEnding(ctx: Db, after: Date, until: Date): Promise<Tenant[]> {
  return findBilledTenants(ctx, { billing_status: 'past_due', grace_ends_at: between(after, until) });
}

/** Billed workspaces in none of `planStatuses` whose billing starts after `after`, until `until`. */
export async function findTenantsWithBillingStarting(
  ctx: Db,
  planStatuses: readonly BillingStatus[],
  after: Date,
  until: Date,
): Promise<Tenant[]> {
  return findBilledTenants(ctx, {
    billing_status: { [Op.notIn]: planStatuses },
    billing_starts_at: between(after, until),
  });
}

/* ---------- subscriptions ---------- */

// Stripe's start dates are whole seconds: of two started in one, the later known is newer.
const NEWEST_FIRST: Order = [
  ['started_at', 'DESC NULLS LAST'],
  ['created_at', 'DESC'],
];

/** The workspace's subscriptions in one of `statuses`, newest first. */
export async function findSubscriptionsInStatuses(
  ctx: Db,
  tenantId: string,
  statuses: Iterable<string>,
  transaction?: Transaction,
): Promise<BillingSubscription[]> {
  return ctx.db.BillingSubscription.findAll({
    where: { tenant_id: tenantId, status: [...statuses] },
    order: NEWEST_FIRST,
    transaction,
  });
}

/** The Stripe ids of the workspace's subscriptions in one of `statuses`, in order. */
export async function findSubscriptionIdsInStatuses(
  ctx: Db,
  tenantId: string,
  statuses: Iterable<string>,
  transaction: Transaction,
): Promise<string[]> {
  const rows = await ctx.db.BillingSubscription.findAll({
    where: { tenant_id: tenantId, status: { [Op.in]: [...statuses] } },
    attributes: ['stripe_subscription_id'],
    order: [['stripe_subscription_id', 'ASC']],
    transaction,
  });
  return rows.map((r) => r.stripe_subscription_id);
}

/** Every plan subscription the workspace ever had, newest first. */
export async function findPlanSubscriptions(
  ctx: Db,
  tenantId: string,
  transaction: Transaction,
): Promise<BillingSubscription[]> {
  return ctx.db.BillingSubscription.findAll({
    where: { tenant_id: tenantId, purpose: 'plan' },
    order: NEWEST_FIRST,
    transaction,
  });
}

/** How many plan subscriptions the workspace ever had. */
export async function countPlanSubscriptions(ctx: Db, tenantId: string): Promise<number> {
  return ctx.db.BillingSubscription.count({ where: { tenant_id: tenantId, purpose: 'plan' } });
}

/** The stored subscription, or a new unsaved one made of `defaults`. */
export async function findOrBuildSubscription(
  ctx: Db,
  tenantId: string,
  subscriptionId: string,
  defaults: CreationAttributes<BillingSubscription>,
  transaction: Transaction,
): Promise<BillingSubscription> {
  const [row] = await ctx.db.BillingSubscription.findOrBuild({
    where: { tenant_id: tenantId, stripe_subscription_id: subscriptionId },
    defaults,
    transaction,
  });
  return row;
}

/* ---------- invoices, notices and Stripe's events ---------- */

/** The workspace's newest `limit` invoices. */
export async function findLatestInvoices(
  ctx: Db,
  tenantId: string,
  limit: number,
  transaction?: Transaction,
): Promise<BillingInvoice[]> {
  return ctx.db.BillingInvoice.findAll({
    where: { tenant_id: tenantId },
    order: [
      ['issued_at', 'DESC'],
      ['id', 'DESC'],
    ],
    limit,
    transaction,
  });
}

/** Stores the invoice with these values: made the first time, updated after. */
export async function storeInvoice(
  ctx: Db,
  tenantId: string,
  values: CreationAttributes<BillingInvoice>,
  transaction: Transaction,
): Promise<void> {
  const [row, created] = await ctx.db.BillingInvoice.findOrCreate({
    where: { tenant_id: tenantId, stripe_invoice_id: values.stripe_invoice_id },
    defaults: values,
    transaction,
  });
  if (!created) await row.update(values, { transaction });
}

/** Records a notice unless one of this kind and date was; answers whether this call recorded it. */
export async function insertBillingNoticeOnce(
  ctx: Db,
  tenantId: string,
  kind: BillingNoticeKind,
  dueAt: Date,
  sentAt: Date,
  transaction: Transaction,
): Promise<boolean> {
  const [, created] = await ctx.db.BillingNotice.findOrCreate({
    where: { tenant_id: tenantId, kind, due_at: dueAt },
    defaults: { tenant_id: tenantId, kind, due_at: dueAt, sent_at: sentAt },
    transaction,
  });
  return created;
}

/** The Stripe event stored under this id, or null. */
export async function findBillingEvent(ctx: Db, eventId: string): Promise<BillingEvent | null> {
  return ctx.db.BillingEvent.findByPk(eventId);
}

/** Stores a Stripe event (its id is the primary key: a second insert of one fails). */
export async function insertBillingEvent(
  ctx: Db,
  values: CreationAttributes<BillingEvent>,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.BillingEvent.create(values, { transaction });
}

/** Says why a stored Stripe event was not applied. */
export async function setBillingEventUnapplied(
  ctx: Db,
  eventId: string,
  reason: string,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.BillingEvent.update({ unapplied_reason: reason }, { where: { id: eventId }, transaction });
}

/** Files a stored Stripe event under the workspace it was applied to. */
export async function setBillingEventTenant(
  ctx: Db,
  eventId: string,
  tenantId: string,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.BillingEvent.update({ tenant_id: tenantId }, { where: { id: eventId }, transaction });
}

/* ---------- the operator's revenue ---------- */

/*
 * The operator's revenue (issue 28): read from the subscriptions and invoices stored from Stripe's
 * events, never from Stripe per view. Every statement reads across workspaces on purpose: it is
 * the console's view of the whole platform, for super admins only.
 */
const WHY = 'The platform console’s revenue adds up what every workspace pays; only super admins read it.';

/**
 * Monthly recurring revenue per currency, in cents: a subscription charges its cycle amount (every
 * item's unit × quantity) each cycle, a yearly one a twelfth of that each month (a row stored before cycles were is monthly).
 * Active and past-due subscriptions make the MRR; trialing ones what trials bring once they convert.
 * Rows without an amount or currency yet are left to REVENUE_UNPRICED.
 */
const REVENUE_MRR = crossTenantStatement(
  'revenue.mrr',
  WHY,
  `SELECT lower(s.currency) AS currency,
     round(coalesce(sum(s.cycle_amount_cents::numeric / CASE WHEN s.cycle = 'yearly' THEN 12 ELSE 1 END)
       FILTER (WHERE s.status IN ('active', 'past_due')), 0))::text AS mrr_cents,
     round(coalesce(sum(s.cycle_amount_cents::numeric / CASE WHEN s.cycle = 'yearly' THEN 12 ELSE 1 END)
       FILTER (WHERE s.status = 'trialing'), 0))::text AS trial_mrr_cents
   FROM billing_subscriptions s
   WHERE s.status IN ('active', 'past_due', 'trialing')
     AND s.cycle_amount_cents IS NOT NULL AND s.currency IS NOT NULL
   GROUP BY lower(s.currency)`,
);

/** Live subscriptions whose amount is not known yet (stored before amounts were): not in the MRR. */
const REVENUE_UNPRICED = crossTenantStatement(
  'revenue.unpriced',
  WHY,
  `SELECT count(*)::int AS unpriced
   FROM billing_subscriptions s
   WHERE s.status IN ('active', 'past_due', 'trialing')
     AND (s.cycle_amount_cents IS NULL OR s.currency IS NULL)`,
);

/** How many workspaces are in each billing status. */
const REVENUE_STATUS_COUNTS = crossTenantStatement(
  'revenue.status-counts',
  WHY,
  `SELECT t.billing_status, count(*)::int AS workspaces FROM tenants t GROUP BY t.billing_status`,
);

/** Live subscriptions not set to end that renew (or leave their trial) from $1 until $2, soonest first. */
const REVENUE_RENEWALS = crossTenantStatement(
  'revenue.renewals',
  WHY,
  `SELECT s.stripe_subscription_id AS subscription_id, s.tenant_id, t.name AS tenant_name, s.purpose, s.plan,
     coalesce(s.cycle, 'monthly') AS cycle, s.status, s.quantity,
     s.cycle_amount_cents AS amount_cents, lower(s.currency) AS currency,
     s.current_period_end AS renews_at
   FROM billing_subscriptions s
   JOIN tenants t ON t.id = s.tenant_id
   WHERE s.status IN ('active', 'past_due', 'trialing') AND NOT s.cancel_at_period_end
     AND s.current_period_end >= $1 AND s.current_period_end < $2
   ORDER BY s.current_period_end, s.stripe_subscription_id
   LIMIT 100`,
);

/** Invoices Stripe could not collect (open or uncollectible) issued since $1, newest first, with their workspace's state. */
const REVENUE_FAILED_PAYMENTS = crossTenantStatement(
  'revenue.failed-payments',
  WHY,
  `SELECT i.stripe_invoice_id AS invoice_id, i.tenant_id, t.name AS tenant_name, t.billing_status, t.grace_ends_at,
     i.amount_cents, lower(i.currency) AS currency, i.status, i.issued_at, i.hosted_invoice_url
   FROM billing_invoices i
   JOIN tenants t ON t.id = i.tenant_id
   WHERE i.status IN ('open', 'uncollectible') AND i.issued_at >= $1
   ORDER BY i.issued_at DESC, i.id
   LIMIT 100`,
);

export interface Renewal {
  subscription_id: string;
  tenant_id: string;
  tenant_name: string;
  purpose: SubscriptionPurpose;
  plan: TenantTier | null;
  cycle: BillingCycle;
  status: string;
  quantity: number;
  amount_cents: number | null;
  currency: string | null;
  renews_at: Date;
}

export interface FailedPayment {
  invoice_id: string;
  tenant_id: string;
  tenant_name: string;
  billing_status: BillingStatus;
  grace_ends_at: Date | null;
  amount_cents: number;
  currency: string;
  status: 'open' | 'uncollectible';
  issued_at: Date;
  hosted_invoice_url: string | null;
}

/** The MRR and what trials would bring, per currency, in cents as text (sums of cents can outgrow an int). */
export async function sumMonthlyRevenue(
  ctx: Sql,
  transaction?: Transaction,
): Promise<{ currency: string; mrr_cents: string; trial_mrr_cents: string }[]> {
  return select(ctx, REVENUE_MRR, [], transaction);
}

/** How many live subscriptions have no amount or currency yet. */
export async function countUnpricedSubscriptions(ctx: Sql, transaction?: Transaction): Promise<number> {
  const [row] = await select<{ unpriced: number }>(ctx, REVENUE_UNPRICED, [], transaction);
  return row?.unpriced ?? 0;
}

/** How many workspaces are in each billing status (statuses no workspace is in are absent). */
export async function countWorkspacesByBillingStatus(
  ctx: Sql,
  transaction?: Transaction,
): Promise<{ billing_status: BillingStatus; workspaces: number }[]> {
  return select(ctx, REVENUE_STATUS_COUNTS, [], transaction);
}

/** The first 100 live subscriptions not set to end that renew from `from` until `until`. */
export async function findRenewals(ctx: Sql, from: Date, until: Date, transaction?: Transaction): Promise<Renewal[]> {
  return select(ctx, REVENUE_RENEWALS, [from, until], transaction);
}

/** The newest 100 invoices Stripe could not collect, issued since `since`. */
export async function findFailedPayments(ctx: Sql, since: Date, transaction?: Transaction): Promise<FailedPayment[]> {
  return select(ctx, REVENUE_FAILED_PAYMENTS, [since], transaction);
}
