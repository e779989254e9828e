import { useScope } from '../../lib/scope/scope-context';
import { useAbilities } from '../../lib/scope/use-abilities';
import { useSession } from '../../lib/session/session-context';

/** The active workspace and whether the viewer administers its files (every file, sharing, activity). */
export function useFilesViewer() {
  const { activeTenantId } = useScope();
  const { user } = useSession();
  const { manage_files } = useAbilities();
  return { tenantId: activeTenantId, isAdmin: manage_files, userId: user?.id ?? null };
}
