import type { SuperTenant } from '../../../lib/api/types';
import { DetailList } from '../../../ui/DetailList';
import { formatBytes, formatDate } from '../../../ui/format';

/** What the tenant holds, from the same figures as the table (issue 14: Usage). */
export function UsageTab({ tenant }: { tenant: SuperTenant }) {
  const { usage } = tenant;
  const rows: Array<[string, string]> = [
    ['Storage', formatBytes(usage.storage_bytes)],
    ['API calls', String(usage.api_calls)],
    ['Seats used', `${tenant.seats_used} of ${tenant.seats_total}`],
    ['Members', String(usage.members)],
    ['Webhooks', String(usage.webhooks)],
    ['Webhook deliveries (30 days)', String(usage.webhook_deliveries)],
    ['Custom domains', String(usage.custom_domains)],
    ['Messages', String(usage.messages)],
    ['Created', formatDate(tenant.created_at)],
  ];
  return <DetailList rows={rows} label="Usage" />;
}
