import { JOB_QUEUES } from '@portico/common';
import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';

export type MaintenanceTask =
  | 'purge-expired'
  | 'sweep-outbox'
  | 'sweep-events'
  | 'flush-api-key-usage'
  | 'notifications-tick'
  | 'sweep-uploads'
  | 'billing-reminders'
  | 'message-emails'
  | 'inbox-digests'
  | 'purge-messages'
  | 'purge-deleted-files'
  /** Asked for from the console, not periodic. */
  | 'rebuild-search-index';

/** Every queue and the payload of its jobs: the one place producers and workers agree on. */
export interface QueuePayloads {
  /** `sentMessageId`: SMTP took this message but its `sent` mark failed; the retry only records it. */
  emails: { outboxId: string; sentMessageId?: string };
  maintenance: { task: MaintenanceTask };
  /**
   * `fanout`: turn a tenant event into one delivery per subscribed webhook; `deliver`: send one
   * delivery; `slack`: post a message to the workspace's own Slack incoming webhook.
   */
  webhooks:
    | { kind: 'fanout'; eventId: string }
    | { kind: 'deliver'; deliveryId: string }
    | { kind: 'slack'; tenantId: string; text: string };
  /**
   * `certificate`: have the proxy get a verified custom domain's certificate; `remove-storage`: remove
   * a deleted workspace's stored objects; `cancel-subscriptions`: stop Stripe charging for a deleted
   * workspace (its subscription rows went with it, so their ids travel here); `workspace`: make the
   * workspace an owner's onboarding describes.
   */
  provisioning:
    | { kind: 'certificate'; tenantId: string; domainId: string }
    | { kind: 'remove-storage'; tenantId: string }
    | { kind: 'cancel-subscriptions'; tenantId: string; subscriptionIds: string[] }
    | { kind: 'workspace'; onboardingId: string };
  /**
   * The emails of a person's window, each sent once: `email`, of the messages they have not read in
   * the window ending `windowEnd` (ISO) (issue 32); `inbox-digest`, their daily digest of the inbox
   * (issue 33).
   */
  messages:
    | { kind: 'email'; tenantId: string; userId: string; windowEnd: string }
    | { kind: 'inbox-digest'; tenantId: string; userId: string; windowEnd: string };
}

export type QueueName = keyof QueuePayloads;

/** The console lists the same queues (`JOB_QUEUES` of @portico/common). */
export const QUEUE_NAMES: readonly QueueName[] = JOB_QUEUES;

export const DEFAULT_JOB_OPTIONS: Record<QueueName, JobsOptions> = {
  emails: {
    attempts: 6,
    backoff: { type: 'exponential', delay: 2000 },
    removeOnComplete: { count: 1000 },
    removeOnFail: { count: 5000 },
  },
  maintenance: {
    attempts: 3,
    backoff: { type: 'exponential', delay: 10_000 },
    removeOnComplete: { count: 100 },
    removeOnFail: { count: 500 },
  },
  webhooks: {
    attempts: 8,
    backoff: { type: 'webhook' },
    removeOnComplete: { count: 1000 },
    removeOnFail: { count: 5000 },
  },
  provisioning: {
    attempts: 8,
    backoff: { type: 'exponential', delay: 30_000 },
    removeOnComplete: { count: 1000 },
    removeOnFail: { count: 1000 },
  },
  messages: {
    attempts: 6,
    backoff: { type: 'exponential', delay: 5000 },
    removeOnComplete: { count: 1000 },
    removeOnFail: { count: 5000 },
  },
};

export type Queues = { [K in QueueName]: Queue<QueuePayloads[K]> };

export function createQueues(connection: Redis, prefix: string): Queues {
  const make = <K extends QueueName>(name: K) =>
    new Queue<QueuePayloads[K]>(name, { connection, prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS[name] });
  return {
    emails: make('emails'),
    maintenance: make('maintenance'),
    webhooks: make('webhooks'),
    provisioning: make('provisioning'),
    messages: make('messages'),
  };
}

export async function closeQueues(queues: Queues): Promise<void> {
  await Promise.all(Object.values(queues).map((q) => q.close()));
}
