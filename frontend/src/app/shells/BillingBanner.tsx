import type { WorkspaceBillingState } from '@portico/common';
import { Link } from 'react-router-dom';
import { Banner } from '../../ui/Banner';
import { formatDate } from '../../ui/format';

const DAY_MS = 24 * 60 * 60 * 1000;

function daysLeft(iso: string): string {
  const days = Math.max(0, Math.ceil((new Date(iso).getTime() - Date.now()) / DAY_MS));
  return days === 1 ? '1 day left' : `${days} days left`;
}

interface BillingBannerProps {
  billing: WorkspaceBillingState;
  /** Admins are told what to do and given the Billing page; members only that the workspace is read-only. */
  billingPath: string | null;
  /** On the Billing page only the read-only state is repeated: the page itself says the rest. */
  onBilling?: boolean;
}

/**
 * Above every page of a workspace whose billing needs attention (issue 28): a trial ending, a failed
 * payment with the end of its grace period, the read-only state, or the date billing starts.
 */
export function BillingBanner({ billing, billingPath, onBilling = false }: BillingBannerProps) {
  const { state } = billing;
  if (state === 'ok' || (onBilling && state !== 'read_only')) return null;
  if (!billingPath && state !== 'read_only') return null;
  const message =
    state === 'read_only'
      ? billingPath
        ? billing.read_only_reason
        : 'This workspace is read-only until its billing is settled: you can sign in, read and download, but not change anything. Contact your admin.'
      : state === 'past_due'
        ? `The last payment for this workspace failed. Pay by ${formatDate(billing.grace_ends_at)} to keep it working; after that it becomes read-only.`
        : state === 'trial'
          ? `Your trial ends on ${formatDate(billing.trial_ends_at)} (${daysLeft(billing.trial_ends_at!)}).`
          : `Billing starts on ${formatDate(billing.billing_starts_at)}: choose a plan to keep this workspace working.`;
  const urgent = state === 'read_only' || state === 'past_due';
  return (
    <Banner
      tone={urgent ? 'error' : 'info'}
      action={
        billingPath &&
        !onBilling && (
          <Link to={billingPath}>
            {state === 'trial' || state === 'billing_scheduled' ? 'Choose a plan' : 'Go to Billing'}
          </Link>
        )
      }
    >
      {message}
    </Banner>
  );
}
