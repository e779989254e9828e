import { Op, type Transaction } from 'sequelize';
import type { OnboardingEvent } from '../db/models';
import type { ServiceContext } from '../scope';

/* The onboarding events: one written at every step and run, read on the console. */

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
  ctx: Pick<ServiceContext, 'db'>,
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

/* ---------- the console ---------- */

export interface OnboardingEventFilters {
  action?: string;
  userId?: string;
  failed?: boolean;
}

/** GET /api/_debug/onboarding-events: the newest 200 events, with each person's email. */
export async function listOnboardingEvents(
  ctx: ServiceContext,
  filters: OnboardingEventFilters = {},
): Promise<{ event: OnboardingEvent; email: string | null }[]> {
  const where = {
    ...(filters.action && { action: filters.action }),
    ...(filters.userId && { user_id: filters.userId }),
    ...(filters.failed !== undefined && { error: filters.failed ? { [Op.ne]: null } : { [Op.is]: null } }),
  };
  const events = await ctx.db.OnboardingEvent.findAll({
    where,
    order: [
      ['created_at', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: 200,
    transaction: ctx.transaction,
  });
  const userIds = [...new Set(events.map((e) => e.user_id).filter((id): id is string => id !== null))];
  const users = userIds.length
    ? await ctx.db.User.findAll({
        where: { id: { [Op.in]: userIds } },
        attributes: ['id', 'email'],
        transaction: ctx.transaction,
      })
    : [];
  const emails = new Map(users.map((u) => [u.id, u.email]));
  return events.map((event) => ({ event, email: event.user_id ? (emails.get(event.user_id) ?? null) : null }));
}
