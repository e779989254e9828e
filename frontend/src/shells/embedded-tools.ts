import { AppWindow } from 'lucide-react';
import { useVisibleEmbeds } from '../api/embeds';
import type { SidebarSection } from './Sidebar';

/** The sidebar's Embedded Tools list: the embeds the signed-in person may open (DECISIONS §3). */
export function useEmbeddedToolsSections(
  tenantId: string | null,
  tenantPath: (path: string) => string,
): SidebarSection[] {
  const embeds = useVisibleEmbeds(tenantId);
  const links = (embeds.data ?? []).map((e) => ({ to: tenantPath(`/embed/${e.id}`), label: e.title, icon: AppWindow }));
  return [{ title: 'Embedded Tools', links }];
}
