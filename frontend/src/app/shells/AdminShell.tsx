import { Outlet, useLocation } from 'react-router-dom';
import {
  ClipboardList,
  CreditCard,
  FileUp,
  LayoutDashboard,
  LayoutTemplate,
  Plug,
  Settings,
  ShieldCheck,
  UsersRound,
} from 'lucide-react';
import { useTenantConfig } from '../../lib/api/queries';
import { useFlagOn } from '../../lib/api/flags';
import { UNKNOWN_TENANT } from '../../lib/api/types';
import { useScope } from '../../lib/scope/scope-context';
import { useAbilities } from '../../lib/scope/use-abilities';
import { useSession } from '../../lib/session/session-context';
import { AppFrame } from './AppFrame';
import { BillingBanner } from './BillingBanner';
import { useEmbeddedToolsSections } from './embedded-tools';
import { HeaderSearch } from '../../features/search';
import { ScopeBar } from './ScopeBar';
import type { SidebarLink } from './Sidebar';
import { workspaceBlock } from './workspace-block';
import { WorkspaceBlocked } from './WorkspaceBlocked';

export function AdminShell() {
  const { isSuperAdmin } = useSession();
  const { scope, activeTenantId, activeMembership, tenantPath } = useScope();
  const can = useAbilities();
  const config = useTenantConfig(activeTenantId);
  const block = workspaceBlock(config.error);

  const tenantName = config.data?.name ?? activeMembership?.tenant_name ?? (config.isLoading ? null : UNKNOWN_TENANT);
  const name = scope === 'super' ? 'All tenants' : (tenantName ?? '');
  const subtitle = activeMembership?.role_label ?? (isSuperAdmin ? 'Super Admin' : 'Admin');
  const settingsPath = tenantPath('/dashboard/admin/settings');
  const billingPath = tenantPath('/dashboard/admin/billing');
  // The Billing page says most of it itself, with the way to pay.
  const onBilling = useLocation().pathname === '/dashboard/admin/billing';
  // A capability turned off on the platform (Super Settings, Feature Flags) or by the workspace has no menu entry.
  const filesOn = useFlagOn('files') && config.data?.features.files !== false;
  const embedsOn = useFlagOn('embeds') && config.data?.features.embeds !== false;
  const formsOn = useFlagOn('forms') && config.data?.features.forms !== false;
  const links: SidebarLink[] = [
    { to: tenantPath('/dashboard/admin'), label: 'Dashboard', icon: LayoutDashboard },
    ...(can.manage_users ? [{ to: tenantPath('/crm/users'), label: 'User Management', icon: UsersRound }] : []),
    ...(filesOn ? [{ to: tenantPath('/files'), label: 'File Upload', icon: FileUp }] : []),
    ...(embedsOn && can.manage_embeds
      ? [{ to: tenantPath('/admin-embeds'), label: 'Embed Manager', icon: LayoutTemplate }]
      : []),
    ...(formsOn && can.build_forms ? [{ to: tenantPath('/forms'), label: 'Forms', icon: ClipboardList }] : []),
    ...(can.manage_billing ? [{ to: billingPath, label: 'Billing', icon: CreditCard }] : []),
    ...(can.manage_integrations
      ? [{ to: tenantPath('/dashboard/admin/integrations'), label: 'Integrations', icon: Plug }]
      : []),
    ...(can.manage_settings ? [{ to: settingsPath, label: 'Settings', icon: Settings }] : []),
  ];
  if (can.use_console) links.push({ to: '/super', label: 'Super Admin', icon: ShieldCheck });
  const sections = useEmbeddedToolsSections(scope === 'tenant' ? activeTenantId : null, tenantPath);

  return (
    <AppFrame
      config={config.data}
      name={name}
      subtitle={subtitle}
      links={links}
      sections={sections}
      settingsPath={settingsPath}
      banner={
        <>
          {isSuperAdmin && <ScopeBar tenantName={tenantName} />}
          {scope === 'tenant' && config.data && (
            <BillingBanner billing={config.data.billing} billingPath={billingPath} onBilling={onBilling} />
          )}
        </>
      }
      search={scope === 'tenant' ? <HeaderSearch /> : null}
    >
      {block ? <WorkspaceBlocked reason={block} /> : <Outlet />}
    </AppFrame>
  );
}
