import { useState } from 'react';
import { Rocket } from 'lucide-react';
import { useOnboardingEvents, type OnboardingEventFilters } from '../onboarding';
import { Badge } from '../../ui/Badge';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { dateTime, QueryCard } from './panels/parts';
import { actionTone } from './AuditPage';

const FILTER_DEBOUNCE_MS = 300;
const ACTIONS = [
  'start',
  'plan',
  'checkout',
  'verify',
  'branding',
  'capabilities',
  'provision_queued',
  'provisioned',
  'failed',
];

/** What each step of each owner's onboarding did (GET /api/_debug/onboarding-events), newest first. */
export function OnboardingEventsPage() {
  const [action, setAction] = useState('');
  const [failedOnly, setFailedOnly] = useState(false);
  const filters = useDebouncedValue<OnboardingEventFilters>(
    { ...(action && { action }), ...(failedOnly && { failed: 'true' }) },
    FILTER_DEBOUNCE_MS,
  );
  const events = useOnboardingEvents(filters);

  return (
    <div className="page">
      <PageHeader
        title="Onboarding Events"
        description="Every step of self-serve signups, newest first (at most 200)."
      />
      <QueryCard
        title="Onboarding events"
        query={events}
        failure="Failed to load the onboarding events."
        actions={
          <div className="filters" role="search">
            <select
              className="input select"
              aria-label="Filter by action"
              value={action}
              onChange={(e) => setAction(e.target.value)}
            >
              <option value="">Every action</option>
              {ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
            <label className="checkbox">
              <input type="checkbox" checked={failedOnly} onChange={(e) => setFailedOnly(e.target.checked)} />
              Errors only
            </label>
          </div>
        }
      >
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState icon={Rocket} message="No onboarding events yet" />
          ) : (
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">Time</th>
                    <th scope="col">Person</th>
                    <th scope="col">Action</th>
                    <th scope="col">Tenant</th>
                    <th scope="col">Error</th>
                    <th scope="col">Context</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.id}>
                      <td>{dateTime(row.timestamp)}</td>
                      <td title={row.user_id ?? undefined}>{row.user_email ?? '—'}</td>
                      <td>
                        <Badge tone={row.error ? 'red' : actionTone(row.action)}>{row.action}</Badge>
                      </td>
                      <td className="cell-mono" title={row.tenant_id ?? undefined}>
                        {row.tenant_id ? row.tenant_id.slice(0, 8) : '—'}
                      </td>
                      <td>{row.error ?? '—'}</td>
                      <td className="cell-mono">{JSON.stringify(row.context)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryCard>
    </div>
  );
}
