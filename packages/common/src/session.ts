/** Session constants of tenant-portal §9 and the post-sign-in redirect of §2. */

export const LOADING_TIMEOUT_MS = 5000;
export const AUTO_REFRESH_TICK_MS = 30_000;
export const AUTO_REFRESH_TICK_THRESHOLD = 3;
export const EXPIRY_MARGIN_MS = 10_000;
export const MEMBERSHIP_RETRY_ATTEMPTS = 3;
export const MEMBERSHIP_RETRY_DELAY_MS = 1000;
export const PASSWORD_MIN_LENGTH = 8;

/**
 * Every answer of an impersonation session carries this header, set to `true` (DECISIONS §4). Here,
 * not beside impersonation's schemas, so the web app's banner reads it without loading zod.
 */
export const IMPERSONATING_HEADER = 'x-impersonating';

export const AUTH_EVENTS = [
  'SIGNED_IN',
  'SIGNED_OUT',
  'TOKEN_REFRESHED',
  'USER_UPDATED',
  'PASSWORD_RECOVERY',
  'INITIAL_SESSION',
  'MFA_CHALLENGE_VERIFIED',
] as const;
export type AuthEvent = (typeof AUTH_EVENTS)[number];

/** Whether a session expiring at `expiresAtMs` should be refreshed on this tick. */
export function shouldRefresh(expiresAtMs: number, nowMs: number): boolean {
  const ticksLeft = Math.floor((expiresAtMs - nowMs) / AUTO_REFRESH_TICK_MS);
  return ticksLeft <= AUTO_REFRESH_TICK_THRESHOLD;
}

/** A session is treated as expired this long before its real expiry. */
export function isExpired(expiresAtMs: number, nowMs: number): boolean {
  return expiresAtMs - nowMs <= EXPIRY_MARGIN_MS;
}

export interface MembershipSummary {
  tenant_id: string;
  role: string;
  status: string;
}

export interface RedirectInput {
  pathname: string;
  search: string;
  isSuperAdmin: boolean;
  memberships: readonly MembershipSummary[];
  membershipError: boolean;
}

const REDIRECTING_PATHS = ['/login', '/signup', '/onboarding'];

/**
 * Where to send a user once their session has loaded, or null to stay.
 * Applies only on /login, /signup and /onboarding. The role is that of the chosen tenant's
 * membership (the address's tenant_id, else the first membership).
 */
export function postSignInRedirect(input: RedirectInput): string | null {
  if (!REDIRECTING_PATHS.includes(input.pathname)) return null;
  const params = new URLSearchParams(input.search);
  if (input.pathname === '/login') {
    const message = params.get('message');
    if (input.membershipError || message === 'account_created' || message === 'invitation_accepted') return null;
  }
  // Back from Stripe Checkout: the signup page confirms the payment first (its chunk may still be
  // loading, before it can hold this redirect), then goes on to the wizard itself.
  if (input.pathname === '/signup' && params.has('session_id')) return null;
  if (input.isSuperAdmin) return '/super';
  const active = input.memberships.filter((m) => m.status === 'active');
  const requested = params.get('tenant_id');
  const chosen = active.find((m) => m.tenant_id === requested) ?? active[0];
  // Already in the wizard, it stays with its address (the billing cycle chosen on the landing page rides in it).
  if (!chosen) return input.membershipError || input.pathname === '/onboarding' ? null : '/onboarding';
  const tenantQuery = `?tenant_id=${encodeURIComponent(chosen.tenant_id)}`;
  return chosen.role === 'admin' || chosen.role === 'owner'
    ? `/dashboard/admin${tenantQuery}`
    : `/dashboard/client${tenantQuery}`;
}
