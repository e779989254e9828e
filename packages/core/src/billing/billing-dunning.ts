import type { Transaction } from 'sequelize';
import type { BillingStatus } from '@portico/common';
import type { Tenant, BillingNoticeKind } from '../db/models';
import { billingNoticeEmail, type BillingNoticeTopic } from '../mail/templates';
import { inTransaction, type PlatformActor, type ServiceContext } from '../scope';
import { audit, systemScope } from '../kernel/audit';
import { badRequest, conflict, DomainError, notFound } from '../kernel/errors';
import { emailTenantAdmins } from '../integrations';
import { getSettings } from '../settings';
import { tenantOrigin } from '../tenancy';
import {
  findTenantsWithBillingStarting,
  findTenantsWithGraceEnding,
  findTenantsWithTrialEnding,
  insertBillingNoticeOnce,
  lockTenant,
} from './billing-data';

/*
 * Dunning (issue 28): a failed payment starts a grace period (Super Settings, billing.graceDays);
 * once it ends, or when Stripe gave up (`unpaid`), or when the date the operator set for billing to
 * start passes without a plan, the workspace is read-only: its members sign in, read and download,
 * and every write is refused with 402 and a sentence naming the reason and the Billing page. Paying
 * clears it with the next Tenant save, which every process's session and workspace caches hear of.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
export const BILLING_PAGE = '/dashboard/admin/billing';

/** Statuses with a live plan subscription (Stripe still charges, or is retrying a failed payment). */
const LIVE_PLAN: readonly BillingStatus[] = ['active', 'trialing', 'past_due'];

/** How far ahead of the date it is about each reminder is sent. */
const REMINDER_LEAD_DAYS: Record<Exclude<BillingNoticeKind, 'grace_started'>, number> = {
  trial_ending: 3,
  grace_ending: 3,
  billing_starting: 7,
};

/** A date as the sentences and emails say it: "3 December 2026" (UTC, as the platform's dates are). */
export function billingDate(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}

type BillingFields = Pick<
  Tenant,
  'billing_status' | 'bypass_billing' | 'trial_ends_at' | 'grace_ends_at' | 'billing_starts_at'
>;

/** Why the workspace is read-only now (a sentence), or null when it is not. */
export function readOnlyReasonOf(tenant: BillingFields, now: Date): string | null {
  if (tenant.bypass_billing) return null;
  const restore = `An admin can pay on the Billing page (${BILLING_PAGE}) to restore it.`;
  if (tenant.billing_status === 'unpaid')
    return `This workspace is read-only because its subscription is unpaid. ${restore}`;
  if (tenant.billing_status === 'past_due' && tenant.grace_ends_at && tenant.grace_ends_at <= now)
    return `This workspace is read-only because its last payment failed and the grace period ended on ${billingDate(tenant.grace_ends_at)}. ${restore}`;
  if (tenant.billing_starts_at && tenant.billing_starts_at <= now && !LIVE_PLAN.includes(tenant.billing_status))
    return `This workspace is read-only because billing started on ${billingDate(tenant.billing_starts_at)} and it has no plan yet. An admin can choose a plan on the Billing page (${BILLING_PAGE}) to restore it.`;
  return null;
}

/** Refuses a write in a read-only workspace: 402 with the reason. */
export function refuseWhileReadOnly(ctx: Pick<ServiceContext, 'clock'>, tenant: BillingFields): void {
  const reason = readOnlyReasonOf(tenant, ctx.clock.now());
  if (reason) throw new DomainError(402, reason, 'billing_read_only');
}

export type BillingState = 'ok' | 'trial' | 'past_due' | 'read_only' | 'billing_scheduled';

/** What the workspace's banner shows: where its billing stands and the dates that matter. */
export function billingStateOf(tenant: BillingFields, now: Date) {
  const readOnlyReason = readOnlyReasonOf(tenant, now);
  const state: BillingState = tenant.bypass_billing
    ? 'ok'
    : readOnlyReason
      ? 'read_only'
      : tenant.billing_status === 'past_due'
        ? 'past_due'
        : tenant.billing_status === 'trialing'
          ? 'trial'
          : tenant.billing_starts_at && !LIVE_PLAN.includes(tenant.billing_status)
            ? 'billing_scheduled'
            : 'ok';
  return {
    state,
    read_only_reason: readOnlyReason,
    trial_ends_at: tenant.trial_ends_at,
    grace_ends_at: tenant.grace_ends_at,
    billing_starts_at: tenant.billing_starts_at,
  };
}

async function emailBillingNotice(
  ctx: ServiceContext,
  tenant: Tenant,
  topic: BillingNoticeTopic,
  date: Date,
  transaction: Transaction,
): Promise<void> {
  const rendered = await billingNoticeEmail(
    { name: tenant.name, primaryColor: tenant.primary_color },
    { topic, date: billingDate(date), billingUrl: `${tenantOrigin(ctx.config, tenant)}${BILLING_PAGE}` },
  );
  await emailTenantAdmins(ctx, tenant.id, rendered, transaction);
}

/** A reminder about `dueAt` is already covered by what was just sent when it falls inside its lead time. */
async function coverReminder(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  kind: keyof typeof REMINDER_LEAD_DAYS,
  dueAt: Date,
  now: Date,
  transaction: Transaction,
): Promise<void> {
  if (dueAt.getTime() - now.getTime() <= REMINDER_LEAD_DAYS[kind] * DAY_MS)
    await insertBillingNoticeOnce(ctx, tenantId, kind, dueAt, now, transaction);
}

/**
 * Follows a change of `billing_status` made by a Stripe event (before the tenant is saved, in the
 * event's transaction): past due starts the grace period once (audited, the admins emailed); paid
 * or trialing ends it, and a live plan answers the operator's "ask to subscribe".
 */
export async function reconcileBillingState(ctx: ServiceContext, tenant: Tenant, transaction: Transaction) {
  const now = ctx.clock.now();
  if (tenant.billing_status === 'past_due' && !tenant.grace_ends_at) {
    const { graceDays } = (await getSettings(ctx)).billing;
    const graceEndsAt = new Date(now.getTime() + graceDays * DAY_MS);
    tenant.grace_ends_at = graceEndsAt;
    await audit(
      ctx,
      systemScope,
      {
        action: 'billing.grace_started',
        entity: { type: 'tenant', id: tenant.id },
        tenantId: tenant.id,
        details: { grace_ends_at: graceEndsAt.toISOString(), grace_days: graceDays },
      },
      transaction,
    );
    if (await insertBillingNoticeOnce(ctx, tenant.id, 'grace_started', graceEndsAt, now, transaction)) {
      await emailBillingNotice(ctx, tenant, 'grace_started', graceEndsAt, transaction);
      await coverReminder(ctx, tenant.id, 'grace_ending', graceEndsAt, now, transaction);
    }
  }
  if (tenant.billing_status !== 'past_due' && tenant.billing_status !== 'unpaid') tenant.grace_ends_at = null;
  if (tenant.billing_status === 'active' || tenant.billing_status === 'trialing') tenant.billing_starts_at = null;
}

async function lockedTenant(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  transaction: Transaction,
): Promise<Tenant> {
  const tenant = await lockTenant(ctx, tenantId, transaction);
  if (!tenant) throw notFound('This workspace does not exist.');
  return tenant;
}

/** `POST /api/super/tenants/{id}/grace`: the operator gives a past-due workspace more days before it becomes read-only. */
export async function extendGrace(
  ctx: ServiceContext,
  actor: PlatformActor,
  tenantId: string,
  input: { days: number; reason: string },
): Promise<Tenant> {
  return inTransaction(ctx, async (transaction) => {
    const tenant = await lockedTenant(ctx, tenantId, transaction);
    if (tenant.billing_status !== 'past_due' || !tenant.grace_ends_at)
      throw conflict('This workspace has no failed payment, so it has no grace period to extend.', 'no_grace_period');
    const now = ctx.clock.now();
    const from = tenant.grace_ends_at;
    // An ended grace period is extended from now: the workspace gets the days it was given.
    const base = Math.max(from.getTime(), now.getTime());
    const to = new Date(base + input.days * DAY_MS);
    await tenant.update({ grace_ends_at: to }, { transaction });
    await audit(
      ctx,
      { actor },
      {
        action: 'billing.grace_extended',
        entity: { type: 'tenant', id: tenant.id },
        tenantId: tenant.id,
        reason: input.reason,
        details: { from: from.toISOString(), to: to.toISOString(), days: input.days },
      },
      transaction,
    );
    return tenant;
  });
}

/** The first day the operator may set billing to start: tomorrow (UTC midnight). */
function tomorrowOf(now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today + DAY_MS);
}

/**
 * `POST /api/super/tenants/{id}/ask-to-subscribe`: from `startsAt` a workspace without a plan
 * subscription is read-only until an admin chooses one; its admins are emailed now and reminded
 * a week before. Audited with the reason.
 */
export async function askToSubscribe(
  ctx: ServiceContext,
  actor: PlatformActor,
  tenantId: string,
  input: { starts_at: Date; reason: string },
): Promise<Tenant> {
  const now = ctx.clock.now();
  const startsAt = input.starts_at;
  if (startsAt < tomorrowOf(now))
    throw badRequest(`Billing can start on ${billingDate(tomorrowOf(now))} at the earliest.`, 'starts_too_soon');
  return inTransaction(ctx, async (transaction) => {
    const tenant = await lockedTenant(ctx, tenantId, transaction);
    if (!ctx.stripe)
      throw conflict(
        'Stripe is not configured on this platform, so the workspace could not subscribe. Set its plan instead.',
        'billing_not_configured',
      );
    if (tenant.bypass_billing)
      throw conflict('This workspace’s billing is bypassed: turn the bypass off first.', 'billing_bypassed');
    if (LIVE_PLAN.includes(tenant.billing_status))
      throw conflict('This workspace already pays for a plan through Stripe.', 'already_subscribed');
    const before = tenant.billing_starts_at;
    await tenant.update({ billing_starts_at: startsAt }, { transaction });
    await audit(
      ctx,
      { actor },
      {
        action: 'billing.subscription_requested',
        entity: { type: 'tenant', id: tenant.id },
        tenantId: tenant.id,
        reason: input.reason,
        details: { from: before?.toISOString() ?? null, starts_at: startsAt.toISOString() },
      },
      transaction,
    );
    await emailBillingNotice(ctx, tenant, 'billing_scheduled', startsAt, transaction);
    await coverReminder(ctx, tenant.id, 'billing_starting', startsAt, now, transaction);
    return tenant;
  });
}

/** `DELETE /api/super/tenants/{id}/ask-to-subscribe`: the operator withdraws the date billing starts. */
export async function withdrawAskToSubscribe(
  ctx: ServiceContext,
  actor: PlatformActor,
  tenantId: string,
  input: { reason: string },
): Promise<Tenant> {
  return inTransaction(ctx, async (transaction) => {
    const tenant = await lockedTenant(ctx, tenantId, transaction);
    const before = tenant.billing_starts_at;
    if (!before) throw conflict('This workspace was not asked to subscribe.', 'not_asked_to_subscribe');
    await tenant.update({ billing_starts_at: null }, { transaction });
    await audit(
      ctx,
      { actor },
      {
        action: 'billing.subscription_request_withdrawn',
        entity: { type: 'tenant', id: tenant.id },
        tenantId: tenant.id,
        reason: input.reason,
        details: { starts_at: before.toISOString() },
      },
      transaction,
    );
    return tenant;
  });
}

/**
 * The `billing-reminders` periodic job: emails the admins of each workspace whose trial ends or
 * grace period ends within 3 days, or whose billing starts within 7, once per kind and date
 * (`billing_notices`, written in the same transaction as the email's outbox row). Answers how many.
 */
export async function sendBillingReminders(ctx: ServiceContext): Promise<number> {
  const now = ctx.clock.now();
  const until = (days: number) => new Date(now.getTime() + days * DAY_MS);
  const due: Array<{
    kind: keyof typeof REMINDER_LEAD_DAYS;
    field: 'trial_ends_at' | 'grace_ends_at' | 'billing_starts_at';
    find: () => Promise<Tenant[]>;
  }> = [
    {
      kind: 'trial_ending',
      field: 'trial_ends_at',
      find: () => findTenantsWithTrialEnding(ctx, now, until(REMINDER_LEAD_DAYS.trial_ending)),
    },
    {
      kind: 'grace_ending',
      field: 'grace_ends_at',
      find: () => findTenantsWithGraceEnding(ctx, now, until(REMINDER_LEAD_DAYS.grace_ending)),
    },
    {
      kind: 'billing_starting',
      field: 'billing_starts_at',
      find: () => findTenantsWithBillingStarting(ctx, LIVE_PLAN, now, until(REMINDER_LEAD_DAYS.billing_starting)),
    },
  ];
  let sent = 0;
  for (const { kind, field, find } of due) {
    for (const tenant of await find()) {
      const dueAt = tenant[field]!;
      const fresh = await inTransaction(ctx, async (transaction) => {
        if (!(await insertBillingNoticeOnce(ctx, tenant.id, kind, dueAt, now, transaction))) return false;
        await emailBillingNotice(ctx, tenant, kind, dueAt, transaction);
        return true;
      });
      if (fresh) sent += 1;
    }
  }
  return sent;
}
