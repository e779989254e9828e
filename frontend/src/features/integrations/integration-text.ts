import type { BadgeTone } from '../../ui/Badge';
import type { DeliveryStatus, Webhook, WebhookEvents } from './api';
import { ApiError } from '../../lib/api/http';

/** Texts of the Integrations page (tenant-portal §5, §8; docs/api.md Integrations). */
export const INTEGRATION_MESSAGES = {
  adminsOnly: 'Admins only.',
  copied: 'Copied!',
  copyFailed: 'Could not copy. Select the text and copy it.',
  testSent: 'Test event sent',
  replayQueued: 'Replay queued',
  keyCreated: 'API key created',
  keyRevoked: 'API key revoked',
  webhookCreated: 'Webhook created',
  webhookDeleted: 'Webhook deleted',
  upgradeFallback: 'API keys and webhooks are available on the Pro and Advanced plans. Upgrade to use them.',
} as const;

/** Refusal code of every Integrations call on a plan without integrations (starter). */
export const PLAN_REQUIRED = 'plan_required';

/** A new key or signing secret stays on screen this long unless dismissed (tenant-portal §4, §9). */
export const SECRET_DISPLAY_MS = 30_000;

/** Whole seconds until a secret shown at `shownAt` is hidden; never below 0. */
export function secondsLeft(shownAt: number, now: number, durationMs = SECRET_DISPLAY_MS): number {
  return Math.max(0, Math.ceil((shownAt + durationMs - now) / 1000));
}

export function countdownText(seconds: number): string {
  return seconds === 1 ? 'Hidden in 1 second' : `Hidden in ${seconds} seconds`;
}

export const EVENT_CHOICES: ReadonlyArray<{ value: WebhookEvents; label: string; detail: string }> = [
  { value: 'all', label: 'All events', detail: 'Forms, files and members joining or leaving' },
  { value: 'forms', label: 'Forms', detail: 'form.submitted, form.published' },
  {
    value: 'files',
    label: 'Files',
    detail: 'file.uploaded, file.assigned, file.deleted, file.restored, file.version_uploaded',
  },
];

export function eventsLabel(events: WebhookEvents): string {
  return EVENT_CHOICES.find((choice) => choice.value === events)?.label ?? events;
}

export const DELIVERY_STATUS: Record<DeliveryStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'orange' },
  succeeded: { label: 'Succeeded', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
};

export interface WebhookState {
  label: string;
  tone: BadgeTone;
  /** Why it was switched off automatically, when it was. */
  reason: string | null;
}

export function webhookState(webhook: Pick<Webhook, 'enabled' | 'disabled_reason'>): WebhookState {
  if (webhook.enabled) return { label: 'Enabled', tone: 'green', reason: null };
  if (webhook.disabled_reason) return { label: 'Disabled automatically', tone: 'red', reason: webhook.disabled_reason };
  return { label: 'Disabled', tone: 'gray', reason: null };
}

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE_TIME.format(date);
}

/** A key's last use: 'Never' before its first call. */
export function lastUsedText(iso: string | null): string {
  return formatDateTime(iso) || 'Never';
}

/** What replaces a section when its list cannot be shown: the plan's upgrade prompt, or a refusal. */
export type SectionBlock = { kind: 'plan'; message: string } | { kind: 'forbidden'; message: string };

export function sectionBlock(error: unknown): SectionBlock | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  if (error.code === PLAN_REQUIRED)
    return { kind: 'plan', message: error.message || INTEGRATION_MESSAGES.upgradeFallback };
  return { kind: 'forbidden', message: error.message || INTEGRATION_MESSAGES.adminsOnly };
}
