import type { OnboardingEvent } from '../db/models';
import type { ServiceContext } from '../scope';
import { findUserEmails } from '../kernel/kernel-data';
import { findOnboardingEvents, type OnboardingEventFilters } from './onboarding-data';

/* The onboarding events: one written at every step and run (`recordOnboardingEvent`), read on the console. */

/** GET /api/_debug/onboarding-events: the newest 200 events, with each person's email. */
export async function listOnboardingEvents(
  ctx: ServiceContext,
  filters: OnboardingEventFilters = {},
): Promise<{ event: OnboardingEvent; email: string | null }[]> {
  const events = await findOnboardingEvents(ctx, filters, 200, ctx.transaction);
  const userIds = [...new Set(events.map((e) => e.user_id).filter((id): id is string => id !== null))];
  const users = userIds.length ? await findUserEmails(ctx, userIds, ctx.transaction) : [];
  const emails = new Map(users.map((u) => [u.id, u.email]));
  return events.map((event) => ({ event, email: event.user_id ? (emails.get(event.user_id) ?? null) : null }));
}
