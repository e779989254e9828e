import { randomBytes } from 'node:crypto';
import type { OnboardingState, OnboardingSubscription } from '../db/models';
import { welcomeEmail } from '../mail/templates';
import { planOf } from '../plans';
import { inTransaction, type ServiceContext } from '../scope';
import { audit } from '../kernel/audit';
import { conflict, DomainError } from '../kernel/errors';
import { sendEmail } from '../integrations';
import { notifySuperAdmins } from '../inbox';
import { createTenant, forgetHosts } from '../tenancy';
import {
  findUser,
  insertBillingSubscription,
  insertMembership,
  insertSlackWebhook,
  insertTenantDomain,
  lockOnboarding,
  recordOnboardingEvent,
} from './onboarding-data';
import { capabilitiesOf, onboardingStep, ownState, step, workspaceLoginUrl } from './state';

/* From review to a workspace: the request that queues provisioning, and the job that makes the workspace. */

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

/* ---------- provisioning ---------- */

/**
 * POST /api/onboarding-provision: from review (or after a failure), marks the state provisioning
 * and queues the `workspace` job once that commits. Asking again while it runs queues nothing more.
 */
export async function requestProvisioning(ctx: ServiceContext, userId: string): Promise<OnboardingState> {
  return step(ctx, userId, 'provision_queued', async () => {
    return inTransaction(ctx, async (transaction) => {
      const state = await ownState(ctx, userId, transaction);
      if (state.status === 'provisioning' || state.status === 'ready') return state;
      const at = onboardingStep(ctx, state);
      if (state.status === 'in_progress' && at !== 'review')
        throw conflict(`Finish the ${at} step first.`, 'onboarding_incomplete');
      await state.update({ status: 'provisioning', error: null }, { transaction });
      await recordOnboardingEvent(
        ctx,
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
      const state = await lockOnboarding(ctx, input.onboardingId, transaction);
      if (!state || state.status === 'ready') return { tenantId: state?.tenant_id ?? null, created: false };
      if (state.status !== 'provisioning') return { tenantId: null, created: false };
      const user = await findUser(ctx, state.user_id, transaction);
      if (!user) throw new DomainError(404, 'The account that started this workspace no longer exists.');
      const plan = planOf(state.plan);
      const capabilities = capabilitiesOf(state);
      const slug = state.subdomain!;
      const tenant = await createTenant(
        ctx,
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
          // Until the owner confirms their address, the workspace's mail to clients waits (issue 31).
          client_mail_held_for: user.email_verified_at ? null : user.id,
          stripe_customer_id: state.stripe_customer_id,
          ...billingStateOf(state.paid ? state.subscription : null),
        },
        { transaction },
      );
      await insertMembership(ctx, tenant.id, { user_id: user.id, role: 'admin', status: 'active' }, transaction);
      if (state.paid && state.subscription) {
        const paid = state.subscription;
        const dateOf = (iso: string | null | undefined) => (iso ? new Date(iso) : null);
        await insertBillingSubscription(
          ctx,
          tenant.id,
          {
            stripe_subscription_id: paid.id,
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
          transaction,
        );
      }
      if (state.slack_webhook_encrypted)
        await insertSlackWebhook(
          ctx,
          tenant.id,
          { url_encrypted: state.slack_webhook_encrypted, url_last4: state.slack_webhook_last4 ?? '' },
          transaction,
        );
      if (state.custom_domain)
        await insertTenantDomain(
          ctx,
          tenant.id,
          {
            domain: state.custom_domain,
            verification_token: randomBytes(16).toString('hex'),
            created_by: user.id,
          },
          transaction,
        );
      await audit(
        ctx,
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
      await notifySuperAdmins(
        ctx,
        {
          kind: 'workspace.created',
          title: `New workspace: ${tenant.name} (${plan.name})`,
          body: null,
          link: '/super/tenants',
          entity: { type: 'tenant', id: tenant.id },
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
        ctx,
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
      const state = await lockOnboarding(ctx, input.onboardingId, transaction);
      if (!state || state.status !== 'provisioning') return;
      await state.update(
        {
          error: input.lastAttempt ? sentence.replace(/ We are trying again\.$/, ' Try again.') : sentence,
          ...(input.lastAttempt && { status: 'failed' as const }),
        },
        { transaction },
      );
      await recordOnboardingEvent(
        ctx,
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
    const state = await lockOnboarding(ctx, onboardingId, transaction);
    if (!state || state.status !== 'provisioning') return;
    await state.update(
      { status: 'in_progress', branding_saved: false, subdomain: null, error: SUBDOMAIN_TAKEN_MEANWHILE },
      { transaction },
    );
    await recordOnboardingEvent(
      ctx,
      { userId: state.user_id, action: 'failed', error: cause, context: { shown: SUBDOMAIN_TAKEN_MEANWHILE } },
      transaction,
    );
  });
}
