import { ClipboardList, FolderOpen, LayoutDashboard, MessagesSquare, Settings } from 'lucide-react';
import { useUnreadCount } from '../../features/messages';
import { UNKNOWN_TENANT } from '../../lib/api/types';
import { homeOf } from '../../lib/routes/access';
import { useScope } from '../../lib/scope/scope-context';
import { useAbilities } from '../../lib/scope/use-abilities';
import { BillingBanner } from './BillingBanner';
import type { SidebarLink } from './Sidebar';
import { useWorkspace, WorkspaceFrame } from './WorkspaceFrame';

export function UserShell() {
  const { activeTenantId, activeMembership, roleKind, tenantPath } = useScope();
  const { build_forms } = useAbilities();
  const workspace = useWorkspace(activeTenantId);
  const { config, on } = workspace;
  const unread = useUnreadCount(activeTenantId);

  const settingsPath = tenantPath('/settings');
  const links: SidebarLink[] = [
    { to: tenantPath(homeOf(roleKind)), label: 'Dashboard', icon: LayoutDashboard },
    { to: tenantPath('/messages'), label: 'Messages', icon: MessagesSquare, badge: unread },
    ...(on.files ? [{ to: tenantPath('/files'), label: 'Files', icon: FolderOpen }] : []),
    // Team members build forms, so they get the management page too.
    ...(build_forms && on.forms ? [{ to: tenantPath('/forms'), label: 'Forms', icon: ClipboardList }] : []),
    { to: settingsPath, label: 'Settings', icon: Settings },
  ];

  return (
    <WorkspaceFrame
      workspace={workspace}
      embedsTenantId={activeTenantId}
      name={config.data?.name ?? activeMembership?.tenant_name ?? UNKNOWN_TENANT}
      subtitle={activeMembership?.role_label ?? 'Member'}
      links={links}
      settingsPath={settingsPath}
      banner={config.data && <BillingBanner billing={config.data.billing} billingPath={null} />}
    />
  );
}
