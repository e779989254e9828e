import { checkDomainCertificate, type AppContext, type QueuePayloads } from '@portico/core';
import { Worker, type Job } from 'bullmq';

/**
 * Provisioning: a verified custom domain's certificate (the proxy gets it on the first HTTPS call).
 * A check that fails is thrown, so BullMQ retries it with its backoff; the last attempt records failed.
 */
export async function provision(ctx: AppContext, job: Job<QueuePayloads['provisioning']>): Promise<string> {
  const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
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
