import type { MembershipStatus } from '@portico/common';

import type { ServiceContext, TenantScope } from '../scope';
import { listMembershipsWithAccounts } from './people-data';

/**
 * The members of a workspace to choose from: the file and embed pickers (active members, by
 * email), the console's user list (everyone, in the order they joined) and the admin dashboard's
 * newest members read this one list.
 */
export interface MemberChoice {
  id: string;
  email: string;
  role: string;
  status: MembershipStatus;
  first_name: string | null;
  last_name: string | null;
  /** When they joined the workspace. */
  joined_at: Date;
  last_sign_in_at: Date | null;
}

export async function listMemberChoices(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { activeOnly: boolean; orderBy: 'email' | 'joined' | 'newest'; limit?: number },
): Promise<MemberChoice[]> {
  const rows = await listMembershipsWithAccounts(ctx, scope.tenantId, input, ctx.transaction);
  return rows.map((m) => ({
    id: m.user_id,
    email: m.user?.email ?? '',
    role: m.role,
    status: m.status,
    first_name: m.user?.profile?.first_name ?? null,
    last_name: m.user?.profile?.last_name ?? null,
    joined_at: m.created_at,
    last_sign_in_at: m.user?.last_sign_in_at ?? null,
  }));
}
