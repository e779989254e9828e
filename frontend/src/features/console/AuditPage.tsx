import { useState } from 'react';
import { Download, ScrollText } from 'lucide-react';
import { toast } from 'sonner';
import { downloadAuditCsv, useAuditLogs } from './api/console';
import type { AuditFilters } from './api/console';
import { Badge } from '../../ui/Badge';
import type { BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Field';
import { ListToolbar } from '../../ui/ListToolbar';
import { Page } from '../../ui/Page';
import { PageHeader } from '../../ui/PageHeader';
import { errorMessage } from '../../lib/api/http';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { dateTime, LiveNote, QueryTableCard } from './panels/parts';
import styles from './AuditPage.module.css';

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

const TEXT_FILTERS: ReadonlyArray<{ key: keyof AuditFilters; label: string; placeholder: string }> = [
  { key: 'actor', label: 'Filter by actor', placeholder: 'Actor (email or id)' },
  { key: 'action', label: 'Filter by action', placeholder: 'Action' },
  { key: 'tenant_id', label: 'Filter by tenant id', placeholder: 'Tenant id' },
];
const DATE_FILTERS: ReadonlyArray<{ key: keyof AuditFilters; label: string }> = [
  { key: 'from', label: 'From' },
  { key: 'to', label: 'To' },
];

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
    <Page>
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
      <QueryTableCard
        title="Audit log"
        query={logs}
        failure="Failed to load the audit log."
        toolbar={
          <ListToolbar>
            {TEXT_FILTERS.map(({ key, label, placeholder }) => (
              <Input key={key} aria-label={label} placeholder={placeholder} value={filters[key]} onChange={set(key)} />
            ))}
            {DATE_FILTERS.map(({ key, label }) => (
              <label key={key} className={styles.dateFilter}>
                {label}
                <Input type="date" value={filters[key]} onChange={set(key)} />
              </label>
            ))}
          </ListToolbar>
        }

        rowKey={(row) => row.id}
        caption="Audit log"
        empty={{ icon: ScrollText, message: 'No audit logs yet' }}
        columns={[
          { header: 'Time', cell: (row) => dateTime(row.created_at) },
          {
            header: 'Actor',
            variant: 'mono',
            title: (row) => row.actor_email ?? row.actor_user_id,
            cell: (row) => short(row.actor_user_id),
          },
          { header: 'Action', cell: (row) => <Badge tone={actionTone(row.action)}>{row.action}</Badge> },
          {
            header: 'Entity',
            variant: 'mono',
            title: (row) => row.entity_id,
            cell: (row) => `${row.entity_type} ${short(row.entity_id)}`,
          },
          {
            header: 'Tenant',
            title: (row) => row.tenant_id,
            cell: (row) => row.tenant_name ?? short(row.tenant_id),
          },
          { header: 'Reason', title: (row) => row.reason, cell: (row) => cut(row.reason) },
        ]}
      />
    </Page>
  );
}
