import { Link } from 'react-router-dom';
import type { Revenue } from '@portico/common';
import { useRevenue } from '../api/console';
import { formatMoney } from '../../../ui/format';
import { StatGrid } from '../../../ui/Stat';
import { CardBody, FigureCard, QueryCard } from './parts';

/* The operator's revenue (issue 28), from the subscriptions stored from Stripe's events. */

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The figures the Billing page and Mission Control's card share: MRR, trial MRR and workspaces by billing status. */
export function RevenueFigures({ revenue }: { revenue: Revenue }) {
  const { counts } = revenue;
  return (
    <StatGrid>
      <FigureCard
        label="MRR"
        value={formatMoney(revenue.mrr_cents, revenue.currency)}
        detail="active and past-due subscriptions; yearly ones count a twelfth"
      />
      <FigureCard
        label="Trial MRR"
        value={formatMoney(revenue.trial_mrr_cents, revenue.currency)}
        detail={`${plural(counts.trialing, 'workspace', 'workspaces')} trialing; not in MRR until they convert`}
      />
      <FigureCard
        label="Paying"
        value={String(counts.active)}
        detail={`${counts.past_due} past due · ${counts.unpaid} unpaid`}
      />
      <FigureCard
        label="Cancelled"
        value={String(counts.canceled)}
        detail={`${plural(counts.none, 'workspace', 'workspaces')} never subscribed`}
      />
    </StatGrid>
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
      {(data) => (
        <CardBody>
          <RevenueFigures revenue={data} />
        </CardBody>
      )}
    </QueryCard>
  );
}
