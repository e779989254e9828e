import { INBOX_MESSAGES } from '@portico/common';
import type { Transaction } from 'sequelize';
import { decodeCursor, pageOf } from '../kernel/cursor';
import { forbidden } from '../kernel/errors';
import { emailInboxItem } from './inbox-email';
import type { ServiceContext, TenantScope } from '../scope';
import {
  countPlatformUnread,
  countUnread,
  insertAnnouncementItems,
  insertInboxItems,
  insertPlatformItems,
  markInboxRead,
  markPlatformRead,
  purgeInbox,
  readThreadItem,
  selectInboxPage,
  selectPlatformPage,
  upsertMessageItems,
  type AnnouncementInsert,
  type InboxInsert,
  type InboxRow,
} from './inbox-data';

export type { InboxRow } from './inbox-data';

/*
 * The notification inbox (issue 33): what happened to a person in a workspace, written with what it
 * announces (in its transaction: a rolled-back share tells nobody), heard live in the person's own
 * room once committed, read a page at a time and kept 90 days.
 */

/** How long an item stays in the inbox. */
export const INBOX_KEPT_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The most items one statement of the purge deletes. */
const PURGE_BATCH = 5000;

/** What happened, to whom: `link` is the page it opens, within the workspace (its `?tenant_id=` is added here). */
export type Notice = Omit<InboxInsert, 'link'> & { path: string };

/** The address of a page of the workspace: its path, with the workspace named so any address opens it. */
export function workspaceLink(tenantId: string, path: string): string {
  const [pathname, query] = path.split('?');
  const params = new URLSearchParams(query);
  params.set('tenant_id', tenantId);
  return `${pathname}?${params.toString()}`;
}

/**
 * Tells the people a notice names, in the caller's transaction; each hears `notification` in their
 * own room once it commits, and is emailed when their setting for its kind says so. Whoever caused
 * it is never told.
 */
export async function notify(
  ctx: Pick<ServiceContext, 'sequelize' | 'live' | 'db' | 'queues' | 'logger' | 'config'>,
  tenantId: string,
  notice: Notice,
  transaction: Transaction,
): Promise<void> {
  if (notice.userIds.length === 0 && notice.roles.length === 0) return;
  const { path, ...item } = notice;
  const link = workspaceLink(tenantId, path);
  const told = await insertInboxItems(ctx, tenantId, { ...item, link }, transaction);
  await emailInboxItem(ctx, tenantId, { ...item, link, userIds: told }, transaction);
  transaction.afterCommit(() => ctx.live.toPeople(told, 'notification', { tenant_id: tenantId, kind: notice.kind }));
}

/** Whose inbox a request reads: its person's, a member of the workspace (a super admin visiting has none). */
function inboxOwner(scope: TenantScope): string {
  const { userId } = scope.actor;
  if (!userId || scope.role === null) throw forbidden(INBOX_MESSAGES.notMember);
  return userId;
}

/**
 * Tells a message's readers in their inbox, in the posting transaction: one item per person and
 * thread while they have not read it, brought forward by each new message.
 */
export async function announceMessage(
  ctx: Pick<ServiceContext, 'sequelize' | 'live'>,
  tenantId: string,
  input: { readerIds: readonly string[]; threadId: string; authorId: string | null; body: string },
  transaction: Transaction,
): Promise<void> {
  if (input.readerIds.length === 0) return;
  const told = await upsertMessageItems(
    ctx,
    tenantId,
    { userIds: input.readerIds, threadId: input.threadId, authorId: input.authorId, preview: input.body },
    transaction,
  );
  transaction.afterCommit(() =>
    ctx.live.toPeople(told, 'notification', { tenant_id: tenantId, kind: 'message.received' }),
  );
}

/** Someone read a thread: its item in their inbox is read too. */
export async function threadReadInInbox(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  input: { userId: string; threadId: string; at: Date },
  transaction: Transaction,
): Promise<void> {
  await readThreadItem(ctx, tenantId, input, transaction);
}

/**
 * Puts an announcement whose window opened in the inbox of everyone it reaches, in the caller's
 * transaction; their bells hear the `announcement` live event the console already sends.
 */
export async function announceInInboxes(
  ctx: Pick<ServiceContext, 'sequelize'>,
  row: AnnouncementInsert,
  transaction: Transaction,
): Promise<void> {
  await insertAnnouncementItems(ctx, row, transaction);
}

interface InboxPageInput {
  unreadOnly?: boolean;
  limit?: number;
  cursor?: string;
}

/** A page of someone's items (of a workspace, or of the console), and how many they have not read. */
async function inboxPage(
  input: InboxPageInput,
  read: (page: { unreadOnly: boolean; after: { at: string; id: string } | null; limit: number }) => Promise<InboxRow[]>,
  unread: () => Promise<number>,
): Promise<{ rows: InboxRow[]; nextCursor: string | null; unread: number }> {
  const limit = input.limit ?? 20;
  const rows = await read({
    unreadOnly: input.unreadOnly ?? false,
    after: input.cursor ? decodeCursor(input.cursor) : null,
    limit: limit + 1,
  });
  const page = pageOf(rows, limit, (row) => ({ at: row.cursor_at, id: row.id }));
  return { ...page, unread: await unread() };
}

/** A page of the caller's inbox in this workspace, newest first, and how many they have not read. */
export function listInbox(ctx: ServiceContext, scope: TenantScope, input: InboxPageInput) {
  const userId = inboxOwner(scope);
  return inboxPage(
    input,
    (page) => selectInboxPage(ctx, scope.tenantId, { userId, ...page }),
    () => countUnread(ctx, scope.tenantId, userId),
  );
}

/** A page of the super admin's console inbox, newest first, and how many they have not read. */
export function listPlatformInbox(ctx: ServiceContext, actor: { userId: string }, input: InboxPageInput) {
  return inboxPage(
    input,
    (page) => selectPlatformPage(ctx, { userId: actor.userId, ...page }),
    () => countPlatformUnread(ctx, actor.userId),
  );
}

/** Marks some of the super admin's console items read (or all); answers how many they still have not read. */
export async function readPlatformInbox(
  ctx: ServiceContext,
  actor: { userId: string },
  input: { ids: readonly string[] | null },
): Promise<number> {
  await markPlatformRead(ctx, { userId: actor.userId, ids: input.ids, at: ctx.clock.now() });
  ctx.live.toPeople([actor.userId], 'notification', { tenant_id: null, kind: 'read' });
  return countPlatformUnread(ctx, actor.userId);
}

/** Tells every super admin in the console's inbox, in the caller's transaction; heard live once committed. */
export async function notifySuperAdmins(
  ctx: Pick<ServiceContext, 'sequelize' | 'live'>,
  notice: Pick<InboxInsert, 'kind' | 'title' | 'body' | 'link' | 'entity'>,
  transaction: Transaction,
): Promise<void> {
  const told = await insertPlatformItems(ctx, notice, transaction);
  transaction.afterCommit(() => ctx.live.toPeople(told, 'notification', { tenant_id: null, kind: notice.kind }));
}

/** Marks some of the caller's items read (or all, `ids` null); answers how many they still have not read. */
export async function readInbox(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { ids: readonly string[] | null },
): Promise<number> {
  const userId = inboxOwner(scope);
  await markInboxRead(ctx, scope.tenantId, { userId, ids: input.ids, at: ctx.clock.now() });
  const unread = await countUnread(ctx, scope.tenantId, userId);
  // The person's other tabs and devices update their bell.
  ctx.live.toPeople([userId], 'notification', { tenant_id: scope.tenantId, kind: 'read' });
  return unread;
}

/** The scheduler's purge: items older than the inbox keeps them, in every workspace; answers how many went. */
export async function purgeOldInboxItems(ctx: Pick<ServiceContext, 'sequelize' | 'clock'>): Promise<{ items: number }> {
  const before = new Date(ctx.clock.now().getTime() - INBOX_KEPT_DAYS * DAY_MS);
  let items = 0;
  for (;;) {
    const deleted = await purgeInbox(ctx, { before, limit: PURGE_BATCH });
    items += deleted;
    if (deleted < PURGE_BATCH) return { items };
  }
}
