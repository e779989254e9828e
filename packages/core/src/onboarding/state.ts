import type { OnboardingStep } from '@portico/common';
import type { Transaction } from 'sequelize';
import type { OnboardingState, OnboardingCapabilities } from '../db/models';
import type { ServiceContext } from '../scope';
import { conflict, DomainError, notFound } from '../kernel/errors';
import { subdomainOrigin } from '../tenancy';
import { lockOnboardingOfUser, recordOnboardingEvent, type OnboardingAction } from './onboarding-data';

/*
 * Self-serve onboarding (platform-console §2 Signup and Onboarding, §3, §4, §5). An owner signs up,
 * then goes through plan, branding, capabilities and review; each step is saved on their onboarding
 * state, so the server decides where they are and they resume on any device. Review queues a
 * `provisioning` job whose processor (`provisionWorkspace`) makes the workspace in one transaction.
 * Every step writes an onboarding event, listed on the console.
 *
 * This file is what the steps share: where the owner stands, and their state read locked. The steps
 * are `wizard.ts` and `checkout.ts`, provisioning `provision-workspace.ts`, the events `events.ts`.
 */

export const NOT_SIGNING_UP = 'You have no workspace signup in progress. Start one from the sign-up page.';
export const ALREADY_PROVISIONING = 'Your workspace is already being set up; its details can no longer change.';

/**
 * Runs a step; a refusal is written as the step's event (with its sentence) before it reaches the
 * owner, outside the step's transaction, which the refusal rolls back.
 */
export async function step<T>(
  ctx: Pick<ServiceContext, 'db'>,
  userId: string,
  action: OnboardingAction,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError)
      await recordOnboardingEvent(ctx, { userId, action, error: error.message, context: { status: error.status } });
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

export async function ownState(
  ctx: Pick<ServiceContext, 'db'>,
  userId: string,
  transaction: Transaction,
): Promise<OnboardingState> {
  const state = await lockOnboardingOfUser(ctx, userId, transaction);
  if (!state) throw notFound(NOT_SIGNING_UP);
  return state;
}

/** The state to change at a step: locked, and still open to changes. */
export async function openState(
  ctx: Pick<ServiceContext, 'db'>,
  userId: string,
  transaction: Transaction,
): Promise<OnboardingState> {
  const state = await ownState(ctx, userId, transaction);
  if (state.status !== 'in_progress') throw conflict(ALREADY_PROVISIONING, 'onboarding_closed');
  return state;
}
