import {
  auditAnswer,
  auditQuery,
  cronAnswer,
  cronParams,
  jobAnswer,
  jobParams,
  purgeCacheAnswer,
  purgeCacheBody,
  recentJobsAnswer,
  recentJobsQuery,
  searchRebuildAnswer,
} from '@portico/common';
import {
  cancelJob,
  listAuditLogs,
  listCronJobs,
  listRecentJobs,
  NO_SUCH_CRON,
  NO_SUCH_JOB,
  ONLY_FAILED_RETRY,
  ONLY_WAITING_CANCEL,
  purgeCaches,
  queueSearchRebuild,
  retryJob,
  toggleCronJob,
  type AuditFilters,
} from '@portico/core';
import type { z } from 'zod';
import { sendCsv } from '../http/csv';
import { defineRoutes } from '../http/route';
import { platformActorOf } from '../http/request';

const AUDIT_CSV_COLUMNS = [
  'time',
  'actor_user_id',
  'actor_email',
  'action',
  'entity_type',
  'entity_id',
  'tenant_id',
  'tenant_name',
  'reason',
  'details',
] as const;

function auditFilters(query: z.output<typeof auditQuery>): AuditFilters {
  return {
    limit: query.limit,
    actor: query.actor,
    action: query.action,
    tenantId: query.tenant_id,
    from: query.from,
    to: query.to,
  };
}

/** Queues and Jobs, the cron table, Audit Logs and the console's actions (platform-console §7), for super admins. */
export const jobRoutes = defineRoutes(
  'platform',
  { name: 'Jobs and audit', description: 'Queues, periodic jobs, the audit log and the console’s actions.' },
  (route) => [
    route({
      method: 'get',
      path: '/jobs/recent',
      operationId: 'listRecentJobs',
      summary: 'List the newest jobs of every queue',
      query: recentJobsQuery,
      responses: { 200: { description: 'Newest first.', schema: recentJobsAnswer } },
      handle: async ({ ctx, query }) => ({ jobs: await listRecentJobs(ctx, query) }),
    }),
    route({
      method: 'get',
      path: '/jobs/cron',
      operationId: 'listCronJobs',
      summary: 'List the periodic jobs',
      responses: { 200: { description: 'The cron table.', schema: cronAnswer } },
      handle: async ({ ctx }) => ({ cron: await listCronJobs(ctx) }),
    }),
    route({
      method: 'post',
      path: '/jobs/cron/:name/toggle',
      operationId: 'toggleCronJob',
      summary: 'Switch a periodic job off or back on',
      description: 'Removes or restores its BullMQ job scheduler. Audited.',
      params: cronParams,
      bodyOptional: true,
      responses: { 200: { description: 'The cron table after the change.', schema: cronAnswer } },
      refusals: { 404: NO_SUCH_CRON },
      handle: async ({ ctx, req, params }) => {
        await toggleCronJob(ctx, platformActorOf(req), params.name);
        return { cron: await listCronJobs(ctx) };
      },
    }),
    route({
      method: 'post',
      path: '/jobs/:id/retry',
      operationId: 'retryJob',
      summary: 'Run a failed job again',
      description: 'Its attempts start over and the email or delivery it sends is reopened. Audited.',
      params: jobParams,
      bodyOptional: true,
      responses: { 200: { description: 'The job, waiting.', schema: jobAnswer } },
      refusals: { 404: NO_SUCH_JOB, 409: ONLY_FAILED_RETRY },
      handle: async ({ ctx, req, params }) => ({ job: await retryJob(ctx, platformActorOf(req), params.id) }),
    }),
    route({
      method: 'post',
      path: '/jobs/:id/cancel',
      operationId: 'cancelJob',
      summary: 'Remove a job that has not started',
      description: 'The email or delivery it would have sent is closed as failed. Audited.',
      params: jobParams,
      bodyOptional: true,
      responses: { 200: { description: 'The job as it was.', schema: jobAnswer } },
      refusals: { 404: NO_SUCH_JOB, 409: ONLY_WAITING_CANCEL },
      handle: async ({ ctx, req, params }) => ({ job: await cancelJob(ctx, platformActorOf(req), params.id) }),
    }),
    route({
      method: 'get',
      path: '/audit',
      operationId: 'listAuditLogs',
      summary: 'List the audit log',
      query: auditQuery,
      responses: { 200: { description: 'Newest first.', schema: auditAnswer } },
      handle: async ({ ctx, query }) => ({
        logs: (await listAuditLogs(ctx, auditFilters(query))).map((row) => ({
          ...row,
          created_at: row.created_at.toISOString(),
        })),
      }),
    }),
    route({
      method: 'get',
      path: '/audit/export.csv',
      operationId: 'exportAuditLogs',
      summary: 'Export the audit log as CSV',
      description: 'The same filters as the list; at most 200 rows, newest first.',
      query: auditQuery,
      responses: { 200: { description: '`audit-log.csv`, as an attachment.', mediaType: 'text/csv' } },
      handle: async ({ ctx, res, query }) => {
        const rows = await listAuditLogs(ctx, auditFilters(query));
        await sendCsv(
          res,
          'audit-log.csv',
          AUDIT_CSV_COLUMNS,
          rows.map((r) => [
            r.created_at.toISOString(),
            r.actor_user_id ?? '',
            r.actor_email ?? '',
            r.action,
            r.entity_type,
            r.entity_id ?? '',
            r.tenant_id ?? '',
            r.tenant_name ?? '',
            r.reason ?? '',
            JSON.stringify(r.details),
          ]),
        );
      },
    }),
    route({
      method: 'post',
      path: '/super/cache/purge',
      operationId: 'purgeCache',
      summary: 'Purge the caches',
      description:
        'Every process drops what it cached of sessions, users, memberships, workspaces and role types. Audited.',
      body: purgeCacheBody,
      bodyOptional: true,
      responses: { 200: { description: 'Purged.', schema: purgeCacheAnswer } },
      handle: async ({ ctx, req, body }) => {
        await purgeCaches(ctx, platformActorOf(req), body.reason || null);
        return { purged: true as const };
      },
    }),
    route({
      method: 'post',
      path: '/super/search/rebuild',
      operationId: 'rebuildSearchIndex',
      summary: 'Rebuild the search indexes',
      description: 'Queues a maintenance job; its progress shows on the jobs page. Audited.',
      bodyOptional: true,
      responses: { 202: { description: 'Queued.', schema: searchRebuildAnswer } },
      handle: async ({ ctx, req }) => ({ job_id: await queueSearchRebuild(ctx, platformActorOf(req)) }),
    }),
  ],
);
