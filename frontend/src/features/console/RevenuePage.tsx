import { CalendarClock, CircleAlert } from 'lucide-react';
import type { Revenue } from '@portico/common';
import { useRevenue } from './api/console';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { DataTable, type Column } from '../../ui/DataTable';
import { ErrorState } from '../../ui/ErrorState';
import { Page } from '../../ui/Page';
import { PageHeader } from '../../ui/PageHeader';
import { PageSkeleton } from '../../ui/Skeleton';
import { formatDate, formatMoney } from '../../ui/format';
import { errorMessage } from '../../lib/api/http';
import { LiveNote, TitledCard } from './panels/parts';
import { RevenueFigures } from './panels/revenue';

type Renewal = Revenue['renewals'][number];
type FailedPayment = Revenue['failed_payments'][number];

const TITLE = 'Billing';
/** A plan key as the pricing page names it (starter → Starter). */
const planName = (key: string | null) => (key ? key[0]!.toUpperCase() + key.slice(1) : '');

const PURPOSES: Record<Renewal['purpose'], string> = {
  plan: 'Plan',
  team_seats: 'Team seats',
  admin_seats: 'Admin seats',
};

const RENEWAL_COLUMNS: Column<Renewal>[] = [
  { header: 'Workspace', cell: (r) => r.tenant_name },
  {
    header: 'What',
    cell: (r) => (r.purpose === 'plan' ? `${planName(r.plan)} plan` : `${PURPOSES[r.purpose]} × ${r.quantity}`),
  },
  { header: 'Cycle', cell: (r) => (r.cycle === 'yearly' ? 'Yearly' : 'Monthly') },
  {
    header: 'Amount',
    variant: 'numeric',
    cell: (r) => (r.amount_cents !== null && r.currency ? formatMoney(r.amount_cents, r.currency) : 'Not known yet'),
  },
  {
    header: 'Renews',
    cell: (r) => (r.status === 'trialing' ? `${formatDate(r.renews_at)} (trial ends)` : formatDate(r.renews_at)),
  },
];

const FAILED_COLUMNS: Column<FailedPayment>[] = [
  { header: 'Workspace', cell: (f) => f.tenant_name },
  { header: 'Amount', variant: 'numeric', cell: (f) => formatMoney(f.amount_cents, f.currency) },
  { header: 'Issued', cell: (f) => formatDate(f.issued_at) },
  {
    header: 'Workspace status',
    cell: (f) => (
      <Badge tone={f.billing_status === 'active' ? 'green' : 'red'}>{f.billing_status.replace('_', ' ')}</Badge>
    ),
  },
  { header: 'Grace ends', cell: (f) => (f.grace_ends_at ? formatDate(f.grace_ends_at) : '—') },
  {
    header: 'Invoice',
    cell: (f) =>
      f.hosted_invoice_url ? (
        <a href={f.hosted_invoice_url} target="_blank" rel="noreferrer">
          View invoice
        </a>
      ) : (
        '—'
      ),
  },
];

/** /super/billing: what the workspaces pay, from the subscriptions and invoices stored from Stripe's events. */
export function RevenuePage() {
  const revenue = useRevenue();
  const header = (
    <PageHeader
      title={TITLE}
      description={
        <>
          What the workspaces pay, from the subscriptions Stripe reported. <LiveNote />
        </>
      }
    />
  );
  if (revenue.isPending) return <PageSkeleton />;
  if (revenue.isError)
    return (
      <Page>
        {header}
        <ErrorState
          message={errorMessage(revenue.error, 'Failed to load the revenue.')}
          onRetry={() => void revenue.refetch()}
          retrying={revenue.isFetching}
        />
      </Page>
    );
  const data = revenue.data;
  const others = data.by_currency.slice(1);
  return (
    <Page>
      {header}
      <RevenueFigures revenue={data} />
      {others.length > 0 && (
        <Alert tone="info">
          Also charged in other currencies (not in the MRR above):{' '}
          {others.map((c) => `${formatMoney(c.mrr_cents, c.currency)} a month`).join(', ')}.
        </Alert>
      )}
      {data.unpriced_subscriptions > 0 && (
        <Alert tone="info">
          {data.unpriced_subscriptions === 1
            ? '1 live subscription was'
            : `${data.unpriced_subscriptions} live subscriptions were`}{' '}
          stored before amounts were, so it is not in the MRR until Stripe next reports it.
        </Alert>
      )}
      <TitledCard title="Upcoming renewals (30 days)">
        <DataTable
          rows={data.renewals}
          columns={RENEWAL_COLUMNS}
          rowKey={(r) => r.subscription_id}
          empty={{ icon: CalendarClock, message: 'No subscription renews in the next 30 days.' }}
        />
      </TitledCard>
      <TitledCard title="Failed payments (30 days)">
        <DataTable
          rows={data.failed_payments}
          columns={FAILED_COLUMNS}
          rowKey={(f) => f.invoice_id}
          empty={{ icon: CircleAlert, message: 'No payment failed in the last 30 days.' }}
        />
      </TitledCard>
    </Page>
  );
}
