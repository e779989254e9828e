import type { Transaction } from 'sequelize';
import type { Message, MessageThread, ThreadKind } from '../db/models';
import { execute, select, tenantStatement } from '../db/statements';
import type { ServiceContext } from '../scope';

/*
 * Every read and write of the messages domain (issue 32). Who reads what is one pair of
 * conditions, bound the same way in every statement that reads for one reader:
 *   $1 tenant, $2 the reader sees every thread (the team, an API key), $3 the reader's user id,
 *   $4 the reader's role key;
 * and asked of every member of the workspace at once for who is told of a new message.
 * A client reads their own client thread, the group threads they are in and the announcements to
 * their role; in an announcement, the team's messages and their own replies only.
 */

/** SQL expressions of a reader: whether they see every thread, their user id and their role key. */
export interface ReaderSql {
  seesAll: string;
  userId: string;
  role: string;
}

/** The thread `t` is one the reader may read. */
export const threadReadable = (r: ReaderSql) => `(${r.seesAll}
    OR (t.kind = 'client' AND t.client_id = ${r.userId})
    OR (t.kind = 'group' AND EXISTS (
          SELECT 1 FROM thread_participants tp
          WHERE tp.tenant_id = t.tenant_id AND tp.thread_id = t.id AND tp.user_id = ${r.userId} AND tp.member))
    OR (t.kind = 'broadcast' AND t.role_key = ${r.role}))`;

/** The message `m`, of a thread the reader may read, is one they may read. */
export const messageReadable = (r: Pick<ReaderSql, 'seesAll' | 'userId'>) =>
  `(${r.seesAll} OR NOT m.team_only OR m.author_id = ${r.userId})`;

/** The reader bound as every statement of the domain binds them: $2, $3 and $4. */
export const BOUND_READER: ReaderSql = { seesAll: '$2::boolean', userId: '$3::uuid', role: '$4::text' };
const THREAD_READABLE = threadReadable(BOUND_READER);
const MESSAGE_READABLE = messageReadable(BOUND_READER);

/** The characters of the newest message a thread list shows. */
const PREVIEW_CHARS = 140;

/*
 * The threads page: each readable thread with the newest message its reader may read, how many of
 * the others' messages they have not read, and its members by name (to the team also everyone who
 * has read it, and how far: "seen by"). $5 one thread id (or NULL), $6 and $7
 * the cursor's activity text and id, $8 the limit.
 */
const THREAD_PAGE = tenantStatement(
  'messages.threads.page',
  `WITH readable AS (
     SELECT t.id, t.tenant_id, t.kind, t.client_id, t.role_key, t.subject, t.created_by, t.created_at,
            last.id AS last_id, last.author_id AS last_author_id, last.preview AS last_preview,
            last.deleted_at AS last_deleted_at, last.created_at AS last_created_at,
            coalesce(last.created_at, t.created_at) AS activity_at
     FROM message_threads t
     LEFT JOIN LATERAL (
       SELECT m.id, m.author_id, left(m.body, ${PREVIEW_CHARS}) AS preview, m.deleted_at, m.created_at
       FROM messages m
       WHERE m.tenant_id = t.tenant_id AND m.thread_id = t.id AND ${MESSAGE_READABLE}
       ORDER BY m.created_at DESC, m.id DESC
       LIMIT 1
     ) last ON true
     WHERE t.tenant_id = $1 AND ${THREAD_READABLE} AND ($5::uuid IS NULL OR t.id = $5::uuid)
   )
   SELECT r.*, r.activity_at::text AS cursor_at,
          ARRAY(SELECT tp.user_id FROM thread_participants tp
                WHERE tp.tenant_id = r.tenant_id AND tp.thread_id = r.id AND tp.member
                ORDER BY tp.created_at, tp.user_id) AS participant_ids,
          (SELECT coalesce(json_agg(json_build_object(
                    'id', tp.user_id, 'email', u.email,
                    'name', nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''),
                    'member', tp.member, 'last_read_at', CASE WHEN $2::boolean THEN tp.last_read_at END)
                  ORDER BY tp.created_at, tp.user_id), '[]'::json)
           FROM thread_participants tp
           JOIN users u ON u.id = tp.user_id
           LEFT JOIN profiles p ON p.id = tp.user_id
           WHERE tp.tenant_id = r.tenant_id AND tp.thread_id = r.id AND (tp.member OR $2::boolean)) AS people,
          CASE WHEN $3::uuid IS NULL THEN 0 ELSE (
            SELECT count(*) FROM messages m
            WHERE m.tenant_id = r.tenant_id AND m.thread_id = r.id AND m.deleted_at IS NULL
              AND m.author_id IS DISTINCT FROM $3::uuid AND ${MESSAGE_READABLE}
              AND m.created_at > coalesce((
                SELECT tp.last_read_at FROM thread_participants tp
                WHERE tp.tenant_id = r.tenant_id AND tp.thread_id = r.id AND tp.user_id = $3::uuid
              ), '-infinity')
          ) END::int AS unread
   FROM readable r
   WHERE ($6::timestamptz IS NULL OR (r.activity_at, r.id) < ($6::timestamptz, $7::uuid))
   ORDER BY r.activity_at DESC, r.id DESC
   LIMIT $8`,
);

/** The kind of the thread $5 when the reader may read it: the rule alone, for a check made often. */
const THREAD_KIND = tenantStatement(
  'messages.threads.kind',
  `SELECT t.kind FROM message_threads t WHERE t.tenant_id = $1 AND t.id = $5::uuid AND ${THREAD_READABLE}`,
);

/*
 * A page of a readable thread's messages, newest first, with their authors. $5 the thread, $6 and
 * $7 the cursor's created_at text and id, $8 the limit, $9 one message id (or NULL).
 */
const MESSAGE_PAGE = tenantStatement(
  'messages.page',
  `SELECT m.id, m.thread_id, m.author_id, u.email AS author_email,
          nullif(trim(concat_ws(' ', p.first_name, p.last_name)), '') AS author_name,
          m.body, m.team_only, m.edited_at, m.deleted_at, m.created_at, m.created_at::text AS cursor_at
   FROM messages m
   JOIN message_threads t ON t.tenant_id = m.tenant_id AND t.id = m.thread_id
   LEFT JOIN users u ON u.id = m.author_id
   LEFT JOIN profiles p ON p.id = m.author_id
   WHERE m.tenant_id = $1 AND m.thread_id = $5::uuid AND ${THREAD_READABLE} AND ${MESSAGE_READABLE}
     AND ($9::uuid IS NULL OR m.id = $9::uuid)
     AND ($6::timestamptz IS NULL OR (m.created_at, m.id) < ($6::timestamptz, $7::uuid))
   ORDER BY m.created_at DESC, m.id DESC
   LIMIT $8`,
);

/** The file rows attached to these messages: $2 the message ids. Sources before copies at each place. */
const MESSAGE_FILES = tenantStatement(
  'messages.files',
  `SELECT mf.message_id, mf.file_id, mf.position, mf.copy
   FROM message_files mf
   WHERE mf.tenant_id = $1 AND mf.message_id = ANY($2::uuid[])
   ORDER BY mf.message_id, mf.position, mf.copy, mf.created_at`,
);

/** Messages the reader may read whose words match the tsquery $5, newest first, at most $6. */
const SEARCH_MESSAGES = tenantStatement(
  'messages.search',
  `SELECT m.id, m.thread_id, left(m.body, 200) AS excerpt, m.created_at
   FROM messages m
   JOIN message_threads t ON t.tenant_id = m.tenant_id AND t.id = m.thread_id
   WHERE m.tenant_id = $1 AND m.deleted_at IS NULL AND m.search @@ to_tsquery('simple', $5)
     AND ${THREAD_READABLE} AND ${MESSAGE_READABLE}
   ORDER BY m.created_at DESC, m.id DESC
   LIMIT $6`,
);

/*
 * The writes below insert rows only for members of the workspace (read from its memberships), so a
 * thread or read state never names someone from elsewhere.
 */

/** Opens a client's own thread unless it exists (two first messages at once open one): $2 the client, $3 the subject, $4 who opens it. */
const OPEN_CLIENT_THREAD = tenantStatement(
  'messages.threads.open-client',
  `INSERT INTO message_threads (tenant_id, kind, client_id, subject, created_by)
   SELECT m.tenant_id, 'client', m.user_id, $3, $4 FROM memberships m WHERE m.tenant_id = $1 AND m.user_id = $2
   ON CONFLICT (tenant_id, client_id) WHERE kind = 'client' DO NOTHING`,
);

/** A person has read a thread up to $4 (never back): $2 the thread, $3 the person. */
const MARK_READ = tenantStatement(
  'messages.participants.read',
  `INSERT INTO thread_participants (tenant_id, thread_id, user_id, last_read_at)
   SELECT m.tenant_id, $2, m.user_id, $4 FROM memberships m WHERE m.tenant_id = $1 AND m.user_id = $3
   ON CONFLICT (tenant_id, thread_id, user_id) DO UPDATE
     SET last_read_at = GREATEST(thread_participants.last_read_at, EXCLUDED.last_read_at), updated_at = now()`,
);

/*
 * The workspace's active members, other than its author, who may read the message $3: each as the
 * reader the conditions above describe, the team being the roles $2.
 */
const MESSAGE_READERS = tenantStatement(
  'messages.readers',
  `SELECT mem.user_id
   FROM messages m
   JOIN message_threads t ON t.tenant_id = m.tenant_id AND t.id = m.thread_id
   JOIN memberships mem ON mem.tenant_id = m.tenant_id AND mem.status = 'active'
   CROSS JOIN LATERAL (SELECT mem.role = ANY($2::text[]) AS sees_all) reader
   WHERE m.tenant_id = $1 AND m.id = $3 AND mem.user_id IS DISTINCT FROM m.author_id
     AND ${threadReadable({ seesAll: 'reader.sees_all', userId: 'mem.user_id', role: 'mem.role' })}
     AND ${messageReadable({ seesAll: 'reader.sees_all', userId: 'mem.user_id' })}`,
);

/** Who reads: see the conditions at the top of this file. */
export interface ReaderBind {
  seesAll: boolean;
  userId: string | null;
  role: string | null;
}

export const readerBind = (tenantId: string, reader: ReaderBind) => [
  tenantId,
  reader.seesAll,
  reader.userId,
  reader.role,
];

export interface ThreadRow {
  id: string;
  tenant_id: string;
  kind: ThreadKind;
  client_id: string | null;
  role_key: string | null;
  subject: string | null;
  created_by: string | null;
  created_at: Date;
  last_id: string | null;
  last_author_id: string | null;
  last_preview: string | null;
  last_deleted_at: Date | null;
  last_created_at: Date | null;
  participant_ids: string[];
  people: ThreadPerson[];
  unread: number;
  cursor_at: string;
}

/** Someone in a thread: a member, or (to the team) someone of the team who has read it. */
export interface ThreadPerson {
  id: string;
  email: string;
  name: string | null;
  member: boolean;
  /** How far they have read (as JSON text); only the team is told. */
  last_read_at: string | null;
}

export interface MessageRowData {
  id: string;
  thread_id: string;
  author_id: string | null;
  author_email: string | null;
  author_name: string | null;
  body: string;
  team_only: boolean;
  edited_at: Date | null;
  deleted_at: Date | null;
  created_at: Date;
  cursor_at: string;
}

export interface MessageFileLink {
  message_id: string;
  file_id: string;
  position: number;
  copy: boolean;
}

export interface MessageMatch {
  id: string;
  thread_id: string;
  excerpt: string;
  created_at: Date;
}

type Page = { after: { at: string; id: string } | null; limit: number };

export function selectThreads(
  ctx: Pick<ServiceContext, 'sequelize' | 'transaction'>,
  tenantId: string,
  reader: ReaderBind,
  where: { threadId: string | null } & Page,
): Promise<ThreadRow[]> {
  return select<ThreadRow>(ctx, THREAD_PAGE, [
    ...readerBind(tenantId, reader),
    where.threadId,
    where.after?.at ?? null,
    where.after?.id ?? null,
    where.limit,
  ]);
}

export async function selectReadableThreadKind(
  ctx: Pick<ServiceContext, 'sequelize' | 'transaction'>,
  tenantId: string,
  reader: ReaderBind,
  threadId: string,
): Promise<ThreadKind | null> {
  const [row] = await select<{ kind: ThreadKind }>(ctx, THREAD_KIND, [...readerBind(tenantId, reader), threadId]);
  return row?.kind ?? null;
}

export function selectMessages(
  ctx: Pick<ServiceContext, 'sequelize' | 'transaction'>,
  tenantId: string,
  reader: ReaderBind,
  where: { threadId: string; messageId: string | null } & Page,
): Promise<MessageRowData[]> {
  return select<MessageRowData>(ctx, MESSAGE_PAGE, [
    ...readerBind(tenantId, reader),
    where.threadId,
    where.after?.at ?? null,
    where.after?.id ?? null,
    where.limit,
    where.messageId,
  ]);
}

export function selectMessageFiles(
  ctx: Pick<ServiceContext, 'sequelize' | 'transaction'>,
  tenantId: string,
  messageIds: readonly string[],
): Promise<MessageFileLink[]> {
  if (messageIds.length === 0) return Promise.resolve([]);
  return select<MessageFileLink>(ctx, MESSAGE_FILES, [tenantId, messageIds]);
}

export function selectMessageMatches(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  reader: ReaderBind,
  tsQuery: string,
  limit: number,
): Promise<MessageMatch[]> {
  return select<MessageMatch>(ctx, SEARCH_MESSAGES, [...readerBind(tenantId, reader), tsQuery, limit]);
}

/** The client's own thread, opened when it did not exist; null when they are no member of the workspace. */
export async function openClientThread(
  ctx: Pick<ServiceContext, 'sequelize' | 'db'>,
  tenantId: string,
  input: { clientId: string; subject: string | null; createdBy: string | null },
  transaction: Transaction,
): Promise<MessageThread | null> {
  await execute(ctx, OPEN_CLIENT_THREAD, [tenantId, input.clientId, input.subject, input.createdBy], transaction);
  return ctx.db.MessageThread.findOne({
    where: { tenant_id: tenantId, kind: 'client', client_id: input.clientId },
    transaction,
  });
}

export function insertThread(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  values: { kind: 'group' | 'broadcast'; roleKey: string | null; subject: string | null; createdBy: string | null },
  transaction: Transaction,
): Promise<MessageThread> {
  return ctx.db.MessageThread.create(
    {
      tenant_id: tenantId,
      kind: values.kind,
      client_id: null,
      role_key: values.roleKey,
      subject: values.subject,
      created_by: values.createdBy,
    },
    { transaction },
  );
}

export async function markThreadRead(
  ctx: Pick<ServiceContext, 'sequelize' | 'transaction'>,
  tenantId: string,
  input: { threadId: string; userId: string; at: Date },
  transaction?: Transaction,
): Promise<void> {
  await execute(ctx, MARK_READ, [tenantId, input.threadId, input.userId, input.at], transaction);
}

/** Who of the workspace, other than its author, may read this message (`teamRoles`: the roles that read every thread). */
export async function messageReaderIds(
  ctx: Pick<ServiceContext, 'sequelize' | 'transaction'>,
  tenantId: string,
  messageId: string,
  teamRoles: readonly string[],
  transaction?: Transaction,
): Promise<string[]> {
  const rows = await select<{ user_id: string }>(ctx, MESSAGE_READERS, [tenantId, teamRoles, messageId], transaction);
  return rows.map((r) => r.user_id);
}

export function insertMessage(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  values: {
    threadId: string;
    authorId: string | null;
    apiKeyId: string | null;
    body: string;
    teamOnly: boolean;
    at: Date;
  },
  transaction: Transaction,
): Promise<Message> {
  return ctx.db.Message.create(
    {
      tenant_id: tenantId,
      thread_id: values.threadId,
      author_id: values.authorId,
      api_key_id: values.apiKeyId,
      body: values.body,
      team_only: values.teamOnly,
      created_at: values.at,
    },
    { transaction },
  );
}

export async function insertMessageFiles(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  links: readonly Omit<MessageFileLink, 'message_id'>[],
  messageId: string,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.MessageFile.bulkCreate(
    links.map((link) => ({ tenant_id: tenantId, message_id: messageId, ...link })),
    { transaction },
  );
}

export async function touchThread(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  threadId: string,
  at: Date,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.MessageThread.update(
    { last_message_at: at },
    { where: { tenant_id: tenantId, id: threadId }, transaction },
  );
}

/** One message of a thread, locked for the change about to be made to it. */
export function findMessageForUpdate(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  input: { threadId: string; messageId: string },
  transaction: Transaction,
): Promise<Message | null> {
  return ctx.db.Message.findOne({
    where: { tenant_id: tenantId, thread_id: input.threadId, id: input.messageId },
    lock: transaction.LOCK.UPDATE,
    transaction,
  });
}
