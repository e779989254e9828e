import { CalendarClock } from 'lucide-react';
import { toast } from 'sonner';
import { useState } from 'react';
import { useSwitchCycle, type BillingSummaryAnswer, type Plan } from './api';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { formatDate, formatMoney } from '../../ui/format';
import { BILLING_TOAST_MS } from './billing-messages';
import { errorMessage } from '../../lib/api/http';
import { planPrice, type BillingCycle } from './plans';
import styles from './PlanCycle.module.css';
import { Card } from '../../ui/Card';
import { FormActions } from '../../ui/Form';

const DAY_MS = 86_400_000;
const CYCLE_NAMES: Record<BillingCycle, string> = { monthly: 'Monthly', yearly: 'Yearly' };

/** Whole days from now until `iso`, never below 0 (the last day of a trial is "0 days left", ending today). */
function daysUntil(iso: string): number {
  return Math.max(0, Math.ceil((new Date(iso).getTime() - Date.now()) / DAY_MS));
}

/** What a section of the Billing page about the current plan is given. */
export interface PlanSectionProps {
  summary: BillingSummaryAnswer;
  plan: Plan;
  tenantId: string;
}

/**
 * The Billing page's cycle row: how often the plan is charged, the next charge (or the trial's days
 * left), and switching between monthly and yearly through Stripe, prorated, after a confirmation.
 */
export function PlanCycle({ summary, plan, tenantId }: PlanSectionProps) {
  const switchCycle = useSwitchCycle(tenantId);
  const [confirming, setConfirming] = useState(false);
  const { cycle, next_charge: next } = summary;
  // Without a live plan subscription there is no cycle, charge or trial to show.
  if (cycle === null) return null;
  const other: BillingCycle = cycle === 'yearly' ? 'monthly' : 'yearly';
  const otherPrice = planPrice(plan, other);

  function confirm() {
    switchCycle.mutate(other, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(`Your plan is now billed ${other}.`, { duration: BILLING_TOAST_MS });
      },
    });
  }

  return (
    <Card className={styles.cycle} aria-label="Billing period">
      <p className={styles.line}>
        <CalendarClock size={16} aria-hidden />
        {cycle && <Badge tone="blue">{`Billed ${cycle}`}</Badge>}
        {summary.status === 'trial' && summary.trial_ends_at && (
          <span>
            Trial: {daysUntil(summary.trial_ends_at)} days left (ends {formatDate(summary.trial_ends_at)})
          </span>
        )}
        {next && (
          <span>
            Next charge: {formatMoney(next.amount_cents, next.currency)} on {formatDate(next.at)}
          </span>
        )}
      </p>
      {summary.managed_by === 'stripe' && cycle && (
        <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
          Switch to {other} billing
        </Button>
      )}
      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          if (switchCycle.isPending) return;
          setConfirming(open);
          if (!open) switchCycle.reset();
        }}
        title={`Switch to ${CYCLE_NAMES[other].toLowerCase()} billing?`}
        description={`${plan.name} costs ${otherPrice.perMonth}/month ${other === 'yearly' ? 'billed yearly' : 'billed monthly'}; seats move with the plan. Stripe credits the unused part of this period and charges the difference now.`}
      >
        {switchCycle.isError && (
          <Alert tone="error">{errorMessage(switchCycle.error, 'The billing period could not be switched.')}</Alert>
        )}
        <FormActions>
          <Button variant="secondary" disabled={switchCycle.isPending} onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button loading={switchCycle.isPending} onClick={confirm}>
            Switch to {other}
          </Button>
        </FormActions>
      </Dialog>
    </Card>
  );
}
