import { MESSAGE_EDIT_WINDOW_MS, MESSAGE_MESSAGES } from '@portico/common';
import type { Transaction } from 'sequelize';
import type { Message, MessageThread, ThreadKind } from '../db/models';
import { decodeCursor, pageOf } from '../kernel/cursor';
import { badRequest, conflict, forbidden, notFound } from '../kernel/errors';
import { audit } from '../kernel/audit';
import { recordEvent } from '../kernel/events';
import { inTransaction, type ServiceContext, type TenantScope } from '../scope';
import { listFiles, shareFileWith, type FileViewer } from '../files';
import { announceMessage, threadReadInInbox } from '../inbox';
import { attachmentAudiences, attachmentsOf, teamRolesOf, type AttachedFile } from './attachments';
import { activeClientIds, addParticipants } from './participants-data';
import {
  findMessageForUpdate,
  insertMessage,
  insertMessageFiles,
  insertThread,
  markThreadRead,
  messageReaderIds,
  openClientThread,
  selectMessageMatches,
  selectMessages,
  selectReadableThreadKind,
  selectThreads,
  touchThread,
  type MessageFileLink,
  type MessageMatch,
  type MessageRowData,
  type ThreadRow,
} from './messages-data';

export type { MessageMatch, ThreadRow } from './messages-data';
export type { AttachedFile } from './attachments';

/*
 * Messages between a workspace's team and its clients (issue 32, DECISIONS §7). Who may read is
 * decided here, per statement (`messages-data.ts`), from the reader the API's policies describe;
 * object rules (only the author edits or deletes) stay in those policies.
 */

/** Who reads, as the API's policies describe them. */
export interface ThreadReader {
  /** Null for an API key: it reads and posts for the workspace, as its team does. */
  userId: string | null;
  role: string | null;
  /** The team (admins, team-kind roles), API keys and super admins read every thread of the workspace. */
  seesAll: boolean;
}

/** A reader, and which files they may open (an attachment is shown through a row they can open). */
export interface MessageViewer {
  reader: ThreadReader;
  files: FileViewer;
}

export interface MessageRow extends MessageRowData {
  files: AttachedFile[];
  /** The reader wrote it. */
  mine: boolean;
  /** Until when the reader may still edit it; null when they may not. */
  editable_until: Date | null;
}

interface PageInput {
  limit?: number;
  cursor?: string;
}

const pageOfInput = (input: PageInput) => ({
  limit: input.limit ?? 50,
  after: input.cursor ? decodeCursor(input.cursor) : null,
});

/** The threads the reader may read, the most recently active first, a page at a time. */
export async function listThreads(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { reader: ThreadReader } & PageInput,
): Promise<{ rows: ThreadRow[]; nextCursor: string | null }> {
  const { limit, after } = pageOfInput(input);
  const rows = await selectThreads(ctx, scope.tenantId, input.reader, { threadId: null, after, limit: limit + 1 });
  return pageOf(rows, limit, (row) => ({ at: row.cursor_at, id: row.id }));
}

/** One thread the reader may read, or 404 (also another workspace's, or one they may not read). */
export async function readableThread(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { reader: ThreadReader; threadId: string },
): Promise<ThreadRow> {
  const [row] = await selectThreads(ctx, scope.tenantId, input.reader, {
    threadId: input.threadId,
    after: null,
    limit: 1,
  });
  if (!row) throw notFound(MESSAGE_MESSAGES.threadNotFound);
  return row;
}

/**
 * The kind of a thread the reader may read, or 404 as `readableThread`: the same rule without the
 * thread's listing, for the live rooms, which ask it at every recheck of every socket.
 */
export async function readableThreadKind(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { reader: ThreadReader; threadId: string },
): Promise<ThreadKind> {
  const kind = await selectReadableThreadKind(ctx, scope.tenantId, input.reader, input.threadId);
  if (!kind) throw notFound(MESSAGE_MESSAGES.threadNotFound);
  return kind;
}

export interface OpenThreadInput {
  reader: ThreadReader;
  /** Clients to write to: one opens (or finds) their own thread, several a group thread. */
  participantIds?: readonly string[];
  /** An announcement to everyone holding this role. */
  role?: string;
  subject?: string;
}

/** A client's own thread with them in it, opened unless it exists. */
async function clientThread(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { clientId: string; subject: string | null },
  transaction: Transaction,
): Promise<MessageThread> {
  const { clientId, subject } = input;
  const thread = await openClientThread(
    ctx,
    scope.tenantId,
    { clientId, subject, createdBy: scope.actor.userId },
    transaction,
  );
  if (!thread) throw badRequest(MESSAGE_MESSAGES.notAClient);
  await addParticipants(ctx, scope.tenantId, { threadId: thread.id, userIds: [clientId], member: true }, transaction);
  return thread;
}

/** The thread a request to open one names, opened (or found: a client's own) in one transaction. */
async function threadToOpen(ctx: ServiceContext, scope: TenantScope, input: OpenThreadInput): Promise<MessageThread> {
  const { reader } = input;
  const subject = input.subject?.trim() || null;
  const ids = input.participantIds ?? [];
  const createdBy = scope.actor.userId;
  if (ids.length > 0 && input.role) throw badRequest(MESSAGE_MESSAGES.clientsOrRole);
  if (input.role) {
    const roleKey = input.role;
    if (!scope.roleTypes.some((r) => r.role_key === roleKey)) throw badRequest(MESSAGE_MESSAGES.unknownRole);
    return inTransaction(ctx, (transaction) =>
      insertThread(ctx, scope.tenantId, { kind: 'broadcast', roleKey, subject, createdBy }, transaction),
    );
  }
  if (ids.length === 0) {
    const clientId = reader.userId;
    if (reader.seesAll || !clientId) throw badRequest(MESSAGE_MESSAGES.chooseWho);
    return inTransaction(ctx, (transaction) => clientThread(ctx, scope, { clientId, subject }, transaction));
  }
  const clients = await activeClientIds(ctx, scope.tenantId, ids, teamRolesOf(scope));
  if (ids.some((id) => !clients.has(id))) throw badRequest(MESSAGE_MESSAGES.notAClient);
  if (ids.length === 1)
    return inTransaction(ctx, (transaction) => clientThread(ctx, scope, { clientId: ids[0]!, subject }, transaction));
  return inTransaction(ctx, async (transaction) => {
    const group = await insertThread(
      ctx,
      scope.tenantId,
      { kind: 'group', roleKey: null, subject, createdBy },
      transaction,
    );
    await addParticipants(ctx, scope.tenantId, { threadId: group.id, userIds: ids, member: true }, transaction);
    return group;
  });
}

/**
 * Opens a thread (DECISIONS §7): a client naming no one gets their own thread with the team, opened
 * on first ask; the team (the API's policies let only the team name people or a role) opens a
 * client's own thread, a group thread with chosen clients, or an announcement to a role.
 */
export async function openThread(ctx: ServiceContext, scope: TenantScope, input: OpenThreadInput): Promise<ThreadRow> {
  const thread = await threadToOpen(ctx, scope, input);
  return readableThread(ctx, scope, { reader: input.reader, threadId: thread.id });
}

async function messageRows(
  ctx: ServiceContext,
  scope: TenantScope,
  viewer: MessageViewer,
  rows: readonly MessageRowData[],
): Promise<MessageRow[]> {
  const files = await attachmentsOf(ctx, scope, viewer.files, rows);
  const now = ctx.clock.now().getTime();
  return rows.map((row) => {
    const mine = viewer.reader.userId !== null && row.author_id === viewer.reader.userId;
    const until = row.created_at.getTime() + MESSAGE_EDIT_WINDOW_MS;
    return {
      ...row,
      body: row.deleted_at ? '' : row.body,
      files: files.get(row.id) ?? [],
      mine,
      editable_until: mine && !row.deleted_at && until > now ? new Date(until) : null,
    };
  });
}

/**
 * A page of a thread's messages the viewer may read: the newest `limit` (oldest first within the
 * page, newest last), and the cursor of the older ones before them.
 */
export async function listMessages(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { viewer: MessageViewer; threadId: string } & PageInput,
): Promise<{ rows: MessageRow[]; nextCursor: string | null }> {
  const thread = await readableThread(ctx, scope, { reader: input.viewer.reader, threadId: input.threadId });
  const { limit, after } = pageOfInput(input);
  const found = await selectMessages(ctx, scope.tenantId, input.viewer.reader, {
    threadId: thread.id,
    messageId: null,
    after,
    limit: limit + 1,
  });
  const page = pageOf(found, limit, (row) => ({ at: row.cursor_at, id: row.id }));
  return { rows: await messageRows(ctx, scope, input.viewer, page.rows.toReversed()), nextCursor: page.nextCursor };
}

/** One message of a thread as the viewer sees it, or 404. */
export async function readableMessage(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { viewer: MessageViewer; threadId: string; messageId: string },
): Promise<MessageRow> {
  const [row] = await selectMessages(ctx, scope.tenantId, input.viewer.reader, {
    threadId: input.threadId,
    messageId: input.messageId,
    after: null,
    limit: 1,
  });
  if (!row) throw notFound(MESSAGE_MESSAGES.messageNotFound);
  const [message] = await messageRows(ctx, scope, input.viewer, [row]);
  return message!;
}

export interface PostMessageInput {
  viewer: MessageViewer;
  threadId: string;
  body: string;
  /** Files of the workspace the poster can open, attached in this order. */
  fileIds?: readonly string[];
}

/** The `data` of `message.created`: what a receiver needs to show and find the message. */
function messageEventData(thread: ThreadRow, message: Message, fileIds: readonly string[]) {
  return {
    message: {
      id: message.id,
      thread_id: message.thread_id,
      author_id: message.author_id,
      body: message.body,
      team_only: message.team_only,
      file_ids: fileIds,
      created_at: message.created_at.toISOString(),
    },
    thread: {
      id: thread.id,
      kind: thread.kind,
      client_id: thread.client_id,
      role_key: thread.role_key,
      subject: thread.subject,
    },
  };
}

/** Tells the thread's live room that a message changed, once the change is committed. */
function announceAfterCommit(
  ctx: ServiceContext,
  scope: TenantScope,
  message: Pick<Message, 'id' | 'thread_id'>,
  change: 'created' | 'edited' | 'deleted',
  transaction: Transaction,
): void {
  transaction.afterCommit(() =>
    ctx.live.toThread(scope.tenantId, message.thread_id, 'message', {
      thread_id: message.thread_id,
      message_id: message.id,
      change,
    }),
  );
}

/**
 * Posts a message to a thread the poster may read, in one transaction: the message, its attachments
 * shared with the thread's people (each a file row they then see in their Files), the poster's read
 * state and the `message.created` event; its live announcement follows the commit. A client's reply
 * to an announcement is read by the team and the replier only.
 */
export async function postMessage(
  ctx: ServiceContext,
  scope: TenantScope,
  input: PostMessageInput,
): Promise<MessageRow> {
  const { reader } = input.viewer;
  const thread = await readableThread(ctx, scope, { reader, threadId: input.threadId });
  const fileIds = [...new Set(input.fileIds ?? [])];
  const sources =
    fileIds.length > 0
      ? (await listFiles(ctx, scope, { viewer: input.viewer.files, ids: fileIds, limit: fileIds.length })).rows
      : [];
  if (sources.length !== fileIds.length) throw badRequest(MESSAGE_MESSAGES.fileNotVisible);
  const ordered = fileIds.map((id) => sources.find((s) => s.id === id)!);
  const teamOnly = thread.kind === 'broadcast' && !reader.seesAll;
  const at = ctx.clock.now();
  const message = await inTransaction(ctx, async (transaction) => {
    const created = await insertMessage(
      ctx,
      scope.tenantId,
      {
        threadId: thread.id,
        authorId: scope.actor.userId,
        apiKeyId: scope.actor.apiKeyId,
        body: input.body,
        teamOnly,
        at,
      },
      transaction,
    );
    await recordEvent(ctx, scope.tenantId, 'message.created', messageEventData(thread, created, fileIds), transaction);
    // A key's writes are audited (docs/api.md), and so is a super admin writing as the person they impersonate.
    const { apiKeyId, impersonatorUserId } = scope.actor;
    if (apiKeyId || impersonatorUserId)
      await audit(
        ctx,
        scope,
        {
          action: 'message.posted',
          entity: { type: 'message', id: created.id },
          details: { thread_id: thread.id, ...(apiKeyId ? { api_key_id: apiKeyId } : {}) },
        },
        transaction,
      );
    const audiences = attachmentAudiences(scope, thread, { teamOnly, posterId: scope.actor.userId });
    const links: Omit<MessageFileLink, 'message_id'>[] = [];
    for (const [position, source] of ordered.entries()) {
      links.push({ file_id: source.id, position, copy: false });
      const copies = await shareFileWith(
        ctx,
        scope,
        { source, audiences, auditDetails: { message_id: created.id, thread_id: thread.id } },
        transaction,
      );
      links.push(...copies.map((copy) => ({ file_id: copy.id, position, copy: true })));
    }
    if (links.length > 0) await insertMessageFiles(ctx, scope.tenantId, links, created.id, transaction);
    await touchThread(ctx, scope.tenantId, thread.id, at, transaction);
    if (scope.actor.userId)
      await markThreadRead(ctx, scope.tenantId, { threadId: thread.id, userId: scope.actor.userId, at }, transaction);
    announceAfterCommit(ctx, scope, created, 'created', transaction);
    // Everyone else who may read it hears of it in their own room, joined to the thread or not: the unread badge.
    const readers = await messageReaderIds(ctx, scope.tenantId, created.id, teamRolesOf(scope), transaction);
    transaction.afterCommit(() => ctx.live.toPeople(readers, 'thread_unread', { thread_id: thread.id }));
    await announceMessage(
      ctx,
      scope.tenantId,
      { readerIds: readers, threadId: thread.id, authorId: scope.actor.userId, body: input.body },
      transaction,
    );
    return created;
  });
  return readableMessage(ctx, scope, { viewer: input.viewer, threadId: thread.id, messageId: message.id });
}

export interface ChangeMessageInput {
  viewer: MessageViewer;
  threadId: string;
  messageId: string;
}

/** Edits a message's text: its author, within 15 minutes of sending it (by the context's clock), and not once deleted. */
export async function editMessage(
  ctx: ServiceContext,
  scope: TenantScope,
  input: ChangeMessageInput & { body: string },
): Promise<MessageRow> {
  await inTransaction(ctx, async (transaction) => {
    const message = await findMessageForUpdate(ctx, scope.tenantId, input, transaction);
    if (!message) throw notFound(MESSAGE_MESSAGES.messageNotFound);
    if (message.deleted_at) throw conflict(MESSAGE_MESSAGES.deleted, 'message_deleted');
    const now = ctx.clock.now();
    if (now.getTime() - message.created_at.getTime() > MESSAGE_EDIT_WINDOW_MS)
      throw forbidden(MESSAGE_MESSAGES.editWindowClosed, 'edit_window_closed');
    await message.update({ body: input.body, edited_at: now }, { transaction });
    announceAfterCommit(ctx, scope, message, 'edited', transaction);
  });
  return readableMessage(ctx, scope, input);
}

/** Deletes a message for everyone: its place stays, shown as deleted, without its text. Deleting again changes nothing. */
export async function deleteMessage(
  ctx: ServiceContext,
  scope: TenantScope,
  input: ChangeMessageInput,
): Promise<MessageRow> {
  await inTransaction(ctx, async (transaction) => {
    const message = await findMessageForUpdate(ctx, scope.tenantId, input, transaction);
    if (!message) throw notFound(MESSAGE_MESSAGES.messageNotFound);
    if (message.deleted_at) return;
    await message.update({ body: '', deleted_at: ctx.clock.now() }, { transaction });
    announceAfterCommit(ctx, scope, message, 'deleted', transaction);
  });
  return readableMessage(ctx, scope, input);
}

/**
 * The reader has read the thread up to now (an API key is nobody: nothing to record); the thread's
 * team hears it once committed ("seen by"), its clients never.
 */
export async function markRead(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { reader: ThreadReader; threadId: string },
): Promise<ThreadRow> {
  const thread = await readableThread(ctx, scope, input);
  const { userId } = input.reader;
  if (userId) {
    const at = ctx.clock.now();
    await inTransaction(ctx, async (transaction) => {
      await markThreadRead(ctx, scope.tenantId, { threadId: thread.id, userId, at }, transaction);
      await threadReadInInbox(ctx, scope.tenantId, { userId, threadId: thread.id, at }, transaction);
      transaction.afterCommit(() =>
        ctx.live.toThreadTeam(scope.tenantId, thread.id, 'read', {
          thread_id: thread.id,
          user_id: userId,
          last_read_at: at.toISOString(),
        }),
      );
    });
  }
  return readableThread(ctx, scope, input);
}

/** Messages the reader may read whose words start with the query's (a prefix tsquery), newest first. */
export function searchMessages(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { reader: ThreadReader; tsQuery: string; limit: number },
): Promise<MessageMatch[]> {
  return selectMessageMatches(ctx, scope.tenantId, input.reader, input.tsQuery, input.limit);
}
