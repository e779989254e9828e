export * from './config';
export * from './clock';
export * from './context';
export * from './wiring';
export * from './mail/mailer';
export * from './scope';
export * from './logger';
export * from './queues';
export * from './redis';
export * from './metrics';
export * from './metrics-history';
export * from './slow-queries';
/*
 * The public face of the domain: services, their types and errors. Models, the connection and
 * migrations live in `@portico/core/db`; models are exported here as types only (what a service
 * returns), so api/, worker/ and scheduler/ can name them but reach data through services.
 */
export type * from './db/models';
export { TENANT_STATUSES, TENANT_TIERS } from './db/models/tenant';
export { TenantScopeError } from './db/tenant-scope';
export { isDatabaseUnavailable } from './db/errors';
export * from './mail/templates';
/*
 * The kernel every domain uses (errors, audit, cursors, crypto, the job outbox, events, outbound
 * requests), then each domain's public face, lowest first: a domain reaches another only through
 * its index (packages/core/test/import-graph.test.ts).
 */
export * from './kernel/errors';
export * from './kernel/audit';
export * from './kernel/cursor';
export * from './kernel/crypto';
export * from './kernel/job-outbox';
export * from './kernel/events';
export * from './kernel/outbound';
export * from './settings';
export * from './tenancy';
export * from './integrations';
export * from './custom-domains';
export * from './invitations';
export * from './auth';
export * from './search';
export * from './files';
export * from './messages';
export * from './inbox';
export * from './people';
export * from './forms';
export * from './embeds';
export * from './billing';
export * from './onboarding';
export * from './console';
export * from './process';
export * from './storage';
export * from './plans';
export * from './cron-table';
export { jobRow, type JobRow, type JobStatus } from './job-rows';
export * from './live';
