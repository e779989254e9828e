import type { Transaction } from 'sequelize';
import { crossTenantStatement, execute, select, tenantStatement } from '../db/statements';
import type { ServiceContext } from '../scope';

/*
 * Every read and write of the inbox (issue 33). Items are written only for active members of the
 * workspace (read from its memberships), in the transaction of what they announce; a person reads
 * and marks their own, in one workspace at a time. `$1` is always the workspace.
 */

/**
 * One item for each active member who is $2 or holds a role in $3, but not $4 (who caused it).
 * $5 kind, $6 title, $7 body, $8 link, $9 entity type, $10 entity id.
 */
const INSERT_ITEMS = tenantStatement(
  'inbox.insert',
  `INSERT INTO inbox_items (tenant_id, user_id, kind, title, body, link, entity_type, entity_id, actor_id)
   SELECT m.tenant_id, m.user_id, $5, left($6, 300), left($7, 500), $8, $9, $10, $4::uuid
   FROM memberships m
   WHERE m.tenant_id = $1 AND m.status = 'active'
     AND (m.user_id = ANY($2::uuid[]) OR m.role = ANY($3::text[]))
     AND m.user_id IS DISTINCT FROM $4::uuid
   RETURNING user_id`,
);

/*
 * A new message of the thread $3 for the people $2 (not its author $4): one item per person and
 * thread while unread, the newest message's. $5 its first words.
 */
const UPSERT_MESSAGE_ITEMS = tenantStatement(
  'inbox.upsert-message',
  `INSERT INTO inbox_items (tenant_id, user_id, kind, title, body, link, entity_type, entity_id, actor_id)
   SELECT m.tenant_id, m.user_id, 'message.received',
          coalesce(nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''), u.email, 'The workspace')
            || ' sent you a message',
          left($5, 500), '/messages?thread=' || $3 || '&tenant_id=' || m.tenant_id, 'thread', $3::uuid, $4::uuid
   FROM memberships m
   LEFT JOIN users u ON u.id = $4::uuid
   LEFT JOIN profiles p ON p.id = $4::uuid
   WHERE m.tenant_id = $1 AND m.status = 'active' AND m.user_id = ANY($2::uuid[])
     AND m.user_id IS DISTINCT FROM $4::uuid
   ON CONFLICT (tenant_id, user_id, entity_id) WHERE kind = 'message.received' AND read_at IS NULL
   DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body, actor_id = EXCLUDED.actor_id,
                 created_at = now()
   RETURNING user_id`,
);

/** $2 read the thread $3 at $4: its message item is read too. */
const READ_THREAD_ITEM = tenantStatement(
  'inbox.read-thread',
  `UPDATE inbox_items SET read_at = $4
   WHERE tenant_id = $1 AND user_id = $2 AND entity_id = $3 AND kind = 'message.received' AND read_at IS NULL`,
);

/*
 * An announcement's items, one per active member of each workspace of its audience not suspended
 * (only its admins when $7), linking to their home: $1 the announcement, $2 its title, $3 its
 * message, $4 its audience, $5 its plan, $6 its workspaces, $7 admins only.
 */
const INSERT_ANNOUNCEMENT_ITEMS = crossTenantStatement(
  'inbox.insert-announcement',
  'A platform announcement reaches the members of every workspace of its audience at once.',
  `INSERT INTO inbox_items (tenant_id, user_id, kind, title, body, link, entity_type, entity_id)
   SELECT m.tenant_id, m.user_id, 'announcement', left($2, 300), left($3, 500),
          CASE WHEN m.role IN ('owner', 'admin') THEN '/dashboard/admin' ELSE '/dashboard/client' END
            || '?tenant_id=' || m.tenant_id,
          'announcement', $1
   FROM memberships m
   JOIN tenants t ON t.id = m.tenant_id
   WHERE m.status = 'active' AND t.status <> 'suspended'
     AND ($4 = 'all' OR ($4 = 'plan' AND t.tier = $5) OR ($4 = 'tenants' AND t.id = ANY($6::uuid[])))
     AND (NOT $7::boolean OR m.role IN ('owner', 'admin'))`,
);

/* The console's own items (no workspace): every super admin's, read by each for themself. */

/** One item for each super admin: $1 kind, $2 title, $3 body, $4 link, $5 entity type, $6 entity id. */
const INSERT_PLATFORM_ITEMS = crossTenantStatement(
  'inbox.platform.insert',
  'The console’s notices belong to no workspace: every super admin gets one.',
  `INSERT INTO inbox_items (tenant_id, user_id, kind, title, body, link, entity_type, entity_id)
   SELECT DISTINCT ON (g.user_id) NULL::uuid, g.user_id, $1, left($2, 300), left($3, 500), $4, $5, $6::uuid
   FROM user_global_roles g
   RETURNING user_id`,
);

/** A page of the super admin $1's console items: $2 unread only, $3 and $4 the cursor, $5 the limit. */
const PLATFORM_PAGE = crossTenantStatement(
  'inbox.platform.page',
  'The console’s notices belong to no workspace.',
  `SELECT i.id, i.kind, i.title, i.body, i.link, i.entity_type, i.entity_id, i.read_at, i.created_at,
          i.created_at::text AS cursor_at, NULL::uuid AS actor_id, NULL::text AS actor_name
   FROM inbox_items i
   WHERE i.tenant_id IS NULL AND i.user_id = $1 AND (NOT $2::boolean OR i.read_at IS NULL)
     AND ($3::timestamptz IS NULL OR (i.created_at, i.id) < ($3::timestamptz, $4::uuid))
   ORDER BY i.created_at DESC, i.id DESC
   LIMIT $5`,
);

const PLATFORM_UNREAD = crossTenantStatement(
  'inbox.platform.unread',
  'The console’s notices belong to no workspace.',
  'SELECT count(*)::int AS unread FROM inbox_items WHERE tenant_id IS NULL AND user_id = $1 AND read_at IS NULL',
);

/** Marks the super admin $1's console items $2 (all when NULL) read at $3. */
const PLATFORM_READ = crossTenantStatement(
  'inbox.platform.read',
  'The console’s notices belong to no workspace.',
  `UPDATE inbox_items SET read_at = $3
   WHERE tenant_id IS NULL AND user_id = $1 AND read_at IS NULL AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[]))`,
);

/** A page of $2's items, newest first: $3 unread only, $4 and $5 the cursor's created_at text and id, $6 the limit. */
const PAGE = tenantStatement(
  'inbox.page',
  `SELECT i.id, i.kind, i.title, i.body, i.link, i.entity_type, i.entity_id, i.read_at, i.created_at,
          i.created_at::text AS cursor_at, i.actor_id,
          coalesce(nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''), u.email) AS actor_name
   FROM inbox_items i
   LEFT JOIN users u ON u.id = i.actor_id
   LEFT JOIN profiles p ON p.id = i.actor_id
   WHERE i.tenant_id = $1 AND i.user_id = $2 AND (NOT $3::boolean OR i.read_at IS NULL)
     AND ($4::timestamptz IS NULL OR (i.created_at, i.id) < ($4::timestamptz, $5::uuid))
   ORDER BY i.created_at DESC, i.id DESC
   LIMIT $6`,
);

const UNREAD = tenantStatement(
  'inbox.unread',
  'SELECT count(*)::int AS unread FROM inbox_items WHERE tenant_id = $1 AND user_id = $2 AND read_at IS NULL',
);

/** Marks $2's items $3 (all of them when NULL) read at $4. */
const MARK_READ = tenantStatement(
  'inbox.read',
  `UPDATE inbox_items SET read_at = $4
   WHERE tenant_id = $1 AND user_id = $2 AND read_at IS NULL AND ($3::uuid[] IS NULL OR id = ANY($3::uuid[]))`,
);

/** At most $2 items older than $1, of any workspace. */
const PURGE = crossTenantStatement(
  'inbox.purge',
  'The nightly purge removes every workspace’s items past the 90 days an inbox keeps.',
  `DELETE FROM inbox_items WHERE id IN (
     SELECT id FROM inbox_items WHERE created_at < $1 ORDER BY created_at LIMIT $2)`,
);

export interface InboxRow {
  id: string;
  kind: string;
  title: string;
  body: string | null;
  link: string;
  entity_type: string;
  entity_id: string;
  read_at: Date | null;
  created_at: Date;
  cursor_at: string;
  actor_id: string | null;
  actor_name: string | null;
}

export interface InboxInsert {
  /** Who hears of it: these people, and everyone holding these roles. */
  userIds: readonly string[];
  roles: readonly string[];
  /** Who caused it: never told of their own doing. */
  actorId: string | null;
  kind: string;
  title: string;
  body: string | null;
  link: string;
  entity: { type: string; id: string };
}

/** Writes the items; answers who got one. */
export async function insertInboxItems(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  item: InboxInsert,
  transaction: Transaction,
): Promise<string[]> {
  const rows = await select<{ user_id: string }>(
    ctx,
    INSERT_ITEMS,
    [
      tenantId,
      item.userIds,
      item.roles,
      item.actorId,
      item.kind,
      item.title,
      item.body,
      item.link,
      item.entity.type,
      item.entity.id,
    ],
    transaction,
  );
  return rows.map((r) => r.user_id);
}

export function selectInboxPage(
  ctx: Pick<ServiceContext, 'sequelize' | 'transaction'>,
  tenantId: string,
  input: { userId: string; unreadOnly: boolean; after: { at: string; id: string } | null; limit: number },
): Promise<InboxRow[]> {
  return select<InboxRow>(ctx, PAGE, [
    tenantId,
    input.userId,
    input.unreadOnly,
    input.after?.at ?? null,
    input.after?.id ?? null,
    input.limit,
  ]);
}

export async function countUnread(
  ctx: Pick<ServiceContext, 'sequelize' | 'transaction'>,
  tenantId: string,
  userId: string,
): Promise<number> {
  const [row] = await select<{ unread: number }>(ctx, UNREAD, [tenantId, userId]);
  return row?.unread ?? 0;
}

export function markInboxRead(
  ctx: Pick<ServiceContext, 'sequelize' | 'transaction'>,
  tenantId: string,
  input: { userId: string; ids: readonly string[] | null; at: Date },
): Promise<number> {
  return execute(ctx, MARK_READ, [tenantId, input.userId, input.ids, input.at]);
}

export function purgeInbox(
  ctx: Pick<ServiceContext, 'sequelize'>,
  input: { before: Date; limit: number },
): Promise<number> {
  return execute(ctx, PURGE, [input.before, input.limit]);
}

export interface AnnouncementInsert {
  id: string;
  title: string;
  message: string;
  audience: string;
  plan: string | null;
  tenant_ids: readonly string[];
  admins_only: boolean;
}

export function insertAnnouncementItems(
  ctx: Pick<ServiceContext, 'sequelize'>,
  row: AnnouncementInsert,
  transaction: Transaction,
): Promise<number> {
  return execute(
    ctx,
    INSERT_ANNOUNCEMENT_ITEMS,
    [row.id, row.title, row.message, row.audience, row.plan, row.tenant_ids, row.admins_only],
    transaction,
  );
}

/** Writes (or brings forward) each person's item of the thread's unread messages; answers who got one. */
export async function upsertMessageItems(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  input: { userIds: readonly string[]; threadId: string; authorId: string | null; preview: string },
  transaction: Transaction,
): Promise<string[]> {
  const rows = await select<{ user_id: string }>(
    ctx,
    UPSERT_MESSAGE_ITEMS,
    [tenantId, input.userIds, input.threadId, input.authorId, input.preview],
    transaction,
  );
  return rows.map((r) => r.user_id);
}

export function readThreadItem(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  input: { userId: string; threadId: string; at: Date },
  transaction: Transaction,
): Promise<number> {
  return execute(ctx, READ_THREAD_ITEM, [tenantId, input.userId, input.threadId, input.at], transaction);
}

/** Writes one console item per super admin; answers who got one. */
export async function insertPlatformItems(
  ctx: Pick<ServiceContext, 'sequelize'>,
  item: Pick<InboxInsert, 'kind' | 'title' | 'body' | 'link' | 'entity'>,
  transaction: Transaction,
): Promise<string[]> {
  const rows = await select<{ user_id: string }>(
    ctx,
    INSERT_PLATFORM_ITEMS,
    [item.kind, item.title, item.body, item.link, item.entity.type, item.entity.id],
    transaction,
  );
  return rows.map((r) => r.user_id);
}

export function selectPlatformPage(
  ctx: Pick<ServiceContext, 'sequelize' | 'transaction'>,
  input: { userId: string; unreadOnly: boolean; after: { at: string; id: string } | null; limit: number },
): Promise<InboxRow[]> {
  return select<InboxRow>(ctx, PLATFORM_PAGE, [
    input.userId,
    input.unreadOnly,
    input.after?.at ?? null,
    input.after?.id ?? null,
    input.limit,
  ]);
}

export async function countPlatformUnread(
  ctx: Pick<ServiceContext, 'sequelize' | 'transaction'>,
  userId: string,
): Promise<number> {
  const [row] = await select<{ unread: number }>(ctx, PLATFORM_UNREAD, [userId]);
  return row?.unread ?? 0;
}

export function markPlatformRead(
  ctx: Pick<ServiceContext, 'sequelize' | 'transaction'>,
  input: { userId: string; ids: readonly string[] | null; at: Date },
): Promise<number> {
  return execute(ctx, PLATFORM_READ, [input.userId, input.ids, input.at]);
}
