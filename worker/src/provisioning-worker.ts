import {
  cancelSubscriptionsAtStripe,
  checkDomainCertificate,
  provisionWorkspace,
  removeTenantStorage,
  type AppContext,
  type QueuePayloads,
} from '@portico/core';
import { Worker, type Job } from 'bullmq';

/**
 * Provisioning: a verified custom domain's certificate (the proxy gets it on the first HTTPS call),
 * a deleted workspace's stored objects removed and its Stripe subscriptions cancelled, and a new
 * workspace from onboarding. A check, a removal, a cancellation or a workspace that fails is thrown, so BullMQ retries it with its backoff; the last
 * attempt of a check records failed, the last of a workspace marks its onboarding failed.
 */
export async function provision(ctx: AppContext, job: Job<QueuePayloads['provisioning']>): Promise<string> {
  const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  if (job.data.kind === 'workspace') {
    const { tenantId, created } = await provisionWorkspace(ctx, { onboardingId: job.data.onboardingId, lastAttempt });
    return created ? `created ${tenantId}` : 'already provisioned';
  }
  if (job.data.kind === 'remove-storage') {
    const removed = await removeTenantStorage(ctx, job.data.tenantId);
    ctx.logger.info({ tenantId: job.data.tenantId, removed }, 'removed a deleted workspace’s stored objects');
    return `removed ${removed}`;
  }
  if (job.data.kind === 'cancel-subscriptions') {
    const canceled = await cancelSubscriptionsAtStripe(ctx, job.data);
    ctx.logger.info({ tenantId: job.data.tenantId, canceled }, 'cancelled a deleted workspace’s Stripe subscriptions');
    return `cancelled ${canceled}`;
  }
  const { outcome, failure } = await checkDomainCertificate(ctx, { ...job.data, lastAttempt });
  if (outcome !== 'gone') ctx.metrics.certificates.inc({ outcome: outcome === 'retry' ? 'retried' : outcome });
  if (outcome === 'retry') throw new Error(failure);
  return outcome;
}

export function createProvisioningWorker(ctx: AppContext): Worker<QueuePayloads['provisioning']> {
  return new Worker<QueuePayloads['provisioning']>('provisioning', (job) => provision(ctx, job), {
    connection: ctx.redis.duplicate(),
    prefix: ctx.config.redisPrefix,
    concurrency: 5,
  });
}
