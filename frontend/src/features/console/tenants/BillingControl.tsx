import { graceExtension, subscriptionRequest, subscriptionRequestWithdrawal } from '@portico/common';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { SuperTenant } from '../../../lib/api/types';
import { useTenantBillingAction, type BillingAction } from '../api/tenants';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { FormActions } from '../../../ui/Form';
import styles from './BillingControl.module.css';
import { formatDate } from '../../../ui/format';
import { errorMessage } from '../../../lib/api/http';

/** Where the workspace's billing stands, in the operator's words. */
function stateSentence({ billing }: SuperTenant): string {
  switch (billing.state) {
    case 'read_only':
      return billing.read_only_reason ?? 'This workspace is read-only.';
    case 'past_due':
      return `The last payment failed; the grace period ends on ${formatDate(billing.grace_ends_at)}, then the workspace is read-only until paid.`;
    case 'trial':
      return `On trial until ${formatDate(billing.trial_ends_at)}.`;
    case 'billing_scheduled':
      return `Asked to subscribe: without a plan the workspace is read-only from ${formatDate(billing.billing_starts_at)}.`;
    case 'ok':
      return `Billing status: ${billing.billing_status.replace('_', ' ')}.`;
  }
}

/**
 * The console's billing actions on one workspace (issue 28): extend a past-due workspace's grace
 * period, ask a workspace without a plan subscription to subscribe from a date, or withdraw it.
 * Each needs a reason (audited).
 */
export function BillingControl({ tenant }: { tenant: SuperTenant }) {
  const action = useTenantBillingAction();
  const form = useForm({ defaultValues: { days: 7, starts_at: '', reason: '' } });
  const [days, startsAt, reason] = useWatch({ control: form.control, name: ['days', 'starts_at', 'reason'] });
  // Each action is offered once what it sends passes the API's own checks of it.
  const grace = graceExtension.safeParse({ days, reason });
  const ask = subscriptionRequest.safeParse({ starts_at: startsAt, reason });
  const withdrawal = subscriptionRequestWithdrawal.safeParse({ reason });
  const { billing } = tenant;
  const canExtend = billing.billing_status === 'past_due' && billing.grace_ends_at !== null;
  const canAsk = !['active', 'trialing', 'past_due'].includes(billing.billing_status);
  const run = (next: BillingAction, done: string) =>
    action.mutate(
      { id: tenant.id, action: next },
      {
        onSuccess: () => {
          toast.success(done);
          form.resetField('reason');
        },
      },
    );

  return (
    <section className={styles.billing} aria-label="Billing">
      <h3>Billing</h3>
      <Alert tone={billing.state === 'read_only' || billing.state === 'past_due' ? 'error' : 'info'}>
        {stateSentence(tenant)}
      </Alert>
      {(canExtend || canAsk) && (
        <TextField
          label="Reason for the billing change"
          required
          maxLength={500}
          {...form.register('reason')}
          help="Recorded in the audit log."
        />
      )}
      {canExtend && (
        <FormActions>
          <TextField
            label="Extra grace days"
            type="number"
            min={1}
            max={90}
            {...form.register('days', { valueAsNumber: true })}
          />
          <Button
            variant="secondary"
            loading={action.isPending}
            disabled={!grace.success}
            onClick={() => grace.success && run({ kind: 'grace', ...grace.data }, 'Grace period extended')}
          >
            Extend grace period
          </Button>
        </FormActions>
      )}
      {canAsk && (
        <FormActions>
          <TextField label="Billing starts on" type="date" {...form.register('starts_at')} />
          <Button
            variant="secondary"
            loading={action.isPending}
            disabled={!ask.success}
            onClick={() =>
              ask.success &&
              run({ kind: 'ask', starts_at: startsAt, reason: ask.data.reason }, 'The admins were asked to subscribe')
            }
          >
            Ask to subscribe
          </Button>
          {billing.billing_starts_at && (
            <Button
              variant="secondary"
              loading={action.isPending}
              disabled={!withdrawal.success}
              onClick={() =>
                withdrawal.success &&
                run({ kind: 'withdraw', ...withdrawal.data }, 'The request to subscribe was withdrawn')
              }
            >
              Withdraw
            </Button>
          )}
        </FormActions>
      )}
      {action.isError && (
        <Alert tone="error">{errorMessage(action.error, 'The billing change could not be saved.')}</Alert>
      )}
    </section>
  );
}
