import { Building2, Globe } from 'lucide-react';
import { UNKNOWN_TENANT } from '../../lib/api/types';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Field';
import { useScope } from '../../lib/scope/scope-context';
import { useSession } from '../../lib/session/session-context';
import styles from './ScopeBar.module.css';

const ADMIN_HOME = '/dashboard/admin';

/**
 * Super admins only: which scope they are in, and the way between global and tenant views.
 * `tenantName` is null while the viewed tenant is still loading.
 */
export function ScopeBar({ tenantName }: { tenantName: string | null }) {
  const { memberships } = useSession();
  const { scope, activeTenantId, setActiveTenant, setSuperScope } = useScope();
  const own = memberships.filter((m) => m.status === 'active');

  if (scope === 'super') {
    return (
      <div className={styles.bar} role="region" aria-label="Scope">
        <Globe size={16} aria-hidden />
        <span className={styles.text}>Global view across all tenants</span>
        <div className={styles.actions}>
          {own.map((m) => (
            <Button
              key={m.tenant_id}
              className={styles.action}
              size="sm"
              variant="secondary"
              onClick={() => setActiveTenant(m.tenant_id, { to: ADMIN_HOME })}
            >
              My Tenant
              {own.length > 1 && <span className={styles.tenantName}>{m.tenant_name ?? UNKNOWN_TENANT}</span>}
            </Button>
          ))}
        </div>
      </div>
    );
  }

  const isOwn = own.some((m) => m.tenant_id === activeTenantId);
  return (
    <div className={styles.bar} role="region" aria-label="Scope">
      <Building2 size={16} aria-hidden />
      <span className={styles.text}>
        Viewing <strong>{tenantName ?? '…'}</strong>
      </span>
      <div className={styles.actions}>
        {own.length > 1 && (
          <Select
            className={styles.tenantSelect}
            size="sm"
            aria-label="Switch tenant"
            value={isOwn ? (activeTenantId ?? '') : ''}
            onChange={(event) => setActiveTenant(event.target.value, { to: ADMIN_HOME })}
          >
            {!isOwn && (
              <option value="" disabled>
                Switch to one of your tenants
              </option>
            )}
            {own.map((m) => (
              <option key={m.tenant_id} value={m.tenant_id}>
                {`${m.tenant_name ?? UNKNOWN_TENANT} (${m.role})`}
              </option>
            ))}
          </Select>
        )}
        <Button className={styles.action} size="sm" variant="secondary" onClick={() => setSuperScope({ to: '/super' })}>
          Super Admin
        </Button>
      </div>
    </div>
  );
}
