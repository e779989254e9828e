import type { Job } from 'bullmq';
import type { QueueName } from './queues';

/*
 * How a BullMQ job shows in the platform console: a row of its Queues and Jobs list
 * (`console/jobs.ts`), and the live `job` event a worker sends as the job moves (`metrics.ts`).
 */

export type JobStatus = 'waiting' | 'delayed' | 'active' | 'completed' | 'failed';
const ERROR_EXCERPT_CHARS = 200;

export interface JobRow {
  id: string;
  queue: QueueName;
  name: string;
  status: JobStatus;
  runtimeMs: number | null;
  attempts: number;
  errorExcerpt: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** A job's failure as a console row (and the audit of a retry) shows it: its first characters. */
export function excerpt(text: string | undefined): string | null {
  if (!text) return null;
  return text.length > ERROR_EXCERPT_CHARS ? `${text.slice(0, ERROR_EXCERPT_CHARS)}…` : text;
}

export function jobRow(queue: QueueName, job: Job, status: JobStatus, now: number): JobRow {
  const started = job.processedOn ?? null;
  const ended = job.finishedOn ?? (status === 'active' ? now : null);
  return {
    id: `${queue}:${job.id}`,
    queue,
    name: job.name,
    status,
    runtimeMs: started !== null && ended !== null ? Math.max(0, ended - started) : null,
    attempts: job.attemptsMade,
    errorExcerpt: status === 'failed' || job.failedReason ? excerpt(job.failedReason) : null,
    createdAt: new Date(job.timestamp).toISOString(),
    finishedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
  };
}
