import {
  checkSubdomainAnswer,
  checkSubdomainBody,
  checkoutVerifyQuery,
  ONBOARDING_MESSAGES,
  onboardingBrandingBody,
  onboardingCapabilitiesBody,
  onboardingCheckoutAnswer,
  onboardingCheckoutBody,
  onboardingEventsAnswer,
  onboardingEventsQuery,
  onboardingPlanBody,
  onboardingProvisionAnswer,
  onboardingStartAnswer,
  onboardingStartBody,
  onboardingStatusAnswer,
  onboardingState,
  TENANT_SLACK_MESSAGES,
} from '@portico/common';
import {
  ALREADY_PROVISIONING,
  checkSubdomain,
  chooseOnboardingPlan,
  findOnboarding,
  listOnboardingEvents,
  NO_PAYMENTS,
  NOT_SIGNING_UP,
  onboardingWorkspaceId,
  requestProvisioning,
  saveOnboardingBranding,
  saveOnboardingCapabilities,
  setOnboardingLogo,
  startOnboarding,
  startOnboardingCheckout,
  verifyOnboardingCheckout,
} from '@portico/core';
import { z } from 'zod';
import { defineRoutes } from '../http/route';
import { presentUser } from '../presenters';
import { presentOnboarding, presentOnboardingEvent } from '../presenters/onboarding';
import { assetKey, BRAND_FORMATS, BRAND_LIMIT, imageUpload, receiveBrandImage } from './brand';

const ONBOARDING_TAG = {
  name: 'Onboarding',
  description: 'Owner signup and the onboarding wizard that makes a new workspace (platform-console §2).',
};
const stateAnswer = z.object({ onboarding: onboardingState });

/** POST /api/onboarding-start: no session yet. */
export const publicOnboardingRoutes = defineRoutes('public', ONBOARDING_TAG, (route) => [
  route({
    method: 'post',
    path: '/onboarding-start',
    operationId: 'startOnboarding',
    summary: 'Sign up as the owner of a new workspace',
    description:
      'Creates the account (the platform’s password policy, signup domain allowlist and `signup` flag apply) and its onboarding state in one transaction, and signs in. `plan` preselects a plan from the landing page.',
    body: onboardingStartBody,
    responses: {
      201: { description: 'The session and the onboarding state (step `plan`).', schema: onboardingStartAnswer },
    },
    refusals: {
      400: 'A field is missing or invalid, or the password does not follow the policy.',
      403: 'The email’s domain is not allowed to sign up, or signup is switched off.',
      409: 'An account with this email already exists (`email_taken`).',
    },
    handle: async ({ ctx, req, body }) => {
      const result = await startOnboarding(ctx, { ...body, ip: req.ip ?? null });
      return {
        session: { ...result.session, user: presentUser(result.user) },
        onboarding: presentOnboarding(ctx, result.state),
      };
    },
  }),
]);

/** The wizard's steps: the signed-in owner's own onboarding. */
export const onboardingRoutes = defineRoutes('session', ONBOARDING_TAG, (route) => [
  route({
    method: 'get',
    path: '/onboarding-status',
    operationId: 'getOnboardingStatus',
    summary: 'Where the owner’s onboarding stands',
    description:
      'The server decides the step: plan, branding, capabilities, review, provisioning, ready. `onboarding` is null for someone who never started one.',
    responses: { 200: { description: 'The onboarding state.', schema: onboardingStatusAnswer } },
    handle: async ({ ctx, session }) => {
      const state = await findOnboarding(ctx, session.actor.user.id);
      return { onboarding: state ? presentOnboarding(ctx, state) : null };
    },
  }),
  route({
    method: 'post',
    path: '/onboarding-plan',
    operationId: 'chooseOnboardingPlan',
    summary: 'Choose the plan and admin seats',
    description:
      'Every plan then goes through `POST /checkout` when the platform takes payments; without Stripe the plan is recorded directly.',
    body: onboardingPlanBody,
    responses: { 200: { description: 'The new state.', schema: stateAnswer } },
    refusals: {
      400: `${ONBOARDING_MESSAGES.plan} ${ONBOARDING_MESSAGES.adminSeats} More admin seats than the plan allows.`,
      404: NOT_SIGNING_UP,
      409: `${ALREADY_PROVISIONING} Or another plan is already paid for.`,
    },
    handle: async ({ ctx, session, body }) => ({
      onboarding: presentOnboarding(ctx, await chooseOnboardingPlan(ctx, session.actor.user.id, body)),
    }),
  }),
  route({
    method: 'post',
    path: '/checkout',
    operationId: 'startOnboardingCheckout',
    summary: 'Pay for the chosen plan with Stripe Checkout',
    description:
      'Monthly or yearly (`cycle`), with the trial, promotion codes and tax of Super Settings’ billing section. Answers the Checkout page’s address; Stripe sends the browser back to `/signup?session_id=…`, which calls `GET /checkout-verify`.',
    body: onboardingCheckoutBody,
    responses: { 200: { description: 'Where to send the browser.', schema: onboardingCheckoutAnswer } },
    refusals: {
      400: 'The plan is not the one chosen on the plan step.',
      404: NOT_SIGNING_UP,
      409: `${NO_PAYMENTS} Or the plan is already paid for.`,
      503: 'Stripe did not answer.',
    },
    handle: async ({ ctx, session, body }) => ({
      url: await startOnboardingCheckout(ctx, session.actor.user.id, {
        plan: body.plan,
        cycle: body.cycle,
        email: session.actor.user.email,
      }),
    }),
  }),
  route({
    method: 'get',
    path: '/checkout-verify',
    operationId: 'verifyOnboardingCheckout',
    summary: 'Confirm the Checkout and mark the plan paid',
    query: checkoutVerifyQuery,
    responses: { 200: { description: 'The new state (step `branding`).', schema: stateAnswer } },
    refusals: {
      400: 'The session does not exist or its payment is not complete.',
      403: 'The checkout belongs to another signup.',
      404: NOT_SIGNING_UP,
      409: NO_PAYMENTS,
      503: 'Stripe did not answer.',
    },
    handle: async ({ ctx, session, query }) => ({
      onboarding: presentOnboarding(
        ctx,
        await verifyOnboardingCheckout(ctx, session.actor.user.id, { sessionId: query.session_id }),
      ),
    }),
  }),
  route({
    method: 'post',
    path: '/onboarding-check-subdomain',
    operationId: 'checkOnboardingSubdomain',
    summary: 'Whether a subdomain is free',
    description:
      'Normalised as platform-console §5 says (the answer names the result). Not available when invalid, reserved (www, api, admin, app, …), a workspace’s, or reserved by another owner’s onboarding.',
    body: checkSubdomainBody,
    responses: { 200: { description: 'Available or why not.', schema: checkSubdomainAnswer } },
    handle: async ({ ctx, session, body }) => checkSubdomain(ctx, session.actor.user.id, body),
  }),
  route({
    method: 'post',
    path: '/onboarding-branding',
    operationId: 'saveOnboardingBranding',
    summary: 'Save brand colour, logo, subdomain and custom domain',
    description: 'The subdomain is reserved for this owner until the workspace is made.',
    body: onboardingBrandingBody,
    responses: { 200: { description: 'The new state.', schema: stateAnswer } },
    refusals: {
      400: `${ONBOARDING_MESSAGES.subdomain} ${ONBOARDING_MESSAGES.brandColor} A custom domain that is not a domain name or is the platform’s.`,
      403: 'Custom domains need the Pro or Advanced plan.',
      404: NOT_SIGNING_UP,
      409: `${ONBOARDING_MESSAGES.taken} A reserved subdomain, a custom domain in use, or the plan step not done.`,
    },
    handle: async ({ ctx, session, body }) => ({
      onboarding: presentOnboarding(ctx, await saveOnboardingBranding(ctx, session.actor.user.id, body)),
    }),
  }),
  route({
    method: 'post',
    path: '/onboarding-logo',
    operationId: 'uploadOnboardingLogo',
    summary: 'Upload the new workspace’s logo',
    description: `A ${BRAND_FORMATS.logo} image of at most ${BRAND_LIMIT} (never SVG); stored where the workspace will serve it. Save it with the branding step.`,
    multipart: imageUpload,
    responses: { 200: { description: 'The new state, `branding.logoUrl` set.', schema: stateAnswer } },
    refusals: {
      400: `No image, or not a ${BRAND_FORMATS.logo} image.`,
      404: NOT_SIGNING_UP,
      409: ALREADY_PROVISIONING,
      413: `The logo is larger than ${BRAND_LIMIT}.`,
    },
    handle: async ({ ctx, session, req }) => {
      const userId = session.actor.user.id;
      const workspaceId = await onboardingWorkspaceId(ctx, userId);
      const { state, previous } = await receiveBrandImage(ctx, workspaceId, req, 'logo', (name) =>
        setOnboardingLogo(ctx, userId, { name }),
      );
      const previousName = previous?.split('/').pop();
      if (previousName) await ctx.storage.remove(assetKey(workspaceId, previousName));
      return { onboarding: presentOnboarding(ctx, state) };
    },
  }),
  route({
    method: 'post',
    path: '/onboarding-capabilities',
    operationId: 'saveOnboardingCapabilities',
    summary: 'Save features, Slack webhook and email sender',
    body: onboardingCapabilitiesBody,
    responses: { 200: { description: 'The new state (step `review`).', schema: stateAnswer } },
    refusals: {
      400: `${TENANT_SLACK_MESSAGES.url} ${ONBOARDING_MESSAGES.emailFromAddress}`,
      404: NOT_SIGNING_UP,
      409: `${ALREADY_PROVISIONING} Or the branding step not done.`,
    },
    handle: async ({ ctx, session, body }) => ({
      onboarding: presentOnboarding(ctx, await saveOnboardingCapabilities(ctx, session.actor.user.id, body)),
    }),
  }),
  route({
    method: 'post',
    path: '/onboarding-provision',
    operationId: 'provisionOnboarding',
    summary: 'Make the workspace',
    description:
      'Queues the `workspace` job on the `provisioning` queue; read `GET /onboarding-status` until `ready`. Asking again while it runs queues nothing more; after a failure it tries again.',
    bodyOptional: true,
    body: z.object({}),
    responses: { 202: { description: 'Queued (or already made).', schema: onboardingProvisionAnswer } },
    refusals: { 404: NOT_SIGNING_UP, 409: 'A step before review is not done.' },
    handle: async ({ ctx, session }) => {
      const state = await requestProvisioning(ctx, session.actor.user.id);
      return { ready: state.status === 'ready', onboarding: presentOnboarding(ctx, state) };
    },
  }),
]);

/** The console's view of everyone's onboarding (platform-console §7 Jobs and audit). */
export const onboardingEventRoutes = defineRoutes(
  'platform',
  { name: 'Onboarding events', description: 'What each step of each owner’s onboarding did.' },
  (route) => [
    route({
      method: 'get',
      path: '/_debug/onboarding-events',
      operationId: 'listOnboardingEvents',
      summary: 'List onboarding events, newest first',
      description: 'At most 200; filter by `action`, `user_id` or `failed`.',
      query: onboardingEventsQuery,
      responses: { 200: { description: 'The events.', schema: onboardingEventsAnswer } },
      handle: async ({ ctx, query }) => ({
        events: (
          await listOnboardingEvents(ctx, { action: query.action, userId: query.user_id, failed: query.failed })
        ).map(presentOnboardingEvent),
      }),
    }),
  ],
);
