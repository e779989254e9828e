import {
  CRON_TABLE,
  disabledCronJobs,
  evaluateAlertRules,
  flushApiKeyUsage,
  noteCronRun,
  rebuildSearchIndexes,
  sendBillingReminders,
  registerCronJob,
  purgeExpired,
  purgeDeletedFiles,
  purgeOldMessages,
  queueMessageEmails,
  queueInboxDigests,
  pushOpenedAnnouncements,
  sweepEvents,
  sweepJobOutbox,
  sweepOutbox,
  sweepUnfinishedUploads,
  type AppContext,
  type QueuePayloads,
} from '@portico/core';
import { Worker, type Job } from 'bullmq';

/** Registers every periodic job a super admin has not switched off, and removes those switched off. */
export async function registerSchedules(ctx: AppContext): Promise<void> {
  const disabled = await disabledCronJobs(ctx);
  for (const entry of CRON_TABLE) {
    if (disabled.has(entry.name)) await ctx.queues.maintenance.removeJobScheduler(entry.name);
    else await registerCronJob(ctx, entry);
  }
}

export async function runMaintenance(ctx: AppContext, job: Job<QueuePayloads['maintenance']>): Promise<unknown> {
  switch (job.data.task) {
    case 'purge-expired': {
      const purged = await purgeExpired(ctx);
      ctx.logger.info(
        { purged },
        'expired tokens, invitations, domain claims, inbox items and history past retention purged',
      );
      return purged;
    }
    case 'sweep-outbox':
      return { requeued: await sweepOutbox(ctx), requeuedJobs: await sweepJobOutbox(ctx) };
    case 'flush-api-key-usage':
      return { updated: await flushApiKeyUsage(ctx) };
    case 'notifications-tick': {
      const pushed = await pushOpenedAnnouncements(ctx);
      const fired = await evaluateAlertRules(ctx);
      if (fired.length > 0) ctx.logger.warn({ fired }, 'alert rules fired');
      return { pushed, fired };
    }
    case 'rebuild-search-index':
      return rebuildSearchIndexes(ctx, (done, total) => job.updateProgress(Math.round((done / total) * 100)));
    case 'sweep-uploads': {
      const removed = await sweepUnfinishedUploads(ctx);
      if (removed > 0) ctx.logger.info({ removed }, 'unfinished uploads swept');
      return { removed };
    }
    case 'billing-reminders': {
      const sent = await sendBillingReminders(ctx);
      if (sent > 0) ctx.logger.info({ sent }, 'billing reminders emailed');
      return { sent };
    }
    case 'message-emails':
      return { queued: await queueMessageEmails(ctx) };
    case 'inbox-digests':
      return { queued: await queueInboxDigests(ctx) };
    case 'purge-messages': {
      const purged = await purgeOldMessages(ctx);
      if (purged.messages > 0) ctx.logger.info(purged, 'messages past their workspace’s retention deleted');
      return purged;
    }
    case 'purge-deleted-files': {
      const purged = await purgeDeletedFiles(ctx);
      if (purged.files > 0) ctx.logger.info(purged, 'files deleted more than 30 days ago purged');
      return purged;
    }
    case 'sweep-events': {
      const requeued = await sweepEvents(ctx);
      if (requeued.events + requeued.deliveries > 0)
        ctx.logger.info(requeued, 'undispatched webhook events and deliveries queued again');
      return requeued;
    }
  }
}

export function createMaintenanceWorker(ctx: AppContext): Worker<QueuePayloads['maintenance']> {
  const run = async (job: Job<QueuePayloads['maintenance']>) => {
    const result = await runMaintenance(ctx, job);
    const now = new Date();
    ctx.metrics.schedulerLastRun.set({ job: job.data.task }, now.getTime() / 1000);
    await noteCronRun(ctx, job.data.task, now);
    return result;
  };
  return new Worker<QueuePayloads['maintenance']>('maintenance', run, {
    connection: ctx.redis.duplicate(),
    prefix: ctx.config.redisPrefix,
    concurrency: 1,
  });
}
