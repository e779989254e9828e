import { Outlet } from 'react-router-dom';
import { ClipboardList, FolderOpen, LayoutDashboard, Settings } from 'lucide-react';
import { useTenantConfig } from '../../lib/api/queries';
import { useFlagOn } from '../../lib/api/flags';
import { UNKNOWN_TENANT } from '../../lib/api/types';
import { homeOf } from '../../lib/routes/access';
import { useScope } from '../../lib/scope/scope-context';
import { useAbilities } from '../../lib/scope/use-abilities';
import { AppFrame } from './AppFrame';
import { BillingBanner } from './BillingBanner';
import { useEmbeddedToolsSections } from './embedded-tools';
import type { SidebarLink } from './Sidebar';
import { workspaceBlock } from './workspace-block';
import { WorkspaceBlocked } from './WorkspaceBlocked';

export function UserShell() {
  const { activeTenantId, activeMembership, roleKind, tenantPath } = useScope();
  const { build_forms } = useAbilities();
  const config = useTenantConfig(activeTenantId);
  const block = workspaceBlock(config.error);

  const name = config.data?.name ?? activeMembership?.tenant_name ?? UNKNOWN_TENANT;
  const subtitle = activeMembership?.role_label ?? 'Member';
  const settingsPath = tenantPath('/settings');
  // A capability turned off on the platform (Super Settings, Feature Flags) or by the workspace has no menu entry.
  const filesOn = useFlagOn('files') && config.data?.features.files !== false;
  const formsOn = useFlagOn('forms') && config.data?.features.forms !== false;
  const links: SidebarLink[] = [
    { to: tenantPath(homeOf(roleKind)), label: 'Dashboard', icon: LayoutDashboard },
    ...(filesOn ? [{ to: tenantPath('/files'), label: 'Files', icon: FolderOpen }] : []),
    // Team members build forms, so they get the management page too.
    ...(build_forms && formsOn ? [{ to: tenantPath('/forms'), label: 'Forms', icon: ClipboardList }] : []),
    { to: settingsPath, label: 'Settings', icon: Settings },
  ];
  const sections = useEmbeddedToolsSections(activeTenantId, tenantPath);

  return (
    <AppFrame
      config={config.data}
      name={name}
      subtitle={subtitle}
      links={links}
      sections={sections}
      settingsPath={settingsPath}
      banner={config.data && <BillingBanner billing={config.data.billing} billingPath={null} />}
    >
      {block ? <WorkspaceBlocked reason={block} /> : <Outlet />}
    </AppFrame>
  );
}
