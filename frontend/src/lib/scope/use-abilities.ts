import { workspaceAbilitiesOf } from '@portico/common';
import type { AccountAbilities } from '@portico/common';
import { useSession } from '../session/session-context';
import { useScope } from './scope-context';

/** What the person may do in the active workspace, as GET /api/auth/user says: pages and menus ask this, not the role. */
export function useAbilities(): AccountAbilities {
  const { abilities } = useSession();
  const { activeMembership } = useScope();
  return workspaceAbilitiesOf(abilities, activeMembership);
}
