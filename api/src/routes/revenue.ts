import { revenueAnswer } from '@portico/common';
import { platformRevenue } from '@portico/core';
import { defineRoutes } from '../http/route';
import { presentRevenue } from '../presenters/revenue';

/** The operator's revenue (issue 28), for super admins only. */
export const revenueRoutes = defineRoutes(
  'platform',
  {
    name: 'Platform revenue',
    description: 'What the workspaces pay, from the subscriptions and invoices stored from Stripe’s events.',
  },
  (route) => [
    route({
      method: 'get',
      path: '/super/billing',
      operationId: 'platformRevenue',
      summary: 'MRR, workspaces by billing status, the next renewals and recent failed payments',
      description:
        'Read from the database, never from Stripe. MRR counts active and past-due subscriptions (a yearly one a twelfth); trialing ones are `trial_mrr_cents` apart. Renewals: the next 30 days of live subscriptions not set to end. Failed payments: invoices open or uncollectible issued in the last 30 days.',
      responses: {
        200: { description: 'The console’s Billing page and Mission Control’s card.', schema: revenueAnswer },
      },
      handle: async ({ ctx }) => presentRevenue(await platformRevenue(ctx)),
    }),
  ],
);
