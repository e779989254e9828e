import type { Transaction } from 'sequelize';
import { execute, select, tenantStatement } from '../db/statements';
import type { ServiceContext } from '../scope';

/*
 * Who is in a thread (issue 32): its members, and the clients the team may write to. Rows are
 * inserted only for members of the workspace (read from its memberships), so a thread never names
 * someone from elsewhere. `$1` is always the workspace.
 */

/** Adds people to a thread (or marks them in it): $2 the thread, $3 their user ids, $4 whether they are members. */
const ADD_PARTICIPANTS = tenantStatement(
  'messages.participants.add',
  `INSERT INTO thread_participants (tenant_id, thread_id, user_id, member)
   SELECT m.tenant_id, $2, m.user_id, $4 FROM memberships m WHERE m.tenant_id = $1 AND m.user_id = ANY($3::uuid[])
   ON CONFLICT (tenant_id, thread_id, user_id) DO UPDATE
     SET member = thread_participants.member OR EXCLUDED.member, updated_at = now()`,
);

/** Takes $3 out of the thread $2's members; their read state stays. */
const REMOVE_PARTICIPANT = tenantStatement(
  'messages.participants.remove',
  `UPDATE thread_participants SET member = false, updated_at = now()
   WHERE tenant_id = $1 AND thread_id = $2 AND user_id = $3 AND member`,
);

/** Active members of the workspace among $2 whose role is not one of the team's ($3: the team's role keys). */
const ACTIVE_CLIENTS = tenantStatement(
  'messages.active-clients',
  `SELECT m.user_id FROM memberships m
   WHERE m.tenant_id = $1 AND m.user_id = ANY($2::uuid[]) AND m.status = 'active' AND NOT (m.role = ANY($3::text[]))`,
);

/** Every active member outside the team ($2: the team's role keys), by name: whom the team may write to. */
const CLIENT_CHOICES = tenantStatement(
  'messages.recipients',
  `SELECT m.user_id AS id, u.email, m.role,
          nullif(trim(concat_ws(' ', p.first_name, p.last_name)), '') AS name
   FROM memberships m
   JOIN users u ON u.id = m.user_id
   LEFT JOIN profiles p ON p.id = m.user_id
   WHERE m.tenant_id = $1 AND m.status = 'active' AND NOT (m.role = ANY($2::text[]))
   ORDER BY lower(coalesce(nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''), u.email)), m.user_id`,
);

export interface RecipientRow {
  id: string;
  email: string;
  role: string;
  name: string | null;
}

export async function addParticipants(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  input: { threadId: string; userIds: readonly string[]; member: boolean },
  transaction: Transaction,
): Promise<void> {
  if (input.userIds.length === 0) return;
  await execute(ctx, ADD_PARTICIPANTS, [tenantId, input.threadId, input.userIds, input.member], transaction);
}

/** Whether the person was a member of the thread (and is no longer). */
export async function removeParticipant(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  input: { threadId: string; userId: string },
  transaction: Transaction,
): Promise<boolean> {
  return (await execute(ctx, REMOVE_PARTICIPANT, [tenantId, input.threadId, input.userId], transaction)) > 0;
}

/** Which of these people are active members of the workspace outside its team. */
export async function activeClientIds(
  ctx: Pick<ServiceContext, 'sequelize' | 'transaction'>,
  tenantId: string,
  userIds: readonly string[],
  teamRoles: readonly string[],
): Promise<Set<string>> {
  const rows = await select<{ user_id: string }>(ctx, ACTIVE_CLIENTS, [tenantId, userIds, teamRoles]);
  return new Set(rows.map((r) => r.user_id));
}

export function selectRecipients(
  ctx: Pick<ServiceContext, 'sequelize' | 'transaction'>,
  tenantId: string,
  teamRoles: readonly string[],
): Promise<RecipientRow[]> {
  return select<RecipientRow>(ctx, CLIENT_CHOICES, [tenantId, teamRoles]);
}
