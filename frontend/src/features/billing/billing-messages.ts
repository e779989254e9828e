import { toast } from 'sonner';

/** Billing messages stay 3.5 s (tenant-portal §8). */
export const BILLING_TOAST_MS = 3500;

/** Sends the browser to the Stripe page a call answered, or says none came back. */
export function openStripePage(url: string | null, missing: string) {
  if (url) window.location.assign(url);
  else toast.error(missing, { duration: BILLING_TOAST_MS });
}
