export * from './config';
export * from './clock';
export * from './context';
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
export * from './mail/templates';
export * from './services/account';
export * from './services/api-keys';
export * from './services/audit';
export * from './services/branding';
export * from './services/client-cap';
export * from './services/crypto';
export * from './services/cursor';
export * from './services/embeds';
export * from './services/errors';
export * from './services/error-traces';
export * from './services/files';
export * from './services/invitations';
export * from './services/mail';
export * from './services/outbound';
export * from './services/maintenance';
export * from './services/password-reset';
export * from './services/people';
export * from './services/platform';
export * from './services/role-types';
export * from './services/sessions';
export * from './services/session-cache';
export * from './services/superadmin';
export * from './services/tenants';
export * from './services/users';
export * from './process';
export * from './storage';
export * from './plans';
export * from './services/search';
export * from './services/dashboard';
export * from './services/events';
export * from './services/forms';
export * from './services/webhooks';
export * from './services/webhook-signing';
export * from './services/webhook-delivery';
export * from './services/member-choices';
export * from './services/dependencies';
export * from './services/console-metrics';
export * from './cron-table';
export * from './services/jobs';
