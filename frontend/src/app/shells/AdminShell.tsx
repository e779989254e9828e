import { useLocation } from 'react-router-dom';
import {
  ClipboardList,
  CreditCard,
  FileUp,
  LayoutDashboard,
  LayoutTemplate,
  MessagesSquare,
  Plug,
  Settings,
  ShieldCheck,
  UsersRound,
} from 'lucide-react';
import { UNKNOWN_TENANT } from '../../lib/api/types';
import { useScope } from '../../lib/scope/scope-context';
import { useAbilities } from '../../lib/scope/use-abilities';
import { useSession } from '../../lib/session/session-context';
import { BillingBanner } from './BillingBanner';
import { HeldMailBanner } from '../../features/auth';
import { useUnreadCount } from '../../features/messages';
import { HeaderSearch } from '../../features/search';
import { ScopeBar } from './ScopeBar';
import type { SidebarLink } from './Sidebar';
import { useWorkspace, WorkspaceFrame } from './WorkspaceFrame';

export function AdminShell() {
  const { isSuperAdmin } = useSession();
  const { scope, activeTenantId, activeMembership, tenantPath } = useScope();
  const can = useAbilities();
  const workspace = useWorkspace(activeTenantId);
  const { config, on } = workspace;
  const unread = useUnreadCount(scope === 'tenant' ? activeTenantId : null);

  const tenantName = config.data?.name ?? activeMembership?.tenant_name ?? (config.isLoading ? null : UNKNOWN_TENANT);
  const settingsPath = tenantPath('/dashboard/admin/settings');
  const billingPath = tenantPath('/dashboard/admin/billing');
  // The Billing page says most of it itself, with the way to pay.
  const onBilling = useLocation().pathname === '/dashboard/admin/billing';
  const links: SidebarLink[] = [
    { to: tenantPath('/dashboard/admin'), label: 'Dashboard', icon: LayoutDashboard },
    ...(can.manage_users ? [{ to: tenantPath('/crm/users'), label: 'User Management', icon: UsersRound }] : []),
    ...(scope === 'tenant'
      ? [{ to: tenantPath('/messages'), label: 'Messages', icon: MessagesSquare, badge: unread }]
      : []),
    ...(on.files ? [{ to: tenantPath('/files'), label: 'File Upload', icon: FileUp }] : []),
    ...(on.embeds && can.manage_embeds
      ? [{ to: tenantPath('/admin-embeds'), label: 'Embed Manager', icon: LayoutTemplate }]
      : []),
    ...(on.forms && can.build_forms ? [{ to: tenantPath('/forms'), label: 'Forms', icon: ClipboardList }] : []),
    ...(can.manage_billing ? [{ to: billingPath, label: 'Billing', icon: CreditCard }] : []),
    ...(can.manage_integrations
      ? [{ to: tenantPath('/dashboard/admin/integrations'), label: 'Integrations', icon: Plug }]
      : []),
    ...(can.manage_settings ? [{ to: settingsPath, label: 'Settings', icon: Settings }] : []),
  ];
  if (can.use_console) links.push({ to: '/super', label: 'Super Admin', icon: ShieldCheck });

  return (
    <WorkspaceFrame
      workspace={workspace}
      embedsTenantId={scope === 'tenant' ? activeTenantId : null}
      name={scope === 'super' ? 'All tenants' : (tenantName ?? '')}
      subtitle={activeMembership?.role_label ?? (isSuperAdmin ? 'Super Admin' : 'Admin')}
      links={links}
      settingsPath={settingsPath}
      banner={
        <>
          {isSuperAdmin && <ScopeBar tenantName={tenantName} />}
          {scope === 'tenant' && config.data && (
            <BillingBanner billing={config.data.billing} billingPath={billingPath} onBilling={onBilling} />
          )}
          {scope === 'tenant' && <HeldMailBanner tenantId={activeTenantId} />}
        </>
      }
      search={scope === 'tenant' ? <HeaderSearch /> : null}
    />
  );
}
