import { DASHBOARD_TITLE_BY_KIND } from '@portico/common';
import type { RoleKind } from '@portico/common';

/** Member dashboard title: from the role label ('Client' → 'Client Dashboard'), else by kind. */
export function dashboardTitle(roleLabel: string | null | undefined, kind: RoleKind | null): string {
  const label = roleLabel?.trim();
  if (label) return `${label} Dashboard`;
  return kind ? DASHBOARD_TITLE_BY_KIND[kind] : 'Member Dashboard';
}
