import { AppWindow } from 'lucide-react';
import { useVisibleEmbeds } from '../../features/embeds';
import { useTenantConfig } from '../../lib/api/queries';
import { useFlagOn } from '../../lib/api/flags';
import type { SidebarSection } from './Sidebar';

/** The sidebar's Embedded Tools list: the embeds the signed-in person may open (DECISIONS §3). */
export function useEmbeddedToolsSections(
  tenantId: string | null,
  tenantPath: (path: string) => string,
): SidebarSection[] {
  // Embeds turned off on the platform or by the workspace: no section, and nothing asked of the API.
  const config = useTenantConfig(tenantId);
  const on = useFlagOn('embeds') && config.data?.features.embeds !== false;
  const embeds = useVisibleEmbeds(on ? tenantId : null);
  if (!on) return [];
  const links = (embeds.data ?? []).map((e) => ({ to: tenantPath(`/embed/${e.id}`), label: e.title, icon: AppWindow }));
  return [{ title: 'Embedded Tools', links }];
}
