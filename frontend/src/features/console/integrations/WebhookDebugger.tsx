import { useState } from 'react';
import { Webhook } from 'lucide-react';
import { toast } from 'sonner';
import type { DeliveryStatus } from '@portico/common';
import { useReplayTenantDelivery, useTenantDeliveries, useTenantIntegrations } from '../api/global-integrations';
import { Badge } from '../../../ui/Badge';
import type { BadgeTone } from '../../../ui/Badge';
import { Drawer } from '../../../ui/Drawer';
import { DataTable, buttonColumn } from '../../../ui/DataTable';
import { ErrorState } from '../../../ui/ErrorState';
import { SelectField } from '../../../ui/Field';
import { Skeleton } from '../../../ui/Skeleton';
import { errorMessage } from '../../../lib/api/http';
import { dateTime, TitledCell } from '../panels/parts';

const STATUS_TONE: Record<DeliveryStatus, BadgeTone> = { pending: 'blue', succeeded: 'green', failed: 'red' };

/** Any workspace's webhook deliveries, with Replay (a new delivery through the usual machinery). */
export function WebhookDebugger({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const tenants = useTenantIntegrations();
  const [tenantId, setTenantId] = useState<string | null>(null);
  const deliveries = useTenantDeliveries(open ? tenantId : null);
  const replay = useReplayTenantDelivery(tenantId);

  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title="Webhook debugger"
      description="Pick a workspace to see its newest deliveries."
    >
      <SelectField
        label="Workspace"
        value={tenantId ?? ''}
        onChange={(e) => setTenantId(e.target.value === '' ? null : e.target.value)}
      >
        <option value="">Choose a workspace…</option>
        {(tenants.data ?? []).map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </SelectField>
      {tenantId === null ? null : deliveries.isError ? (
        <ErrorState
          message={errorMessage(deliveries.error, 'Failed to load the deliveries.')}
          onRetry={() => void deliveries.refetch()}
          retrying={deliveries.isFetching}
        />
      ) : deliveries.isPending ? (
        <Skeleton height={180} />
      ) : (
        <DataTable
          rows={deliveries.data}
          rowKey={(d) => d.id}
          rowAttributes={(d) => ({ 'data-delivery-id': d.id })}
          empty={{ icon: Webhook, message: 'This workspace has no deliveries yet.' }}
          columns={[
            {
              header: 'Event',
              cell: (d) => <TitledCell title={d.event_type} note={dateTime(d.created_at)} />,
            },
            { header: 'Status', cell: (d) => <Badge tone={STATUS_TONE[d.status]}>{d.status}</Badge> },
            { header: 'Attempts', cell: (d) => d.attempts },
            { header: 'Delivered', cell: (d) => (d.status === 'succeeded' ? dateTime(d.completed_at) : '—') },
            buttonColumn<NonNullable<typeof deliveries.data>[number]>('Replay', (d) => ({
              text: 'Replay',
              label: `Replay ${d.event_type} delivery of ${dateTime(d.created_at)}`,
              loading: replay.isPending && replay.variables === d.id,
              onClick: () =>
                replay.mutate(d.id, {
                  onSuccess: () => toast.success('Delivery replayed: a new delivery is on its way.'),
                  onError: (err) => toast.error(errorMessage(err, 'The delivery could not be replayed.')),
                }),
            })),
          ]}
        />
      )}
    </Drawer>
  );
}
