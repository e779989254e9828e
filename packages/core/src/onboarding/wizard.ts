import { normaliseSubdomain, ONBOARDING_MESSAGES, type OnboardingStartInput } from '@portico/common';
import { UniqueConstraintError, type Transaction } from 'sequelize';
import type { OnboardingState, Profile, TenantTier, User } from '../db/models';
import { planOf } from '../plans';
import { inTransaction, type ServiceContext } from '../scope';
import { encryptSecret } from '../kernel/crypto';
import { DOMAINS_PLAN_MESSAGE, verifiedOwnerOf } from '../custom-domains';
import { badRequest, conflict, forbidden, notFound } from '../kernel/errors';
import { assertSlackWebhookUrl } from '../integrations';
import { createSignedInUser, sendEmailVerification, type SessionTokens } from '../auth';
import { assertFlagOn, assertPasswordPolicy, assertSignupDomain } from '../settings';
import { isPlatformHostname, platformHostname, type SlugRefusal, slugRefusalOf, subdomainOf } from '../tenancy';
import { findOnboarding, insertOnboardingState, recordOnboardingEvent } from './onboarding-data';
import { ALREADY_PROVISIONING, checkoutRequired, NOT_SIGNING_UP, onboardingStep, openState, step } from './state';

/* The wizard's steps before review: the owner's start, then plan, branding and capabilities (checkout is `./checkout`). */

export const RESERVED_SUBDOMAIN = 'This subdomain is reserved. Choose another.';
const SUBDOMAIN_REFUSALS: Record<SlugRefusal, string> = {
  invalid: ONBOARDING_MESSAGES.subdomain,
  reserved: RESERVED_SUBDOMAIN,
  taken: ONBOARDING_MESSAGES.taken,
};

/* ---------- start ---------- */

/**
 * POST /api/onboarding-start: the owner's account (the platform's signup flag, signup domain
 * allowlist and password policy apply), their onboarding state, their first session and a link
 * confirming their address, in one transaction.
 */
export async function startOnboarding(
  ctx: ServiceContext,
  input: OnboardingStartInput & { ip?: string | null },
): Promise<{ user: User; profile: Profile; session: SessionTokens; state: OnboardingState }> {
  await assertFlagOn(ctx, 'signup');
  await assertSignupDomain(ctx, input.email);
  await assertPasswordPolicy(ctx, input.password);
  return inTransaction(ctx, async (transaction) => {
    const { user, profile, session } = await createSignedInUser(
      ctx,
      { email: input.email, password: input.password, fullName: input.name, title: input.title },
      transaction,
    );
    // The owner finishes onboarding meanwhile; the address is proven when they open the link.
    await sendEmailVerification(ctx, user, user.email, transaction);
    const state = await insertOnboardingState(
      ctx,
      {
        user_id: user.id,
        company_name: input.companyName,
        source: input.source,
        source_other: input.source === 'Other' ? (input.sourceOther ?? null) : null,
        title: input.title,
        plan: input.plan ?? null,
      },
      transaction,
    );
    await recordOnboardingEvent(
      ctx,
      {
        userId: user.id,
        action: 'start',
        context: { companyName: input.companyName, source: input.source, title: input.title, plan: input.plan ?? null },
      },
      transaction,
    );
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
  return step(ctx, userId, 'plan', () =>
    inTransaction(ctx, async (transaction) => {
      const state = await openState(ctx, userId, transaction);
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
        ctx,
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
  if (await verifiedOwnerOf(ctx, domain, transaction))
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
  return step(ctx, userId, 'branding', () =>
    inTransaction(ctx, async (transaction) => {
      const state = await openState(ctx, userId, transaction);
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
        ctx,
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
    const state = await openState(ctx, userId, transaction);
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
  return step(ctx, userId, 'capabilities', async () => {
    const slack = input.slackWebhook ?? null;
    if (slack) await assertSlackWebhookUrl(ctx, slack);
    return inTransaction(ctx, async (transaction) => {
      const state = await openState(ctx, userId, transaction);
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
        ctx,
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
