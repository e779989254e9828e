import { useState } from 'react';
import { Download, ScrollText } from 'lucide-react';
import { toast } from 'sonner';
import { downloadAuditCsv, useAuditLogs } from '../../api/console';
import type { AuditFilters } from '../../api/console';
import { Badge } from '../../components/Badge';
import type { BadgeTone } from '../../components/Badge';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/http';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { dateTime, LiveNote, QueryCard } from './console/parts';

const FILTER_DEBOUNCE_MS = 300;
/** platform-console §9: ids and actors by their first 8 characters, reasons cut at 50. */
const SHORT_ID = 8;
const REASON_CHARS = 50;

/** platform-console §2: red for failed or error, green for success or created, blue otherwise. */
export function actionTone(action: string): BadgeTone {
  if (/failed|error/i.test(action)) return 'red';
  if (/success|created/i.test(action)) return 'green';
  return 'blue';
}

const short = (id: string | null) => (id ? id.slice(0, SHORT_ID) : '—');
const cut = (text: string | null) =>
  !text ? '—' : text.length > REASON_CHARS ? `${text.slice(0, REASON_CHARS)}…` : text;

const NO_FILTERS: AuditFilters = { actor: '', action: '', tenant_id: '', from: '', to: '' };

export function AuditPage() {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const debounced = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const logs = useAuditLogs(debounced);
  const [exporting, setExporting] = useState(false);
  const set = (key: keyof AuditFilters) => (event: { target: { value: string } }) =>
    setFilters((f) => ({ ...f, [key]: event.target.value }));

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(debounced);
    } catch (err) {
      toast.error(errorMessage(err, 'The audit log could not be exported.'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="page">
      <PageHeader
        title="Audit Logs"
        description={
          <>
            Every privileged action, newest first (at most 200). <LiveNote />
          </>
        }
        actions={
          <Button variant="secondary" onClick={() => void exportCsv()} loading={exporting}>
            {!exporting && <Download size={16} aria-hidden />}
            Export CSV
          </Button>
        }
      />
      <QueryCard
        title="Audit log"
        query={logs}
        failure="Failed to load the audit log."
        actions={
          <div className="filters" role="search">
            <input
              className="input"
              aria-label="Filter by actor"
              placeholder="Actor (email or id)"
              value={filters.actor}
              onChange={set('actor')}
            />
            <input
              className="input"
              aria-label="Filter by action"
              placeholder="Action"
              value={filters.action}
              onChange={set('action')}
            />
            <input
              className="input"
              aria-label="Filter by tenant id"
              placeholder="Tenant id"
              value={filters.tenant_id}
              onChange={set('tenant_id')}
            />
            <label className="filter-date">
              From
              <input className="input" type="date" value={filters.from} onChange={set('from')} />
            </label>
            <label className="filter-date">
              To
              <input className="input" type="date" value={filters.to} onChange={set('to')} />
            </label>
          </div>
        }
      >
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState icon={ScrollText} message="No audit logs yet" />
          ) : (
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">Time</th>
                    <th scope="col">Actor</th>
                    <th scope="col">Action</th>
                    <th scope="col">Entity</th>
                    <th scope="col">Tenant</th>
                    <th scope="col">Reason</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.id}>
                      <td>{dateTime(row.created_at)}</td>
                      <td className="cell-mono" title={row.actor_email ?? row.actor_user_id ?? undefined}>
                        {short(row.actor_user_id)}
                      </td>
                      <td>
                        <Badge tone={actionTone(row.action)}>{row.action}</Badge>
                      </td>
                      <td className="cell-mono" title={row.entity_id ?? undefined}>
                        {row.entity_type} {short(row.entity_id)}
                      </td>
                      <td title={row.tenant_id ?? undefined}>{row.tenant_name ?? short(row.tenant_id)}</td>
                      <td title={row.reason ?? undefined}>{cut(row.reason)}</td>
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
