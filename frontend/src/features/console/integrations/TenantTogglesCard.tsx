import { Building2 } from 'lucide-react';
import { toast } from 'sonner';
import { TENANT_INTEGRATION_KEYS } from '@portico/common';
import type { TenantIntegrationKey } from '@portico/common';
import { useSetTenantIntegration, useTenantIntegrations } from '../api/global-integrations';
import { errorMessage } from '../../../lib/api/http';
import { QueryTableCard } from '../panels/parts';
import { Switch } from '../../../ui/Switch';

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
    <QueryTableCard
      title="Workspace integrations"
      query={tenants}
      failure="Failed to load the workspaces."
      rowKey={(tenant) => tenant.id}
      rowAttributes={(tenant) => ({ 'data-tenant-id': tenant.id })}
      empty={{ icon: Building2, message: 'No workspaces yet.' }}
      columns={[
        { header: 'Workspace', variant: 'strong', cell: (tenant) => tenant.name },
        ...TENANT_INTEGRATION_KEYS.map((key) => ({
          header: TOGGLE_NAMES[key],
          cell: (tenant: NonNullable<typeof tenants.data>[number]) => {
            const enabled = tenant.integrations?.[key] ?? true;
            return (
              <Switch
                label={`${TOGGLE_NAMES[key]} for ${tenant.name}`}
                checked={enabled}
                disabled={set.isPending && set.variables?.tenantId === tenant.id && set.variables.key === key}
                onChange={() => toggle(tenant.id, tenant.name, key, !enabled)}
              />
            );
          },
        })),
      ]}
    />
  );
}
