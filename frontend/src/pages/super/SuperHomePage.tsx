import { useState } from 'react';
import { Plus, Search, UserPlus } from 'lucide-react';
import { TENANT_STATUSES, TENANT_TIERS } from '@portico/common';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { InviteDialog } from './InviteDialog';
import type { InviteTab } from './InviteDialog';
import { TenantTable } from './TenantTable';

const SEARCH_DEBOUNCE_MS = 300;

export function SuperHomePage() {
  const [q, setQ] = useState('');
  const [tier, setTier] = useState('');
  const [status, setStatus] = useState('');
  const [dialogTab, setDialogTab] = useState<InviteTab | null>(null);
  const debouncedQ = useDebouncedValue(q, SEARCH_DEBOUNCE_MS);

  return (
    <div className="page">
      <PageHeader
        title="Mission Control"
        description="Every tenant on the platform. Open one to work inside it."
        actions={
          <>
            <Button variant="secondary" onClick={() => setDialogTab('existing')}>
              <UserPlus size={16} aria-hidden />
              Invite User
            </Button>
            <Button onClick={() => setDialogTab('new')}>
              <Plus size={16} aria-hidden />
              Create Tenant
            </Button>
          </>
        }
      />
      <section className="card" aria-labelledby="tenants-title">
        <div className="card-header">
          <h2 className="card-title" id="tenants-title">
            Tenants
          </h2>
        </div>
        <div className="filters" role="search">
          <div className="search-input">
            <Search size={16} aria-hidden />
            <input
              className="input"
              type="search"
              aria-label="Search tenants"
              placeholder="Search by name or slug"
              value={q}
              onChange={(e) => setQ(e.target.value)}
            />
          </div>
          <select
            className="input select"
            aria-label="Filter by tier"
            value={tier}
            onChange={(e) => setTier(e.target.value)}
          >
            <option value="">All tiers</option>
            {TENANT_TIERS.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
          <select
            className="input select"
            aria-label="Filter by status"
            value={status}
            onChange={(e) => setStatus(e.target.value)}
          >
            <option value="">All statuses</option>
            {TENANT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <TenantTable filters={{ q: debouncedQ, tier, status }} />
      </section>
      <InviteDialog tab={dialogTab} onTabChange={setDialogTab} onClose={() => setDialogTab(null)} />
    </div>
  );
}
