import clsx from 'clsx';
import { CreditCard, Lock, ReceiptText } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import {
  useBillingPortal,
  useBillingSummary,
  useCheckout,
  usePlans,
  type BillingSummaryAnswer,
  type Plan,
} from './api';
import { queryKeys } from '../../lib/api/queries';
import { Alert } from '../../ui/Alert';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ChooseTenant } from '../../ui/ChooseTenant';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { PageHeader } from '../../ui/PageHeader';
import { PageSkeleton } from '../../ui/Skeleton';
import { CancelPlan } from './CancelPlan';
import { formatDate, formatMoney } from '../../ui/format';
import { formatDollars, planFeatures } from './plans';
import { errorMessage } from '../../lib/api/http';
import { useQueryClient } from '@tanstack/react-query';
import { useScope } from '../../lib/scope/scope-context';
import { useAbilities } from '../../lib/scope/use-abilities';
import { PlanCycle, type PlanSectionProps } from './PlanCycle';
import { BuySeatsForm } from './BuySeatsForm';
import { BILLING_TOAST_MS, openStripePage } from './billing-messages';
import styles from './BillingPage.module.css';
import { Card, CardHeader } from '../../ui/Card';
import { DataTable, type Column } from '../../ui/DataTable';
import { Page } from '../../ui/Page';

const TITLE = 'Billing';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <Card aria-labelledby={id}>
      <CardHeader id={id} title={title} />
      <div className={styles.body}>{children}</div>
    </Card>
  );
}

function CurrentPlan({ summary, plans, tenantId }: { summary: BillingSummaryAnswer; plans: Plan[]; tenantId: string }) {
  const checkout = useCheckout(tenantId);
  const byStripe = summary.managed_by === 'stripe';
  const current = summary.tenant.tier;
  const order = plans.map((p) => p.key);

  // A plan subscription stored here decides the cycle; a workspace without one starts monthly.
  function choose(plan: Plan['key']) {
    checkout.mutate(
      { purpose: 'upgrade_plan', plan, cycle: summary.cycle ?? 'monthly' },
      {
        onSuccess: (url) => openStripePage(url, 'No Stripe URL returned.'),
        onError: (err) => toast.error(errorMessage(err, 'Upgrade failed'), { duration: BILLING_TOAST_MS }),
      },
    );
  }

  return (
    <Section title="Current Plan">
      {summary.tenant.plan_ends_at && (
        <Alert tone="info">
          Your {plans.find((p) => p.key === current)?.name} plan ends on {formatDate(summary.tenant.plan_ends_at)}; the
          workspace returns to Starter then.
        </Alert>
      )}
      <ul className={styles.planGrid}>
        {plans.map((plan) => {
          const isCurrent = plan.key === current;
          const higher = order.indexOf(plan.key) > order.indexOf(current);
          return (
            <li key={plan.key} className={clsx(styles.plan, isCurrent && styles.current)}>
              <div className={styles.planHead}>
                <h3>{plan.name}</h3>
                {isCurrent && <Badge tone="blue">Current plan</Badge>}
              </div>
              <p className={styles.price}>
                {formatDollars(plan.price_monthly)}
                <span>/month</span>
              </p>
              <ul className={styles.features}>
                {planFeatures(plan).map((feature) => (
                  <li key={feature.text}>{feature.text}</li>
                ))}
              </ul>
              {/* Every plan is paid: Starter, free before, is subscribed to while no plan subscription is live. */}
              {byStripe &&
                (isCurrent
                  ? plan.key === 'starter' && summary.cycle === null
                  : plan.key !== 'starter' || summary.cycle === null) && (
                  <Button
                    variant={higher ? 'primary' : 'secondary'}
                    size="sm"
                    loading={
                      checkout.isPending &&
                      checkout.variables?.purpose === 'upgrade_plan' &&
                      checkout.variables.plan === plan.key
                    }
                    disabled={checkout.isPending}
                    onClick={() => choose(plan.key)}
                  >
                    {isCurrent
                      ? `Subscribe to ${plan.name}`
                      : higher
                        ? `Upgrade to ${plan.name}`
                        : `Switch to ${plan.name}`}
                  </Button>
                )}
            </li>
          );
        })}
      </ul>
      <CancelPlan
        summary={summary}
        planName={plans.find((p) => p.key === current)?.name ?? current}
        tenantId={tenantId}
      />
    </Section>
  );
}

function Meter({ label, used, cap }: { label: string; used: number; cap: number | null }) {
  const over = cap !== null && used > cap;
  return (
    <div className={styles.meter}>
      <div className={styles.meterLabel}>
        <span>{label}</span>
        <span className={over ? styles.over : undefined}>
          {used} / {cap === null ? 'unlimited' : cap}
        </span>
      </div>
      {cap !== null && <progress max={Math.max(cap, used)} value={used} aria-label={`${label}: ${used} of ${cap}`} />}
    </div>
  );
}

function SeatsAndUpgrades({ summary, plan, tenantId }: PlanSectionProps) {
  const { usage } = summary;
  const canBuy = summary.managed_by === 'stripe' && plan.seat_price_monthly !== null;

  return (
    <Section title="Seats & Upgrades">
      <div className={styles.meters}>
        <Meter label="Clients" used={usage.clients_count} cap={usage.clients_cap} />
        <Meter label="Team seats" used={usage.team_count} cap={usage.team_seats} />
        <Meter label="Admin seats" used={usage.admin_count} cap={usage.admin_seats} />
      </div>
      {canBuy ? (
        <BuySeatsForm plan={plan} tenantId={tenantId} />
      ) : (
        summary.managed_by === 'stripe' && (
          <p className={styles.note}>
            Seats can be bought on the Pro and Advanced plans: upgrade above to add team members.
          </p>
        )
      )}
    </Section>
  );
}

/** Opens Stripe's billing portal, or says why not. */
function usePortalOpener(tenantId: string) {
  const portal = useBillingPortal(tenantId);
  const open = () =>
    portal.mutate(undefined, {
      onSuccess: (url) => openStripePage(url, 'No portal URL returned.'),
      onError: (err) => toast.error(errorMessage(err, 'Failed to open portal'), { duration: BILLING_TOAST_MS }),
    });
  return { open, opening: portal.isPending };
}

type Invoice = BillingSummaryAnswer['invoices'][number];

const INVOICE_TONES: Partial<Record<Invoice['status'], BadgeTone>> = { paid: 'green', open: 'orange' };

const INVOICE_COLUMNS: Column<Invoice>[] = [
  { header: 'Date', cell: (invoice) => formatDate(invoice.created_at) },
  { header: 'Amount', variant: 'numeric', cell: (invoice) => formatMoney(invoice.amount_cents, invoice.currency) },
  {
    header: 'Status',
    cell: (invoice) => <Badge tone={INVOICE_TONES[invoice.status] ?? 'gray'}>{invoice.status}</Badge>,
  },
  {
    header: 'Invoice',
    cell: (invoice) =>
      invoice.hosted_invoice_url ? (
        <a href={invoice.hosted_invoice_url} target="_blank" rel="noreferrer">
          View invoice
        </a>
      ) : (
        '—'
      ),
  },
];

function BillingHistory({ summary, tenantId }: { summary: BillingSummaryAnswer; tenantId: string }) {
  const portal = usePortalOpener(tenantId);
  return (
    <Section title="Billing History & Payment">
      {summary.managed_by === 'stripe' && (
        <div className={styles.portal}>
          <p>Change your card, download receipts or cancel in Stripe’s billing portal.</p>
          <Button variant="secondary" loading={portal.opening} onClick={portal.open}>
            <CreditCard size={16} aria-hidden /> Manage payment
          </Button>
        </div>
      )}
      <DataTable
        rows={summary.invoices}
        columns={INVOICE_COLUMNS}
        rowKey={(invoice) => invoice.id}
        caption="Invoices"
        empty={{ icon: ReceiptText, message: 'No invoices yet.' }}
      />
    </Section>
  );
}

/** Back from Stripe: says so, and reads the summary again once Stripe's event has had time to arrive. */
function useCheckoutReturn(tenantId: string | null) {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const outcome = params.get('checkout');
  useEffect(() => {
    if (!outcome) return;
    if (outcome === 'success')
      toast.success('Payment received. Your plan and seats update in a moment.', { duration: BILLING_TOAST_MS });
    else toast.info('Checkout cancelled: nothing was charged.', { duration: BILLING_TOAST_MS });
    const next = new URLSearchParams(params);
    next.delete('checkout');
    setParams(next, { replace: true });
    const timer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: ['billing', tenantId] });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tenantConfig(tenantId) });
    }, 2000);
    return () => clearTimeout(timer);
  }, [outcome, params, setParams, queryClient, tenantId]);
}

/** /dashboard/admin/billing (tenant-portal §2 Billing): Current Plan, Seats & Upgrades, Billing History & Payment. */
export function BillingPage() {
  const { activeTenantId } = useScope();
  const { manage_billing: allowed } = useAbilities();
  const summary = useBillingSummary(allowed ? activeTenantId : null);
  const plans = usePlans();
  const portal = usePortalOpener(activeTenantId ?? '');
  useCheckoutReturn(activeTenantId);

  if (!allowed)
    return (
      <Page>
        <PageHeader title={TITLE} />
        <Card as="div">
          <EmptyState icon={Lock} message="Admins only." />
        </Card>
      </Page>
    );
  if (!activeTenantId)
    return (
      <Page>
        <PageHeader title={TITLE} />
        <ChooseTenant message="Choose a tenant to see its billing." />
      </Page>
    );
  if (summary.isPending || plans.isPending) return <PageSkeleton />;
  if (summary.isError || plans.isError)
    return (
      <Page>
        <PageHeader title={TITLE} />
        <ErrorState
          message={errorMessage(summary.error ?? plans.error, 'Failed to load billing')}
          onRetry={() => void Promise.all([summary.refetch(), plans.refetch()])}
          retrying={summary.isFetching || plans.isFetching}
        />
      </Page>
    );

  const data = summary.data;
  const plan = plans.data.find((p) => p.key === data.tenant.tier) ?? plans.data[0]!;
  return (
    <Page>
      <PageHeader title={TITLE} description={`${data.tenant.name} is on the ${plan.name} plan.`} />
      {data.message && <Alert tone="info">{data.message}</Alert>}
      {data.tenant.billing_status === 'past_due' && (
        <Alert tone="error">
          Your last payment failed. Update your payment method to keep your plan.{' '}
          {data.managed_by === 'stripe' && (
            <Button size="sm" variant="secondary" loading={portal.opening} onClick={portal.open}>
              Update payment
            </Button>
          )}
        </Alert>
      )}
      <PlanCycle summary={data} plan={plan} tenantId={activeTenantId} />
      <CurrentPlan summary={data} plans={plans.data} tenantId={activeTenantId} />
      <SeatsAndUpgrades summary={data} plan={plan} tenantId={activeTenantId} />
      <BillingHistory summary={data} tenantId={activeTenantId} />
    </Page>
  );
}
