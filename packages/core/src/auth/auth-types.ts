import type { AuditScope } from '../kernel/audit';

/**
 * A person acting on their own account: as their session says when they are signed in (from which
 * address, and the super admin impersonating them in an impersonation, so the audit rows name them),
 * or themselves from their address while signing in.
 */
export type AccountActor = AuditScope['actor'] & { userId: string };
