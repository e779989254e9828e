import { useScope } from '../../scope/scope-context';
import { useSession } from '../../session/session-context';

/** The active workspace and whether the viewer administers it (owners, admins, super admins). */
export function useFilesViewer() {
  const { activeTenantId, roleKind } = useScope();
  const { isSuperAdmin, user } = useSession();
  return { tenantId: activeTenantId, isAdmin: roleKind === 'admin' || isSuperAdmin, userId: user?.id ?? null };
}
