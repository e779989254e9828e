import { ApiError } from '../../../lib/api/http';
import { NoUserDataError } from '../../../lib/api/auth-client';
import type { AlertTone } from '../../../ui/Alert';

export interface Banner {
  tone: AlertTone;
  text: string;
}

/** Banners for `/login?message=…`, set by the flows that end on the sign-in page. */
const BANNERS: Record<string, Banner> = {
  account_created: { tone: 'success', text: 'Your account was created. Sign in to continue.' },
  signup_complete: { tone: 'success', text: 'Your sign-up is complete. Sign in to continue.' },
  invitation_accepted: { tone: 'success', text: 'Your invitation was accepted. Sign in to open your workspace.' },
  password_reset: { tone: 'success', text: 'Your password has been reset. Sign in with your new password.' },
  signup_incomplete: {
    tone: 'error',
    text: 'Your account was created, but your workspace access could not be set up. Please contact support.',
  },
};

export function loginBanner(message: string | null): Banner | null {
  return (message && BANNERS[message]) || null;
}

export const SERVICE_UNAVAILABLE = 'Authentication service is not available. Please try again later.';
export const LOGIN_FALLBACK = 'An unexpected error occurred during login';

/** tenant-portal §8: the server's sentence, an outage sentence, a missing-user sentence or the fallback. */
export function loginErrorMessage(err: unknown): string {
  if (err instanceof NoUserDataError) return err.message;
  if (err instanceof ApiError) {
    if (err.status === 0 || err.status >= 500) return SERVICE_UNAVAILABLE;
    return err.message || LOGIN_FALLBACK;
  }
  return LOGIN_FALLBACK;
}
