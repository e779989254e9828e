import { randomBytes } from 'node:crypto';
import {
  normaliseSubdomain,
  ONBOARDING_MESSAGES,
  type BillingCycle,
  type OnboardingStartInput,
  type OnboardingStep,
} from '@portico/common';
import { Op, UniqueConstraintError, type Transaction } from 'sequelize';
import {
  BillingSubscription,
  Membership,
  OnboardingEvent,
  OnboardingState,
  TenantDomain,
  TenantSlackWebhook,
  User,
  type OnboardingCapabilities,
  type OnboardingSubscription,
  type Profile,
  type TenantTier,
} from '../db/models';
import { welcomeEmail } from '../mail/templates';
import { planOf } from '../plans';
import { inTransaction, type ServiceContext } from '../scope';
import { audit } from '../kernel/audit';
import { encryptSecret } from '../kernel/crypto';
import { DOMAINS_PLAN_MESSAGE, verifiedOwnerOf } from '../custom-domains';
import { badRequest, conflict, DomainError, forbidden, notFound } from '../kernel/errors';
import { assertSlackWebhookUrl, sendEmail } from '../integrations';
import { createUser, type SessionTokens, startSession } from '../auth';
import { checkoutTerms, priceIdOf, stripeCheckoutSession, stripeSubscription, subscriptionFacts } from '../billing';
import { assertFlagOn, assertPasswordPolicy, assertSignupDomain, getSettings } from '../settings';
import {
  createTenant,
  forgetHosts,
  isPlatformHostname,
  platformHostname,
  type SlugRefusal,
  slugRefusalOf,
  subdomainOf,
  subdomainOrigin,
} from '../tenancy';

/*
 * Self-serve onboarding (platform-console §2 Signup and Onboarding, §3, §4, §5). An owner signs up,
 * then goes through plan, branding, capabilities and review; each step is saved on their onboarding
 * state, so the server decides where they are and they resume on any device. Review queues a
 * `provisioning` job whose processor (`provisionWorkspace`) makes the workspace in one transaction.
 * Every step writes an onboarding event, listed on the console.
 */

export const RESERVED_SUBDOMAIN = 'This subdomain is reserved. Choose another.';
const SUBDOMAIN_REFUSALS: Record<SlugRefusal, string> = {
  invalid: ONBOARDING_MESSAGES.subdomain,
  reserved: RESERVED_SUBDOMAIN,
  taken: ONBOARDING_MESSAGES.taken,
};
export const NOT_SIGNING_UP = 'You have no workspace signup in progress. Start one from the sign-up page.';
export const ALREADY_PROVISIONING = 'Your workspace is already being set up; its details can no longer change.';
export const NO_PAYMENTS =
  'This platform does not take card payments; your plan is recorded directly. Continue without checkout.';

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
  input: {
    userId: string | null;
    action: OnboardingAction;
    tenantId?: string | null;
    error?: string | null;
    context?: Record<string, unknown>;
  },
  transaction?: Transaction,
): Promise<void> {
  await OnboardingEvent.create(
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

/**
 * Runs a step; a refusal is written as the step's event (with its sentence) before it reaches the
 * owner, outside the step's transaction, which the refusal rolls back.
 */
async function step<T>(userId: string, action: OnboardingAction, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError)
      await recordOnboardingEvent({ userId, action, error: error.message, context: { status: error.status } });
    throw error;
  }
}

/* ---------- the state and where it stands ---------- */

/** Whether the chosen plan still has to go through Stripe Checkout before the owner goes on: every plan is paid. */
export function checkoutRequired(ctx: Pick<ServiceContext, 'stripe'>, state: OnboardingState): boolean {
  return Boolean(ctx.stripe) && state.plan !== null && !state.paid;
}

/** The step the wizard shows: the first one not done, then provisioning, then ready. */
export function onboardingStep(ctx: Pick<ServiceContext, 'stripe'>, state: OnboardingState): OnboardingStep {
  if (state.status === 'ready') return 'ready';
  if (state.status === 'provisioning' || state.status === 'failed') return 'provisioning';
  if (!state.plan_saved || checkoutRequired(ctx, state)) return 'plan';
  if (!state.branding_saved) return 'branding';
  if (!state.capabilities_saved) return 'capabilities';
  return 'review';
}

/** The capabilities as saved, with the defaults (everything on) for what was not. */
export function capabilitiesOf(state: OnboardingState): OnboardingCapabilities {
  return {
    useEmbeds: state.capabilities.useEmbeds ?? true,
    useForms: state.capabilities.useForms ?? true,
    useFiles: state.capabilities.useFiles ?? true,
    emailFromName: state.capabilities.emailFromName ?? null,
    emailFromAddress: state.capabilities.emailFromAddress ?? null,
  };
}

/** The new workspace's sign-in page, on its own subdomain. */
export function workspaceLoginUrl(ctx: Pick<ServiceContext, 'config'>, slug: string): string {
  return `${subdomainOrigin(ctx.config, { slug })}/login`;
}

/** The person's onboarding state, or null when they never started one. */
export async function findOnboarding(ctx: ServiceContext, userId: string): Promise<OnboardingState | null> {
  return OnboardingState.findOne({ where: { user_id: userId }, transaction: ctx.transaction });
}

async function ownState(userId: string, transaction: Transaction): Promise<OnboardingState> {
  const state = await OnboardingState.findOne({
    where: { user_id: userId },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  if (!state) throw notFound(NOT_SIGNING_UP);
  return state;
}

/** The state to change at a step: locked, and still open to changes. */
async function openState(userId: string, transaction: Transaction): Promise<OnboardingState> {
  const state = await ownState(userId, transaction);
  if (state.status !== 'in_progress') throw conflict(ALREADY_PROVISIONING, 'onboarding_closed');
  return state;
}

/* ---------- start ---------- */

/**
 * POST /api/onboarding-start: the owner's account (the platform's signup flag, signup domain
 * allowlist and password policy apply), their onboarding state and their first session, in one
 * transaction.
 */
export async function startOnboarding(
  ctx: ServiceContext,
  input: OnboardingStartInput & { ip?: string | null },
): Promise<{ user: User; profile: Profile; session: SessionTokens; state: OnboardingState }> {
  await assertFlagOn(ctx, 'signup');
  await assertSignupDomain(ctx, input.email);
  await assertPasswordPolicy(ctx, input.password);
  return inTransaction(ctx, async (transaction) => {
    const { user, profile } = await createUser(
      ctx,
      { email: input.email, password: input.password, fullName: input.name, title: input.title },
      transaction,
    );
    user.last_sign_in_at = ctx.clock.now();
    await user.save({ transaction });
    const state = await OnboardingState.create(
      {
        user_id: user.id,
        company_name: input.companyName,
        source: input.source,
        source_other: input.source === 'Other' ? (input.sourceOther ?? null) : null,
        title: input.title,
        plan: input.plan ?? null,
      },
      { transaction },
    );
    await recordOnboardingEvent(
      {
        userId: user.id,
        action: 'start',
        context: { companyName: input.companyName, source: input.source, title: input.title, plan: input.plan ?? null },
      },
      transaction,
    );
    const session = await startSession(ctx, user, transaction);
    return { user, profile, session, state };
  });
}

/* ---------- plan ---------- */

/** The admin seats a plan allows: those it includes plus the extra ones it sells. */
function maxAdminSeats(tier: TenantTier): number | null {
  const { included, max_extra } = planOf(tier).admin_seats;
  return max_extra === null ? null : included + max_extra;
}

/** POST /api/onboarding-plan: the plan and admin seats. The plan then goes through checkout when Stripe is configured. */
export async function chooseOnboardingPlan(
  ctx: ServiceContext,
  userId: string,
  input: { plan: TenantTier; adminSeats: number },
): Promise<OnboardingState> {
  return step(userId, 'plan', () =>
    inTransaction(ctx, async (transaction) => {
      const state = await openState(userId, transaction);
      const plan = planOf(input.plan);
      const max = maxAdminSeats(plan.key);
      if (max !== null && input.adminSeats > max)
        throw badRequest(
          max === 1
            ? `The ${plan.name} plan has 1 admin seat. Choose Pro or Advanced for more.`
            : `The ${plan.name} plan allows up to ${max} admin seats.`,
          'too_many_admin_seats',
        );
      if (state.paid && state.plan !== plan.key)
        throw conflict(
          `You have already paid for the ${planOf(state.plan).name} plan; continue with it, and change plans from Billing once your workspace is ready.`,
          'already_paid',
        );
      state.plan = plan.key;
      state.admin_seats = input.adminSeats;
      state.plan_saved = true;
      // A custom domain comes with the plans that have them.
      if (!plan.custom_domain) state.custom_domain = null;
      await state.save({ transaction });
      await recordOnboardingEvent(
        {
          userId,
          action: 'plan',
          context: { plan: plan.key, adminSeats: input.adminSeats, checkout: checkoutRequired(ctx, state) },
        },
        transaction,
      );
      return state;
    }),
  );
}

const LIVE_STATUSES = new Set(['active', 'trialing']);

/** A new workspace's billing: trialing until the trial's end when its checkout started one, else as paid or not. */
function billingStateOf(subscription: OnboardingSubscription | null) {
  if (!subscription) return { billing_status: 'none' as const };
  if (subscription.status !== 'trialing') return { billing_status: 'active' as const };
  return {
    billing_status: 'trialing' as const,
    status: 'trial' as const,
    trial_ends_at: subscription.trialEnd ? new Date(subscription.trialEnd) : null,
  };
}

/**
 * POST /api/checkout: a Stripe Checkout session for the chosen plan (and the extra admin seats) in
 * the chosen cycle, at the plan table's Stripe prices, with Super Settings' trial, promotion codes
 * and tax, for a Stripe customer made for this signup; the browser comes back to `/signup?session_id=…`.
 */
export async function startOnboardingCheckout(
  ctx: ServiceContext,
  userId: string,
  input: { plan: TenantTier; cycle: BillingCycle; email: string },
): Promise<string> {
  return step(userId, 'checkout', async () => {
    const stripe = ctx.stripe;
    if (!stripe) throw conflict(NO_PAYMENTS, 'billing_by_operator');
    const state = await inTransaction(ctx, (transaction) => openState(userId, transaction));
    if (!state.plan_saved || state.plan !== input.plan)
      throw badRequest(`Choose the ${planOf(input.plan).name} plan on the plan step first.`, 'plan_not_chosen');
    if (state.paid) throw conflict('This plan is already paid for. Continue to branding.', 'already_paid');
    // Paid already, but the owner never came back to verify (the page was closed on the way): the
    // browser goes through verification instead of paying a second time.
    if (state.checkout_session_id) {
      const previous = await stripe.checkout.sessions.retrieve(state.checkout_session_id).catch(() => null);
      if (previous?.status === 'complete') return `${ctx.config.publicUrl}/signup?session_id=${previous.id}`;
    }
    const plan = planOf(input.plan);
    const unavailable = (error: unknown) =>
      new DomainError(
        503,
        `Stripe did not answer (${error instanceof Error ? error.message : String(error)}). Try again in a minute.`,
        'stripe_unavailable',
      );
    const customerId =
      state.stripe_customer_id ??
      (
        await stripe.customers
          .create(
            { name: state.company_name, email: input.email, metadata: { onboarding_id: state.id } },
            { idempotencyKey: `portico-onboarding-customer-${state.id}` },
          )
          .catch((error: unknown) => {
            throw unavailable(error);
          })
      ).id;
    const extraAdmins = Math.max(0, state.admin_seats - plan.admin_seats.included);
    const metadata = {
      onboarding_id: state.id,
      purpose: 'plan',
      plan: plan.key,
      cycle: input.cycle,
      tenant_id: state.workspace_id,
    };
    const prices = await Promise.all([
      priceIdOf(stripe, plan, 'plan', input.cycle),
      ...(extraAdmins > 0 && plan.admin_seats.extra_price_monthly !== null
        ? [priceIdOf(stripe, plan, 'admin-seat', input.cycle)]
        : []),
    ]).catch((error: unknown) => {
      throw unavailable(error);
    });
    const terms = checkoutTerms((await getSettings(ctx)).billing, { trial: true });
    const session = await stripe.checkout.sessions
      .create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: state.workspace_id,
        // Extra admin seats are a second item of the plan's subscription, on its cycle.
        line_items: prices.map((price, index) => ({ price, quantity: index === 0 ? 1 : extraAdmins })),
        metadata,
        ...terms,
        subscription_data: { metadata, ...terms.subscription_data },
        success_url: `${ctx.config.publicUrl}/signup?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${ctx.config.publicUrl}/onboarding?checkout=cancelled&cycle=${input.cycle}`,
      })
      .catch((error: unknown) => {
        throw unavailable(error);
      });
    await inTransaction(ctx, async (transaction) => {
      await OnboardingState.update(
        { stripe_customer_id: customerId, checkout_session_id: session.id },
        { where: { id: state.id }, transaction },
      );
      await recordOnboardingEvent(
        {
          userId,
          action: 'checkout',
          context: { plan: plan.key, cycle: input.cycle, session: session.id, adminSeats: state.admin_seats },
        },
        transaction,
      );
    });
    if (!session.url) throw new DomainError(503, 'Stripe did not give a checkout page. Try again in a minute.');
    return session.url;
  });
}

/**
 * GET /api/checkout-verify: reads the Checkout session back from Stripe; a completed one of this
 * signup, whose subscription is live, marks the plan paid.
 */
export async function verifyOnboardingCheckout(
  ctx: ServiceContext,
  userId: string,
  input: { sessionId: string },
): Promise<OnboardingState> {
  return step(userId, 'verify', async () => {
    const stripe = ctx.stripe;
    if (!stripe) throw conflict(NO_PAYMENTS, 'billing_by_operator');
    const current = await findOnboarding(ctx, userId);
    if (!current) throw notFound(NOT_SIGNING_UP);
    if (current.paid && current.checkout_session_id === input.sessionId) return current;
    const unreadable = () =>
      new DomainError(503, 'Stripe answered what Portico cannot read. Try again in a minute.', 'stripe_unreadable');
    const session = stripeCheckoutSession.safeParse(
      await stripe.checkout.sessions.retrieve(input.sessionId).catch((error: unknown) => {
        const missing = (error as { statusCode?: number }).statusCode === 404;
        throw missing
          ? badRequest('This checkout session does not exist.', 'no_such_checkout')
          : new DomainError(503, `Stripe did not answer. Try again in a minute.`, 'stripe_unavailable');
      }),
    ).data;
    if (!session) throw unreadable();
    if (session.metadata.onboarding_id !== current.id)
      throw forbidden('This checkout belongs to another signup.', 'checkout_mismatch');
    if (session.status !== 'complete' || !session.subscription)
      throw badRequest('The payment is not complete. Choose your plan again to pay.', 'checkout_incomplete');
    const subscriptionId = session.subscription;
    const subscription = stripeSubscription.safeParse(
      await stripe.subscriptions.retrieve(subscriptionId).catch(() => {
        throw new DomainError(503, 'Stripe did not answer. Try again in a minute.', 'stripe_unavailable');
      }),
    ).data;
    if (!subscription) throw unreadable();
    if (!LIVE_STATUSES.has(subscription.status))
      throw badRequest('The payment did not go through. Choose your plan again to pay.', 'checkout_unpaid');
    const facts = subscriptionFacts(subscription);
    const iso = (date: Date | null) => date?.toISOString() ?? null;
    return inTransaction(ctx, async (transaction) => {
      const state = await openState(userId, transaction);
      const plan = planOf(session.metadata.plan);
      await state.update(
        {
          paid: true,
          plan: plan.key,
          checkout_session_id: session.id,
          subscription: {
            id: subscription.id,
            status: subscription.status,
            quantity: facts.quantity,
            startedAt: iso(facts.started_at),
            currentPeriodEnd: iso(facts.current_period_end),
            currentPeriodStart: iso(facts.current_period_start),
            cycle: facts.cycle,
            unitAmountCents: facts.unit_amount_cents,
            cycleAmountCents: facts.cycle_amount_cents,
            currency: facts.currency,
            itemId: facts.stripe_item_id,
            trialEnd: iso(facts.trial_end),
          },
        },
        { transaction },
      );
      await recordOnboardingEvent(
        { userId, action: 'verify', context: { plan: plan.key, session: session.id, subscription: subscription.id } },
        transaction,
      );
      return state;
    });
  });
}

/* ---------- branding ---------- */

export interface SubdomainCheck {
  available: boolean;
  subdomain: string;
  reason: string;
}

/**
 * POST /api/onboarding-check-subdomain: normalised as §5 says, then refused when invalid, reserved,
 * a workspace's, or reserved by another owner's onboarding.
 */
export async function checkSubdomain(
  ctx: ServiceContext,
  userId: string,
  input: { subdomain: string },
): Promise<SubdomainCheck> {
  const subdomain = normaliseSubdomain(input.subdomain);
  const refusal = await slugRefusalOf(ctx, subdomain, { owner: userId });
  if (refusal) return { available: false, subdomain, reason: SUBDOMAIN_REFUSALS[refusal] };
  return { available: true, subdomain, reason: ONBOARDING_MESSAGES.available };
}

/** Refuses a custom domain the platform owns, or one a workspace has verified (a mere claim holds no one back). */
async function assertCustomDomain(ctx: ServiceContext, domain: string, transaction: Transaction): Promise<void> {
  const base = ctx.config.baseDomain.toLowerCase();
  if (
    isPlatformHostname(ctx.config, domain) ||
    subdomainOf(ctx.config, domain) ||
    domain.endsWith(`.${base}`) ||
    domain.endsWith(`.${platformHostname(ctx.config)}`)
  )
    throw badRequest(`Addresses under ${base} belong to the platform; add a domain you own.`, 'platform_domain');
  if (await verifiedOwnerOf(domain, transaction))
    throw conflict(`${domain} is connected to another workspace.`, 'domain_taken');
}

/** The address of an uploaded onboarding logo: where the workspace will serve it from. */
export const onboardingLogoUrl = (state: OnboardingState, name: string) =>
  `/api/public/brand/${state.workspace_id}/${name}`;

/** POST /api/onboarding-branding: colour, logo, subdomain (reserved for this owner) and an optional custom domain. */
export async function saveOnboardingBranding(
  ctx: ServiceContext,
  userId: string,
  input: { brandColor: string; logoUrl?: string | null; subdomain: string; customDomain?: string | null },
): Promise<OnboardingState> {
  return step(userId, 'branding', () =>
    inTransaction(ctx, async (transaction) => {
      const state = await openState(userId, transaction);
      if (onboardingStep(ctx, state) === 'plan') throw conflict('Choose a plan first.', 'plan_not_chosen');
      const check = await checkSubdomain({ ...ctx, transaction }, userId, { subdomain: input.subdomain });
      if (!check.available) throw conflict(check.reason, 'subdomain_unavailable');
      const logoUrl = input.logoUrl ?? null;
      if (logoUrl !== null && logoUrl !== state.logo_url)
        throw badRequest('Upload the logo with the Upload logo button; a logo cannot be linked from elsewhere.');
      const customDomain = input.customDomain ?? null;
      if (customDomain) {
        if (!planOf(state.plan).custom_domain) throw forbidden(DOMAINS_PLAN_MESSAGE, 'plan_required');
        await assertCustomDomain(ctx, customDomain, transaction);
      }
      await state
        .update(
          {
            brand_color: input.brandColor,
            logo_url: logoUrl,
            subdomain: check.subdomain,
            custom_domain: customDomain,
            branding_saved: true,
            error: null,
          },
          { transaction },
        )
        .catch((error: unknown) => {
          // Another owner reserved it a moment ago: the unique index decides.
          throw error instanceof UniqueConstraintError
            ? conflict(ONBOARDING_MESSAGES.taken, 'subdomain_unavailable')
            : error;
        });
      await recordOnboardingEvent(
        {
          userId,
          action: 'branding',
          context: { subdomain: check.subdomain, brandColor: input.brandColor, customDomain, logo: Boolean(logoUrl) },
        },
        transaction,
      );
      return state;
    }),
  );
}

/** The logo the owner uploaded (stored under the workspace's id); answers the address it replaced. */
export async function setOnboardingLogo(
  ctx: ServiceContext,
  userId: string,
  input: { name: string },
): Promise<{ state: OnboardingState; previous: string | null }> {
  return inTransaction(ctx, async (transaction) => {
    const state = await openState(userId, transaction);
    const previous = state.logo_url;
    await state.update({ logo_url: onboardingLogoUrl(state, input.name) }, { transaction });
    return { state, previous };
  });
}

/** Whose workspace id an upload goes under, for the owner about to upload their logo. */
export async function onboardingWorkspaceId(ctx: ServiceContext, userId: string): Promise<string> {
  const state = await findOnboarding(ctx, userId);
  if (!state) throw notFound(NOT_SIGNING_UP);
  if (state.status !== 'in_progress') throw conflict(ALREADY_PROVISIONING, 'onboarding_closed');
  return state.workspace_id;
}

/* ---------- capabilities ---------- */

export interface CapabilitiesInput {
  useEmbeds: boolean;
  useForms: boolean;
  useFiles: boolean;
  slackWebhook?: string | null;
  emailFromName?: string | null;
  emailFromAddress?: string | null;
}

/** POST /api/onboarding-capabilities: the workspace's features, its Slack webhook (checked, kept encrypted) and email sender. */
export async function saveOnboardingCapabilities(
  ctx: ServiceContext,
  userId: string,
  input: CapabilitiesInput,
): Promise<OnboardingState> {
  return step(userId, 'capabilities', async () => {
    const slack = input.slackWebhook ?? null;
    if (slack) await assertSlackWebhookUrl(ctx, slack);
    return inTransaction(ctx, async (transaction) => {
      const state = await openState(userId, transaction);
      if (!state.branding_saved) throw conflict('Choose your branding and subdomain first.', 'branding_not_saved');
      await state.update(
        {
          capabilities: {
            useEmbeds: input.useEmbeds,
            useForms: input.useForms,
            useFiles: input.useFiles,
            emailFromName: input.emailFromName || null,
            emailFromAddress: input.emailFromAddress || null,
          },
          slack_webhook_encrypted: slack ? encryptSecret(slack, ctx.config.secretsKey) : null,
          slack_webhook_last4: slack ? slack.slice(-4) : null,
          capabilities_saved: true,
        },
        { transaction },
      );
      await recordOnboardingEvent(
        {
          userId,
          action: 'capabilities',
          context: {
            useEmbeds: input.useEmbeds,
            useForms: input.useForms,
            useFiles: input.useFiles,
            slack: Boolean(slack),
            emailFrom: Boolean(input.emailFromAddress),
          },
        },
        transaction,
      );
      return state;
    });
  });
}

/* ---------- provisioning ---------- */

/**
 * POST /api/onboarding-provision: from review (or after a failure), marks the state provisioning
 * and queues the `workspace` job once that commits. Asking again while it runs queues nothing more.
 */
export async function requestProvisioning(ctx: ServiceContext, userId: string): Promise<OnboardingState> {
  return step(userId, 'provision_queued', async () => {
    return inTransaction(ctx, async (transaction) => {
      const state = await ownState(userId, transaction);
      if (state.status === 'provisioning' || state.status === 'ready') return state;
      const at = onboardingStep(ctx, state);
      if (state.status === 'in_progress' && at !== 'review')
        throw conflict(`Finish the ${at} step first.`, 'onboarding_incomplete');
      await state.update({ status: 'provisioning', error: null }, { transaction });
      await recordOnboardingEvent(
        { userId, action: 'provision_queued', context: { subdomain: state.subdomain, plan: state.plan } },
        transaction,
      );
      // After the outermost commit (a caller's transaction too): the job must find the state provisioning.
      transaction.afterCommit(async () => {
        await ctx.queues.provisioning.add(
          'workspace',
          { kind: 'workspace', onboardingId: state.id },
          {
            // A new job for each request: a failed one keeps its id in BullMQ until it is removed.
            jobId: `workspace-${state.id}-${randomBytes(4).toString('hex')}`,
            // Someone is watching the wizard: retry within seconds, not the queue's half-minute backoff.
            attempts: 5,
            backoff: { type: 'exponential', delay: 2_000 },
          },
        );
      });
      return state;
    });
  });
}

/** What the owner reads when a run fails: the refusal's own sentence, or a general one (the details stay in the logs). */
function failureSentence(error: unknown): string {
  return error instanceof DomainError
    ? error.message
    : 'Something went wrong while setting up your workspace. We are trying again.';
}

/**
 * The `workspace` provisioning job: in ONE transaction, with the onboarding state locked, the tenant
 * (its id reserved at signup, slug = subdomain), its default role types, the owner as admin, brand,
 * features, plan and seats (and the subscription when paid), Slack, the custom domain (unverified),
 * the welcome email (outbox) and the state marked ready. A state already ready is left as it is, so
 * running the job twice makes one workspace. A failure rolls everything back, is stored on the
 * state as a sentence and thrown so BullMQ retries; after the last attempt the state is failed.
 */
export async function provisionWorkspace(
  ctx: ServiceContext,
  input: { onboardingId: string; lastAttempt: boolean },
): Promise<{ tenantId: string | null; created: boolean }> {
  // The run owns its transaction, never a caller's: its failure is written once that transaction has
  // rolled back, and a caller's still open would hold the state's row lock that write waits for.
  const own = { ...ctx, transaction: undefined };
  let hosts: string[] = [];
  try {
    const result = await inTransaction(own, async (transaction) => {
      const state = await OnboardingState.findByPk(input.onboardingId, { transaction, lock: transaction.LOCK.UPDATE });
      if (!state || state.status === 'ready') return { tenantId: state?.tenant_id ?? null, created: false };
      if (state.status !== 'provisioning') return { tenantId: null, created: false };
      const user = await User.findByPk(state.user_id, { transaction });
      if (!user) throw new DomainError(404, 'The account that started this workspace no longer exists.');
      const plan = planOf(state.plan);
      const capabilities = capabilitiesOf(state);
      const slug = state.subdomain!;
      const tenant = await createTenant(
        {
          id: state.workspace_id,
          name: state.company_name,
          slug,
          tier: plan.key,
          seatsTotal: 3,
          bypassBilling: false,
        },
        transaction,
      );
      await tenant.update(
        {
          primary_color: state.brand_color,
          logo_url: state.logo_url,
          admin_seats_extra: Math.max(0, state.admin_seats - plan.admin_seats.included),
          features: { embeds: capabilities.useEmbeds, forms: capabilities.useForms, files: capabilities.useFiles },
          email_from_name: capabilities.emailFromName,
          email_from_address: capabilities.emailFromAddress,
          stripe_customer_id: state.stripe_customer_id,
          ...billingStateOf(state.paid ? state.subscription : null),
        },
        { transaction },
      );
      await Membership.create(
        { tenant_id: tenant.id, user_id: user.id, role: 'admin', status: 'active' },
        { transaction },
      );
      if (state.paid && state.subscription) {
        const paid = state.subscription;
        const dateOf = (iso: string | null | undefined) => (iso ? new Date(iso) : null);
        await BillingSubscription.create(
          {
            stripe_subscription_id: paid.id,
            tenant_id: tenant.id,
            purpose: 'plan',
            plan: plan.key,
            status: paid.status,
            quantity: paid.quantity,
            cycle: paid.cycle ?? null,
            unit_amount_cents: paid.unitAmountCents ?? null,
            cycle_amount_cents: paid.cycleAmountCents ?? null,
            currency: paid.currency ?? null,
            stripe_item_id: paid.itemId ?? null,
            current_period_start: dateOf(paid.currentPeriodStart),
            current_period_end: dateOf(paid.currentPeriodEnd),
            trial_end: dateOf(paid.trialEnd),
            cancel_at_period_end: false,
            started_at: dateOf(paid.startedAt),
          },
          { transaction },
        );
      }
      if (state.slack_webhook_encrypted)
        await TenantSlackWebhook.create(
          {
            tenant_id: tenant.id,
            url_encrypted: state.slack_webhook_encrypted,
            url_last4: state.slack_webhook_last4 ?? '',
          },
          { transaction },
        );
      if (state.custom_domain)
        await TenantDomain.create(
          {
            tenant_id: tenant.id,
            domain: state.custom_domain,
            verification_token: randomBytes(16).toString('hex'),
            created_by: user.id,
          },
          { transaction },
        );
      await audit(
        { tenantId: tenant.id, actor: { userId: user.id } },
        {
          action: 'tenant.created',
          entity: { type: 'tenant', id: tenant.id },
          details: {
            name: tenant.name,
            slug,
            tier: plan.key,
            admin_seats: state.admin_seats,
            paid: state.paid,
            via: 'onboarding',
          },
        },
        transaction,
      );
      const loginUrl = workspaceLoginUrl(ctx, slug);
      const rendered = await welcomeEmail({ name: tenant.name, primaryColor: tenant.primary_color }, loginUrl);
      await sendEmail(ctx, { ...rendered, to: user.email, tenantId: tenant.id }, transaction);
      await state.update(
        { status: 'ready', tenant_id: tenant.id, error: null, provisioned_at: ctx.clock.now() },
        { transaction },
      );
      await recordOnboardingEvent(
        { userId: user.id, action: 'provisioned', tenantId: tenant.id, context: { slug, plan: plan.key } },
        transaction,
      );
      hosts = [`${slug}.${ctx.config.baseDomain.toLowerCase()}`, ...(state.custom_domain ? [state.custom_domain] : [])];
      return { tenantId: tenant.id, created: true };
    });
    // A host looked up before the workspace existed was remembered as the platform's.
    if (hosts.length > 0) await forgetHosts(ctx, hosts);
    return result;
  } catch (error) {
    // A workspace took the subdomain meanwhile (the console creates workspaces too): retrying cannot
    // help, so the owner goes back to branding to choose another.
    if (error instanceof DomainError && error.code === 'slug_taken') {
      await handBackSubdomain(own, input.onboardingId, error.message);
      return { tenantId: null, created: false };
    }
    const sentence = failureSentence(error);
    await inTransaction(own, async (transaction) => {
      const state = await OnboardingState.findByPk(input.onboardingId, { transaction, lock: transaction.LOCK.UPDATE });
      if (!state || state.status !== 'provisioning') return;
      await state.update(
        {
          error: input.lastAttempt ? sentence.replace(/ We are trying again\.$/, ' Try again.') : sentence,
          ...(input.lastAttempt && { status: 'failed' as const }),
        },
        { transaction },
      );
      await recordOnboardingEvent(
        {
          userId: state.user_id,
          action: 'failed',
          error: error instanceof Error ? error.message : String(error),
          context: { lastAttempt: input.lastAttempt, shown: sentence },
        },
        transaction,
      );
    });
    throw error;
  }
}

export const SUBDOMAIN_TAKEN_MEANWHILE =
  'Another workspace took your subdomain while yours was being set up. Choose another.';

async function handBackSubdomain(ctx: ServiceContext, onboardingId: string, cause: string): Promise<void> {
  await inTransaction(ctx, async (transaction) => {
    const state = await OnboardingState.findByPk(onboardingId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!state || state.status !== 'provisioning') return;
    await state.update(
      { status: 'in_progress', branding_saved: false, subdomain: null, error: SUBDOMAIN_TAKEN_MEANWHILE },
      { transaction },
    );
    await recordOnboardingEvent(
      { userId: state.user_id, action: 'failed', error: cause, context: { shown: SUBDOMAIN_TAKEN_MEANWHILE } },
      transaction,
    );
  });
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
  const events = await OnboardingEvent.findAll({
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
    ? await User.findAll({
        where: { id: { [Op.in]: userIds } },
        attributes: ['id', 'email'],
        transaction: ctx.transaction,
      })
    : [];
  const emails = new Map(users.map((u) => [u.id, u.email]));
  return events.map((event) => ({ event, email: event.user_id ? (emails.get(event.user_id) ?? null) : null }));
}
