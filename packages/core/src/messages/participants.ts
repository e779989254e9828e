import { MESSAGE_MESSAGES, THREAD_MAX_PARTICIPANTS } from '@portico/common';
import { badRequest, notFound } from '../kernel/errors';
import { audit } from '../kernel/audit';
import { inTransaction, type ServiceContext, type TenantScope } from '../scope';
import { teamRolesOf } from './attachments';
import { readableThread, type ThreadReader, type ThreadRow } from './messages';
import {
  activeClientIds,
  addParticipants,
  removeParticipant,
  selectRecipients,
  type RecipientRow,
} from './participants-data';

/*
 * Who is in a group thread, changed by the team (the API's policies let only the team ask). A person
 * taken out no longer reads the thread, from the next request and the next live event on; the files
 * already shared with them stay theirs. Someone added reads the whole thread, and the attachments
 * posted from then on reach them.
 */

/** The workspace's active clients, by name: whom the team may write to or add to a thread. */
export function listRecipients(ctx: ServiceContext, scope: TenantScope): Promise<RecipientRow[]> {
  return selectRecipients(ctx, scope.tenantId, teamRolesOf(scope));
}

async function groupThread(ctx: ServiceContext, scope: TenantScope, input: { reader: ThreadReader; threadId: string }) {
  const thread = await readableThread(ctx, scope, input);
  if (thread.kind !== 'group') throw badRequest(MESSAGE_MESSAGES.groupOnly);
  return thread;
}

/** Adds active clients to a group thread; those already in it stay. They hear of it in their own room. */
export async function addThreadPeople(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { reader: ThreadReader; threadId: string; participantIds: readonly string[] },
): Promise<ThreadRow> {
  const thread = await groupThread(ctx, scope, input);
  const ids = input.participantIds;
  const clients = await activeClientIds(ctx, scope.tenantId, ids, teamRolesOf(scope));
  if (ids.some((id) => !clients.has(id))) throw badRequest(MESSAGE_MESSAGES.notAClient);
  const added = ids.filter((id) => !thread.participant_ids.includes(id));
  if (thread.participant_ids.length + added.length > THREAD_MAX_PARTICIPANTS)
    throw badRequest(MESSAGE_MESSAGES.tooManyParticipants);
  if (added.length > 0)
    await inTransaction(ctx, async (transaction) => {
      await addParticipants(ctx, scope.tenantId, { threadId: thread.id, userIds: added, member: true }, transaction);
      await audit(
        ctx,
        scope,
        { action: 'thread.people_added', entity: { type: 'thread', id: thread.id }, details: { user_ids: added } },
        transaction,
      );
      transaction.afterCommit(() => ctx.live.toPeople(added, 'thread_unread', { thread_id: thread.id }));
    });
  return readableThread(ctx, scope, input);
}

/** Takes a client out of a group thread (one client at least stays); they hear of it in their own room. */
export async function removeThreadPerson(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { reader: ThreadReader; threadId: string; userId: string },
): Promise<ThreadRow> {
  const thread = await groupThread(ctx, scope, input);
  if (!thread.participant_ids.includes(input.userId)) throw notFound(MESSAGE_MESSAGES.notInThread);
  if (thread.participant_ids.length === 1) throw badRequest(MESSAGE_MESSAGES.keepOneClient);
  await inTransaction(ctx, async (transaction) => {
    if (!(await removeParticipant(ctx, scope.tenantId, { threadId: thread.id, userId: input.userId }, transaction)))
      throw notFound(MESSAGE_MESSAGES.notInThread);
    await audit(
      ctx,
      scope,
      {
        action: 'thread.person_removed',
        entity: { type: 'thread', id: thread.id },
        details: { user_id: input.userId },
      },
      transaction,
    );
    transaction.afterCommit(() => ctx.live.toPeople([input.userId], 'thread_unread', { thread_id: thread.id }));
  });
  return readableThread(ctx, scope, input);
}
