/**
 * The platform console: workspaces across the platform, people and impersonation, jobs, metrics,
 * alerts and announcements, maintenance sweeps, the bootstrap super admin. The top domain: it may use any other.
 */
export * from './platform';
export * from './delete-tenant';
export * from './superadmin';
export * from './console-metrics';
export * from './jobs';
export * from './notifications';
export * from './prometheus-alerts';
export * from './error-traces';
export * from './maintenance';
export * from './dependencies';
export * from './impersonation';
export * from './user-admin';
export { announcementHistory, listAlertRules, platformStorageBytes } from './console-data';
