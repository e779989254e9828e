import { Building2 } from 'lucide-react';
import { toast } from 'sonner';
import { TENANT_INTEGRATION_KEYS } from '@portico/common';
import type { TenantIntegrationKey } from '@portico/common';
import { useSetTenantIntegration, useTenantIntegrations } from '../../../api/global-integrations';
import { EmptyState } from '../../../components/EmptyState';
import { errorMessage } from '../../../lib/http';
import { QueryCard } from '../console/parts';

const TOGGLE_NAMES: Record<TenantIntegrationKey, string> = {
  slack: 'Slack',
  sendgrid: 'SendGrid',
  google: 'Google',
  microsoft: 'Microsoft',
  webhooks: 'Webhooks',
};

/** Which integrations each workspace may use; switched off, an integration really stops for it. */
export function TenantTogglesCard() {
  const tenants = useTenantIntegrations();
  const set = useSetTenantIntegration();

  function toggle(tenantId: string, tenantName: string, key: TenantIntegrationKey, enabled: boolean) {
    set.mutate(
      { tenantId, key, enabled },
      {
        onSuccess: () => toast.success(`${TOGGLE_NAMES[key]} turned ${enabled ? 'on' : 'off'} for ${tenantName}.`),
        onError: (err) => toast.error(errorMessage(err, 'The integration could not be switched.')),
      },
    );
  }

  return (
    <QueryCard title="Workspace integrations" query={tenants} failure="Failed to load the workspaces.">
      {(rows) =>
        rows.length === 0 ? (
          <EmptyState icon={Building2} message="No workspaces yet." />
        ) : (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Workspace</th>
                  {TENANT_INTEGRATION_KEYS.map((key) => (
                    <th scope="col" key={key}>
                      {TOGGLE_NAMES[key]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((tenant) => (
                  <tr key={tenant.id} data-tenant-id={tenant.id}>
                    <td className="cell-strong">{tenant.name}</td>
                    {TENANT_INTEGRATION_KEYS.map((key) => {
                      const enabled = tenant.integrations?.[key] ?? true;
                      const busy = set.isPending && set.variables?.tenantId === tenant.id && set.variables.key === key;
                      return (
                        <td key={key}>
                          <input
                            type="checkbox"
                            className="switch"
                            role="switch"
                            aria-label={`${TOGGLE_NAMES[key]} for ${tenant.name}`}
                            checked={enabled}
                            disabled={busy}
                            onChange={() => toggle(tenant.id, tenant.name, key, !enabled)}
                          />
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      }
    </QueryCard>
  );
}
