/**
 * The workspace itself: tenants and their slugs, the hosts that reach them, their brand, the
 * per-workspace read cache and the workspace dashboard. Uses settings and the kernel only.
 */
export * from './tenants';
export { findTenant, listTenants } from './tenancy-data';
export * from './sites';
export * from './branding';
export * from './workspace-cache';
export * from './dashboard';
