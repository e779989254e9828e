import { Link } from 'react-router-dom';
import type { Revenue } from '@portico/common';
import { useRevenue } from '../api/console';
import { formatMoney } from '../../../ui/format';
import { QueryCard, StatCard } from './parts';

/* The operator's revenue (issue 28), from the subscriptions stored from Stripe's events. */

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The figures the Billing page and Mission Control's card share: MRR, trial MRR and workspaces by billing status. */
export function RevenueFigures({ revenue }: { revenue: Revenue }) {
  const { counts } = revenue;
  return (
    <div className="stat-grid">
      <StatCard
        label="MRR"
        loading={false}
        value={formatMoney(revenue.mrr_cents, revenue.currency)}
        detail="active and past-due subscriptions; yearly ones count a twelfth"
      />
      <StatCard
        label="Trial MRR"
        loading={false}
        value={formatMoney(revenue.trial_mrr_cents, revenue.currency)}
        detail={`${plural(counts.trialing, 'workspace', 'workspaces')} trialing; not in MRR until they convert`}
      />
      <StatCard
        label="Paying"
        loading={false}
        value={String(counts.active)}
        detail={`${counts.past_due} past due · ${counts.unpaid} unpaid`}
      />
      <StatCard
        label="Cancelled"
        loading={false}
        value={String(counts.canceled)}
        detail={`${plural(counts.none, 'workspace', 'workspaces')} never subscribed`}
      />
    </div>
  );
}

/** Mission Control's revenue card: the figures, live, and the way to the Billing page. */
export function RevenueCard() {
  const revenue = useRevenue();
  return (
    <QueryCard
      title="Revenue"
      query={revenue}
      failure="Failed to load the revenue."
      actions={<Link to="/super/billing">Open Billing</Link>}
    >
      {(data) => <RevenueFigures revenue={data} />}
    </QueryCard>
  );
}
