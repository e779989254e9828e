import type { Transaction } from 'sequelize';
import type { AppContext } from '../context';
import type { TenantEvent, FileRecord } from '../db/models';
import type { QueuePayloads } from '../queues';
import { insertTenantEvent } from './kernel-data';

/** Events tenants can subscribe outgoing webhooks to, grouped as the spec's choices (forms, files, all). */
export const TENANT_EVENT_TYPES = [
  'form.submitted',
  'form.published',
  'file.uploaded',
  'file.assigned',
  'file.deleted',
  'file.restored',
  'file.version_uploaded',
  'member.joined',
  'member.removed',
  'message.created',
] as const;
export type TenantEventType = (typeof TENANT_EVENT_TYPES)[number];

/** What a webhook receives: the tenant events, and `ping` from the Test button (sent to that webhook only). */
export type WebhookEventType = TenantEventType | 'ping';

/** Events recorded in each open transaction, queued together once it commits. */
const pendingFanouts = new WeakMap<Transaction, string[]>();

/** A job of an event or a delivery (a Slack post is queued on its own: `queueTenantSlack`). */
export type WebhookJob = Exclude<QueuePayloads['webhooks'], { kind: 'slack' }>;

/** A webhook job's id: its event's or its delivery's, so one row never has two live jobs. */
export function webhookJobId(job: WebhookJob): string {
  return job.kind === 'fanout' ? job.eventId : job.deliveryId;
}

/**
 * Queues webhook jobs, each under the id of its event or delivery (so queueing one again adds
 * nothing), WEBHOOK_FANOUT_BATCH jobs per Redis call.
 */
export async function queueWebhookJobs(
  ctx: Pick<AppContext, 'queues' | 'config'>,
  jobs: readonly WebhookJob[],
): Promise<void> {
  const batch = ctx.config.webhooks.fanoutBatch;
  for (let start = 0; start < jobs.length; start += batch)
    await ctx.queues.webhooks.addBulk(
      jobs.slice(start, start + batch).map((data) => ({
        name: data.kind,
        data,
        opts: { jobId: webhookJobId(data) },
      })),
    );
}

/**
 * Records an event in the caller's transaction (an outbox), so the change and its event commit or
 * roll back together; once committed, one `fanout` job per event turns it into deliveries.
 */
export async function recordEvent(
  ctx: Pick<AppContext, 'db' | 'queues' | 'config' | 'logger'>,
  tenantId: string,
  type: TenantEventType,
  data: Record<string, unknown>,
  transaction: Transaction,
): Promise<TenantEvent> {
  const event = await insertTenantEvent(ctx, tenantId, { type, data }, transaction);
  const pending = pendingFanouts.get(transaction);
  if (pending) {
    pending.push(event.id);
    return event;
  }
  const ids = [event.id];
  pendingFanouts.set(transaction, ids);
  // Awaited by the commit, so the jobs are queued before the caller answers.
  transaction.afterCommit(async () => {
    try {
      await queueWebhookJobs(
        ctx,
        ids.map((eventId) => ({ kind: 'fanout', eventId })),
      );
    } catch (error) {
      // Nothing is lost: sweep-events queues undispatched events again.
      ctx.logger.error({ err: error, events: ids }, 'could not queue the fan-out of events');
    }
  });
  return event;
}

/** The `data.file` of file events: what a receiver needs to find the file, never its storage key. */
export function fileEventData(
  file: Pick<
    FileRecord,
    | 'id'
    | 'title'
    | 'original_name'
    | 'content_type'
    | 'kind'
    | 'size_bytes'
    | 'user_id'
    | 'assigned_roles'
    | 'uploaded_by'
  >,
) {
  return {
    id: file.id,
    title: file.title,
    original_name: file.original_name,
    content_type: file.content_type,
    kind: file.kind,
    size_bytes: Number(file.size_bytes),
    user_id: file.user_id,
    assigned_roles: file.assigned_roles,
    uploaded_by: file.uploaded_by,
  };
}
