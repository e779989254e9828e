import { Outlet } from 'react-router-dom';
import { AppWindow } from 'lucide-react';
import { useVisibleEmbeds } from '../../features/embeds';
import { useFlagOn } from '../../lib/api/flags';
import { useTenantConfig } from '../../lib/api/queries';
import { useScope } from '../../lib/scope/scope-context';
import { AppFrame } from './AppFrame';
import type { AppFrameProps } from './AppFrame';
import type { SidebarSection } from './Sidebar';
import { workspaceBlock } from './workspace-block';
import { WorkspaceBlocked } from './WorkspaceBlocked';

/** The workspace's config, and which capabilities it has on: one turned off on the platform (Super Settings, Feature Flags) or by the workspace has no menu entry. */
export function useWorkspace(tenantId: string | null) {
  const config = useTenantConfig(tenantId);
  const features = config.data?.features;
  const on = {
    files: useFlagOn('files') && features?.files !== false,
    embeds: useFlagOn('embeds') && features?.embeds !== false,
    forms: useFlagOn('forms') && features?.forms !== false,
  };
  return { config, on };
}

/** The sidebar's Embedded Tools list: the embeds the signed-in person may open (DECISIONS §3). */
function useEmbeddedToolsSections(tenantId: string | null, embedsOn: boolean): SidebarSection[] {
  const { tenantPath } = useScope();
  // Embeds turned off: no section, and nothing asked of the API.
  const embeds = useVisibleEmbeds(embedsOn ? tenantId : null);
  if (!embedsOn || !tenantId) return [];
  const links = (embeds.data ?? []).map((e) => ({ to: tenantPath(`/embed/${e.id}`), label: e.title, icon: AppWindow }));
  return [{ title: 'Embedded Tools', links }];
}

interface WorkspaceFrameProps extends Omit<AppFrameProps, 'config' | 'sections' | 'children'> {
  workspace: ReturnType<typeof useWorkspace>;
  /** The workspace whose Embedded Tools the sidebar lists; null lists none (the super admin's global view). */
  embedsTenantId: string | null;
}

/** What the admin and member shells share: the frame around the page, or why the workspace is closed to this person. */
export function WorkspaceFrame({ workspace, embedsTenantId, ...frame }: WorkspaceFrameProps) {
  const { config, on } = workspace;
  const sections = useEmbeddedToolsSections(embedsTenantId, on.embeds);
  const block = workspaceBlock(config.error);
  return (
    <AppFrame config={config.data} sections={sections} {...frame}>
      {block ? <WorkspaceBlocked reason={block} message={config.error?.message} /> : <Outlet />}
    </AppFrame>
  );
}
