import { billingSummaryAnswer, checkoutBody, cycleBody, redirectAnswer, stripeEventAnswer } from '@portico/common';
import {
  ALREADY_CANCELLING,
  BAD_STRIPE_SIGNATURE,
  BILLING_BY_OPERATOR,
  billingSummary,
  cancelPlanAtPeriodEnd,
  NO_PLAN_TO_CANCEL,
  NO_PLAN_TO_RESUME,
  NOT_CANCELLING,
  resumePlan,
  NO_PLAN_TO_SWITCH,
  openBillingPortal,
  receiveStripeEvent,
  startCheckout,
  switchBillingCycle,
  WEBHOOKS_NOT_CONFIGURED,
} from '@portico/core';
import { defineRoutes } from '../http/route';
import { sessionOf } from '../http/request';
import { authorizeBilling } from '../policies';
import { presentBillingSummary } from '../presenters/billing';

const OPERATOR_MANAGED = { 409: BILLING_BY_OPERATOR, 503: 'Stripe did not answer; try again in a minute.' };

/** Billing (tenant-portal §2 and §7; DECISIONS §4 and §6): admins only. */
export const billingRoutes = defineRoutes(
  'workspace',
  { name: 'Billing', description: 'Plan, seats and invoices, paid through Stripe.' },
  (route) => [
    route({
      method: 'get',
      path: '/billing/summary',
      operationId: 'billingSummary',
      summary: 'The plan, its caps in use and the last invoices',
      responses: { 200: { description: 'What the Billing page shows.', schema: billingSummaryAnswer } },
      refusals: { 403: 'Admins only.' },
      authorize: authorizeBilling,
      handle: async ({ ctx, scope }) => presentBillingSummary(await billingSummary(ctx, scope)),
    }),
    route({
      method: 'post',
      path: '/billing/checkout',
      operationId: 'startCheckout',
      summary: 'Start a Stripe Checkout for a plan or seats',
      description:
        'Creates the workspace’s Stripe customer the first time, then a Checkout session in subscription mode at the plan table’s Stripe price for the cycle (seats on the plan’s cycle), with the trial, promotion codes and tax Super Settings’ billing section sets. The plan or seats change when Stripe reports the payment (`/billing/webhook`).',
      body: checkoutBody,
      responses: { 200: { description: 'The Checkout page.', schema: redirectAnswer } },
      refusals: {
        ...OPERATOR_MANAGED,
        409: `${BILLING_BY_OPERATOR} Also: the workspace is already on that plan (or asks for Starter while it has a plan subscription), its members do not fit the plan, or the plan sells no such seats.`,
      },
      authorize: authorizeBilling,
      whileReadOnly: true,
      handle: async ({ ctx, scope, req, body }) => {
        const url = await startCheckout(ctx, scope, {
          request: body,
          host: req.get('host') ?? '',
          email: sessionOf(req).actor.user.email,
        });
        return { url };
      },
    }),
    route({
      method: 'post',
      path: '/billing/cycle',
      operationId: 'switchBillingCycle',
      summary: 'Switch the plan between monthly and yearly billing',
      description:
        'Moves the live plan subscription and the seats bought on it to the other cycle’s price at Stripe, prorated, and answers the summary as Stripe has it now.',
      body: cycleBody,
      responses: { 200: { description: 'The Billing page after the switch.', schema: billingSummaryAnswer } },
      refusals: {
        ...OPERATOR_MANAGED,
        409: `${BILLING_BY_OPERATOR} Or: ${NO_PLAN_TO_SWITCH} Or: the workspace is already billed on that cycle.`,
      },
      authorize: authorizeBilling,
      whileReadOnly: true,
      handle: async ({ ctx, scope, body }) => {
        await switchBillingCycle(ctx, scope, { cycle: body.cycle });
        return presentBillingSummary(await billingSummary(ctx, scope));
      },
    }),
    route({
      method: 'get',
      path: '/billing/portal',
      operationId: 'openBillingPortal',
      summary: 'Open the Stripe billing portal',
      responses: { 200: { description: 'The portal page.', schema: redirectAnswer } },
      refusals: OPERATOR_MANAGED,
      authorize: authorizeBilling,
      handle: async ({ ctx, scope, req }) => {
        const url = await openBillingPortal(ctx, scope, {
          host: req.get('host') ?? '',
          email: sessionOf(req).actor.user.email,
        });
        return { url };
      },
    }),
    route({
      method: 'post',
      path: '/billing/cancel',
      operationId: 'cancelPlan',
      summary: 'End the paid plan when its billing period closes',
      description:
        'Sets `cancel_at_period_end` at Stripe on the plan and its seat subscriptions and applies Stripe’s answer at once: the summary’s `plan_ends_at` is the date access to the paid plan ends. Audited as `billing.cancel_requested`.',
      responses: { 200: { description: 'The Billing page as it is now.', schema: billingSummaryAnswer } },
      refusals: {
        ...OPERATOR_MANAGED,
        409: `${BILLING_BY_OPERATOR} Or: ${NO_PLAN_TO_CANCEL} Or: ${ALREADY_CANCELLING}`,
      },
      authorize: authorizeBilling,
      whileReadOnly: true,
      handle: async ({ ctx, scope }) => {
        await cancelPlanAtPeriodEnd(ctx, scope);
        return presentBillingSummary(await billingSummary(ctx, scope));
      },
    }),
    route({
      method: 'post',
      path: '/billing/resume',
      operationId: 'resumePlan',
      summary: 'Keep a plan set to end',
      description:
        'Clears `cancel_at_period_end` at Stripe on the plan and its seat subscriptions before the period closes. Audited as `billing.cancel_withdrawn`.',
      responses: { 200: { description: 'The Billing page as it is now.', schema: billingSummaryAnswer } },
      refusals: {
        ...OPERATOR_MANAGED,
        409: `${BILLING_BY_OPERATOR} Or: ${NO_PLAN_TO_RESUME} Or: ${NOT_CANCELLING}`,
      },
      authorize: authorizeBilling,
      whileReadOnly: true,
      handle: async ({ ctx, scope }) => {
        await resumePlan(ctx, scope);
        return presentBillingSummary(await billingSummary(ctx, scope));
      },
    }),
  ],
);

/** Stripe's events: signed, not signed in. */
export const billingWebhookRoutes = defineRoutes(
  'public',
  { name: 'Billing', description: 'Plan, seats and invoices, paid through Stripe.' },
  (route) => [
    route({
      method: 'post',
      path: '/billing/webhook',
      operationId: 'receiveStripeEvent',
      summary: 'Receive a Stripe event',
      description:
        'The raw body must carry a valid `Stripe-Signature` (STRIPE_WEBHOOK_SECRET). Applied once per event id: checkout.session.completed, customer.subscription.created/updated/deleted/paused/resumed, invoice.paid and invoice.payment_failed. A subscription or invoice Stripe answers that cannot be read is stored unapplied with the reason (200).',
      responses: { 200: { description: 'Received.', schema: stripeEventAnswer } },
      refusals: {
        400: `${BAD_STRIPE_SIGNATURE} Or a signed body that is no event Portico can apply (\`bad_event\`: its id, type or object id missing or not text).`,
        409: WEBHOOKS_NOT_CONFIGURED,
        503: 'Stripe did not answer; Stripe sends the event again later.',
      },
      handle: async ({ ctx, req }) => {
        const payload = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const { duplicate } = await receiveStripeEvent(ctx, { payload, signature: req.get('stripe-signature') });
        return { received: true as const, duplicate };
      },
    }),
  ],
);
