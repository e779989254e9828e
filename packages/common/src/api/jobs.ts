import { z } from 'zod';
import { isUuid } from '../ids';
import { count, timestamp } from './wire';

/* Queues and Jobs, the cron table, Audit Logs and the console's actions (platform-console §3, §7 Jobs and audit). */

export const JOB_QUEUES = ['emails', 'maintenance', 'webhooks', 'provisioning', 'messages'] as const;
export const JOB_STATUSES = ['waiting', 'delayed', 'active', 'completed', 'failed'] as const;

const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** GET /api/jobs/recent. */
export const recentJobsQuery = z.object({
  queue: z.preprocess(
    blankAsAbsent,
    z.enum(JOB_QUEUES, { error: `Queue must be one of ${JOB_QUEUES.join(', ')}.` }).optional(),
  ),
  status: z.preprocess(
    blankAsAbsent,
    z.enum(JOB_STATUSES, { error: `Status must be one of ${JOB_STATUSES.join(', ')}.` }).optional(),
  ),
  limit: z.coerce
    .number({ error: 'Limit must be a whole number from 1 to 500.' })
    .int('Limit must be a whole number from 1 to 500.')
    .min(1, 'Limit must be a whole number from 1 to 500.')
    .max(500, 'Limit must be a whole number from 1 to 500.')
    .default(100),
});

export const jobRow = z
  .object({
    id: z.string().meta({ description: '`queue:job id`.' }),
    queue: z.enum(JOB_QUEUES),
    name: z.string(),
    status: z.enum(JOB_STATUSES),
    runtimeMs: count.nullable(),
    attempts: count,
    errorExcerpt: z.string().nullable(),
    createdAt: timestamp,
    finishedAt: timestamp.nullable(),
  })
  .meta({ id: 'Job' });
export type JobRow = z.infer<typeof jobRow>;

export const recentJobsAnswer = z.object({ jobs: z.array(jobRow) });
export const jobAnswer = z.object({ job: jobRow });

export const jobParams = z.object({
  id: z.string().min(3).max(300).meta({ description: 'The job, as `queue:job id`.' }),
});

export const cronRow = z
  .object({
    name: z.string(),
    schedule: z.string().meta({ description: 'Cron pattern, UTC.' }),
    description: z.string(),
    lastRunAt: timestamp.nullable(),
    nextRunAt: timestamp.nullable(),
    enabled: z.boolean(),
    state: z.enum(['enabled', 'disabled', 'not_registered']).meta({
      description:
        '`disabled`: a super admin switched it off; `not_registered`: on, but no scheduler has registered it (is the scheduler running?).',
    }),
  })
  .meta({ id: 'CronJob' });
export type CronRow = z.infer<typeof cronRow>;
export const cronAnswer = z.object({ cron: z.array(cronRow) });
export const cronParams = z.object({ name: z.string().min(1).max(100) });

const AUDIT_LIMIT = 'Limit must be a whole number from 1 to 200.';
const dateFilter = (label: string) =>
  z.preprocess(
    blankAsAbsent,
    z.coerce.date({ error: `${label} must be a date such as 2026-11-26 or 2026-11-26T09:30:00Z.` }).optional(),
  );

/** GET /api/audit. */
export const auditQuery = z.object({
  limit: z.coerce
    .number({ error: AUDIT_LIMIT })
    .int(AUDIT_LIMIT)
    .min(1, AUDIT_LIMIT)
    .max(200, AUDIT_LIMIT)
    .default(100),
  actor: z.preprocess(
    blankAsAbsent,
    z
      .string({ error: 'Actor must be given once.' })
      .trim()
      .max(100, 'Actor must be at most 100 characters.')
      .optional(),
  ),
  action: z.preprocess(
    blankAsAbsent,
    z
      .string({ error: 'Action must be given once.' })
      .trim()
      .max(100, 'Action must be at most 100 characters.')
      .optional(),
  ),
  tenant_id: z.preprocess(
    blankAsAbsent,
    z
      .string({ error: 'Tenant must be a workspace id.' })
      .refine(isUuid, 'Tenant must be a workspace id.')
      .transform((v) => v.toLowerCase())
      .optional(),
  ),
  from: dateFilter('From'),
  to: dateFilter('To'),
});

export const auditRow = z
  .object({
    id: z.string(),
    actor_user_id: z.string().nullable(),
    actor_email: z.string().nullable(),
    action: z.string(),
    entity_type: z.string(),
    entity_id: z.string().nullable(),
    tenant_id: z.string().nullable(),
    tenant_name: z.string().nullable(),
    reason: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    created_at: timestamp,
  })
  .meta({ id: 'AuditLog' });
export type AuditRow = z.infer<typeof auditRow>;
export const auditAnswer = z.object({ logs: z.array(auditRow) });

/** POST /api/super/cache/purge. */
export const purgeCacheBody = z.object({
  reason: z
    .string({ error: 'Reason must be text.' })
    .trim()
    .max(500, 'Reason must be at most 500 characters.')
    .optional(),
});
export const purgeCacheAnswer = z.object({ purged: z.literal(true) });
export const searchRebuildAnswer = z.object({ job_id: z.string() });
