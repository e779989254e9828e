import { useState } from 'react';
import { toast } from 'sonner';
import { useCancelOrResume, type BillingSummaryAnswer } from './api';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { formatDate } from '../../ui/format';
import { BILLING_TOAST_MS } from './billing-messages';
import { errorMessage } from '../../lib/api/http';
import styles from './CancelPlan.module.css';
import { FormActions } from '../../ui/Form';

/**
 * Ending the paid plan (issue 28): Cancel plan asks first, naming the date access to the paid plan
 * ends (the close of the period paid, as Stripe answers it); while it is set to end, Resume keeps it.
 * Shown only for a paid plan Stripe bills.
 */
export function CancelPlan({
  summary,
  planName,
  tenantId,
}: {
  summary: BillingSummaryAnswer;
  planName: string;
  tenantId: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const action = useCancelOrResume(tenantId);
  const { plan_ends_at: endsAt, billing_status: status } = summary.tenant;
  const paying = status === 'active' || status === 'trialing' || status === 'past_due';
  if (summary.managed_by !== 'stripe' || !paying) return null;

  function run(which: 'cancel' | 'resume') {
    action.mutate(which, {
      onSuccess: (next) => {
        setConfirming(false);
        toast.success(
          which === 'cancel'
            ? `Your ${planName} plan ends on ${formatDate(next.tenant.plan_ends_at)}.`
            : `Your ${planName} plan continues.`,
          { duration: BILLING_TOAST_MS },
        );
      },
      onError: (err) =>
        toast.error(errorMessage(err, which === 'cancel' ? 'Cancelling failed' : 'Resuming failed'), {
          duration: BILLING_TOAST_MS,
        }),
    });
  }

  // The Current Plan section already says the date it ends.
  if (endsAt)
    return (
      <div className={styles.ending}>
        <Button variant="primary" size="sm" loading={action.isPending} onClick={() => run('resume')}>
          Resume plan
        </Button>
      </div>
    );

  return (
    <div className={styles.ending}>
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
        Cancel plan
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={(open) => !action.isPending && setConfirming(open)}
        title={`Cancel the ${planName} plan?`}
        description={
          summary.tenant.period_ends_at
            ? `The plan and any seats bought on top of it stop renewing. You keep them until ${formatDate(summary.tenant.period_ends_at)}, then the workspace returns to Starter.`
            : 'The plan and any seats bought on top of it stop renewing. You keep them until the end of the period already paid, then the workspace returns to Starter.'
        }
      >
        {action.isError && <Alert tone="error">{errorMessage(action.error, 'Cancelling failed')}</Alert>}
        <FormActions>
          <Button variant="secondary" disabled={action.isPending} onClick={() => setConfirming(false)} autoFocus>
            Keep plan
          </Button>
          <Button variant="danger" loading={action.isPending} onClick={() => run('cancel')}>
            Cancel at period end
          </Button>
        </FormActions>
      </Dialog>
    </div>
  );
}
