import { useState } from 'react';
import { Rocket } from 'lucide-react';
import { useOnboardingEvents, type OnboardingEventFilters } from '../onboarding';
import { Badge } from '../../ui/Badge';
import { CheckboxField } from '../../ui/Field';
import { ListToolbar } from '../../ui/ListToolbar';
import { Page } from '../../ui/Page';
import { PageHeader } from '../../ui/PageHeader';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { asOptions, dateTime, FilterSelect, QueryTableCard } from './panels/parts';
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
    <Page>
      <PageHeader
        title="Onboarding Events"
        description="Every step of self-serve signups, newest first (at most 200)."
      />
      <QueryTableCard
        title="Onboarding events"
        query={events}
        failure="Failed to load the onboarding events."
        toolbar={
          <ListToolbar>
            <FilterSelect
              label="Filter by action"
              all="Every action"
              options={asOptions(ACTIONS)}
              value={action}
              onChange={setAction}
            />
            <CheckboxField label="Errors only" checked={failedOnly} onChange={(e) => setFailedOnly(e.target.checked)} />
          </ListToolbar>
        }

        rowKey={(row) => row.id}
        caption="Onboarding events"
        empty={{ icon: Rocket, message: 'No onboarding events yet' }}
        columns={[
          { header: 'Time', cell: (row) => dateTime(row.timestamp) },
          { header: 'Person', title: (row) => row.user_id, cell: (row) => row.user_email ?? '—' },
          {
            header: 'Action',
            cell: (row) => <Badge tone={row.error ? 'red' : actionTone(row.action)}>{row.action}</Badge>,
          },
          {
            header: 'Tenant',
            variant: 'mono',
            title: (row) => row.tenant_id,
            cell: (row) => (row.tenant_id ? row.tenant_id.slice(0, 8) : '—'),
          },
          { header: 'Error', cell: (row) => row.error ?? '—' },
          { header: 'Context', variant: 'mono', cell: (row) => JSON.stringify(row.context) },
        ]}
      />
    </Page>
  );
}
