import type { FileStatus } from '@portico/common';
import { Op, type CreationAttributes, type Transaction } from 'sequelize';
import type { FileEventKind, FileKind, FileRecord, Membership } from '../db/models';
import { crossTenantStatement, select, tenantStatement } from '../db/statements';
import type { ServiceContext } from '../scope';
import { foldersSharedWith } from '../db/folder-audience';

/*
 * Every read and write of the files domain: the files list's statements and the model calls of
 * `files.ts`. The files list (tenant-portal §5, §9) is the hot path `npm run bench` measures.
 */

/*
 * One statement serves every filter: a filter left out is bound as NULL and its condition drops
 * (PostgreSQL plans each call with its values, so an absent filter costs nothing).
 *   $1 tenant, $2 the viewer sees every file (admins, API keys), $3 the viewer's user id, $4 their
 *   role key, $5 they build forms (and so see the files answered to forms), $6 one file id, $7 a
 *   list of file ids, $8 the ILIKE pattern of the search text, $9 a recipient's user id, $10 the
 *   kind, $11 the status (`new` or `viewed`), $12 a folder id, $13 only files at the viewer's top level
 *   (in no folder, or in one they may not open).
 * The page adds $14 and $15, the cursor's created_at text and id, and $16 the limit.
 * A file with no member or role of its own is shared as its folder is (issue 33, `foldersSharedWith`).
 */

/** Someone other than the uploader previewed or downloaded the file (an admin deleting it is no viewer). */
const VIEWED = `EXISTS (SELECT 1 FROM file_events e WHERE e.tenant_id = f.tenant_id AND e.file_id = f.id AND e.kind IN ('view', 'download') AND e.user_id IS DISTINCT FROM f.uploaded_by)`;

/** Folders shared with the viewer of the list statements. */
const SHARED_FOLDERS = foldersSharedWith('$3', '$4');

/** Files the viewer may see that match the filters: live ones, or (for a restore) deleted ones. */
const visibleAndFiltered = (state: 'live' | 'deleted') => `f.tenant_id = $1
  AND f.deleted_at IS ${state === 'live' ? '' : 'NOT '}NULL
  AND ($2::boolean OR f.user_id = $3::uuid OR f.uploaded_by = $3::uuid OR f.assigned_roles @> ARRAY[$4::text]
       OR ($5::boolean AND f.form_id IS NOT NULL)
       OR (f.user_id IS NULL AND cardinality(f.assigned_roles) = 0 AND f.folder_id IN (${SHARED_FOLDERS})))
  AND ($6::uuid IS NULL OR f.id = $6::uuid)
  AND ($7::uuid[] IS NULL OR f.id = ANY($7::uuid[]))
  AND ($8::text IS NULL OR f.title ILIKE $8 OR f.original_name ILIKE $8 OR ru.email ILIKE $8)
  AND ($9::uuid IS NULL OR f.user_id = $9::uuid
       OR f.assigned_roles && ARRAY(SELECT m.role::text FROM memberships m WHERE m.tenant_id = $1 AND m.user_id = $9::uuid))
  AND ($10::text IS NULL OR f.kind = $10::text)
  AND ($11::text IS NULL OR ${VIEWED} = ($11::text = 'viewed'))
  AND ($12::uuid IS NULL OR f.folder_id = $12::uuid)
  AND (NOT $13::boolean OR f.folder_id IS NULL OR NOT ($2::boolean OR f.folder_id IN (${SHARED_FOLDERS})))`;
const VISIBLE_AND_FILTERED = visibleAndFiltered('live');

const COUNT_FILES = tenantStatement(
  'files.count',
  `SELECT count(*)::int AS total
   FROM files f
   LEFT JOIN users ru ON ru.id = f.user_id
   WHERE ${VISIBLE_AND_FILTERED}`,
);

const listFiles = (name: string, direction: 'DESC' | 'ASC') =>
  tenantStatement(
    name,
    `SELECT f.id, f.tenant_id, f.title, f.original_name, f.content_type, f.kind, f.size_bytes::float8 AS size_bytes,
            f.storage_key, f.folder_id, f.user_id, ru.email AS user_email, f.assigned_roles, f.uploaded_by,
            up.email AS uploaded_by_email, f.created_at, f.created_at::text AS cursor_at,
            (CASE WHEN f.user_id IS NULL THEN 0 ELSE 1 END + (
              SELECT count(*) FROM memberships m
              WHERE m.tenant_id = f.tenant_id AND m.status = 'active' AND m.role = ANY(f.assigned_roles)
                AND m.user_id IS DISTINCT FROM f.user_id
            ))::int AS recipients_count,
            CASE WHEN ${VIEWED} THEN 'viewed' ELSE 'new' END AS status
     FROM files f
     LEFT JOIN users ru ON ru.id = f.user_id
     LEFT JOIN users up ON up.id = f.uploaded_by
     WHERE ${VISIBLE_AND_FILTERED}
       AND ($14::timestamptz IS NULL OR (f.created_at, f.id) ${direction === 'DESC' ? '<' : '>'} ($14::timestamptz, $15::uuid))
     ORDER BY f.created_at ${direction}, f.id ${direction}
     LIMIT $16`,
  );

const LIST_FILES_NEWEST = listFiles('files.list.newest', 'DESC');
const LIST_FILES_OLDEST = listFiles('files.list.oldest', 'ASC');

/** The deleted file the viewer could see were it not deleted ($6 its id): what a restore brings back. */
const DELETED_FILE = tenantStatement(
  'files.deleted.one',
  `SELECT f.id, f.uploaded_by, f.deleted_at
   FROM files f
   LEFT JOIN users ru ON ru.id = f.user_id
   WHERE ${visibleAndFiltered('deleted')}
   LIMIT 1`,
);

/** The workspaces holding files deleted before $1 (the purge's). */
const TENANTS_WITH_EXPIRED_FILES = crossTenantStatement(
  'files.purge.tenants',
  'The scheduler’s purge goes through every workspace with files deleted long enough ago.',
  'SELECT DISTINCT tenant_id FROM files WHERE deleted_at < $1::timestamptz ORDER BY tenant_id',
);

/** At most $3 of the workspace's files deleted before $2, longest deleted first, locked for the purge. */
const EXPIRED_FILES = tenantStatement(
  'files.purge.batch',
  `SELECT id FROM files WHERE tenant_id = $1 AND deleted_at < $2::timestamptz
   ORDER BY deleted_at, id LIMIT $3 FOR UPDATE SKIP LOCKED`,
);

/** Views and downloads of a file, newest first: $1 tenant, $2 the file. */
const FILE_ACTIVITY = tenantStatement(
  'files.activity',
  `SELECT e.id, e.kind, e.user_id, u.email AS user_email, e.version_number, e.created_at
   FROM file_events e LEFT JOIN users u ON u.id = e.user_id
   WHERE e.tenant_id = $1 AND e.file_id = $2
   ORDER BY e.created_at DESC LIMIT 200`,
);

/** A row of the files list. */
export interface FileRow {
  id: string;
  tenant_id: string;
  title: string;
  original_name: string;
  content_type: string;
  kind: FileKind;
  size_bytes: number;
  storage_key: string;
  folder_id: string | null;
  user_id: string | null;
  user_email: string | null;
  assigned_roles: string[];
  uploaded_by: string | null;
  uploaded_by_email: string | null;
  created_at: Date;
  recipients_count: number;
  status: FileStatus;
  cursor_at: string;
}

/** Which files the list statements read ($2–$13): what the viewer may see, and the filters (null: no filter). */
export interface FileRowsWhere {
  seesAll: boolean;
  viewerId: string | null;
  viewerRole: string;
  formBuilder: boolean;
  id: string | null;
  ids: string[] | null;
  /** Searched for anywhere in the title, the file's name or the recipient's email. */
  text: string | null;
  recipientId: string | null;
  kind: FileKind | null;
  status: FileStatus | null;
  folderId: string | null;
  /** Only files at the viewer's top level: in no folder, or in one they may not open. */
  topLevel: boolean;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function fileRowsBind(tenantId: string, where: FileRowsWhere): unknown[] {
  return [
    tenantId,
    where.seesAll,
    where.viewerId,
    where.viewerRole,
    where.formBuilder,
    where.id,
    where.ids,
    where.text ? `%${escapeLike(where.text)}%` : null,
    where.recipientId,
    where.kind,
    where.status,
    where.folderId,
    where.topLevel,
  ];
}

/** How many files match. */
export async function countFileRows(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  where: FileRowsWhere,
): Promise<number> {
  const [row] = await select<{ total: number }>(ctx, COUNT_FILES, fileRowsBind(tenantId, where));
  return row?.total ?? 0;
}

/** Up to `page.limit` matching files, newest (or oldest) first, after the cursor's file when there is one. */
export function selectFileRows(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  where: FileRowsWhere,
  page: { oldestFirst: boolean; after: { at: string; id: string } | null; limit: number },
): Promise<FileRow[]> {
  return select<FileRow>(ctx, page.oldestFirst ? LIST_FILES_OLDEST : LIST_FILES_NEWEST, [
    ...fileRowsBind(tenantId, where),
    page.after?.at ?? null,
    page.after?.id ?? null,
    page.limit,
  ]);
}

export interface FileActivity {
  id: string;
  kind: FileEventKind;
  user_id: string | null;
  user_email: string | null;
  /** The version uploaded, for a `version` event. */
  version_number: number | null;
  created_at: Date;
}

/** Views and downloads of a file, newest first (the latest 200). */
export function selectFileActivity(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  fileId: string,
): Promise<FileActivity[]> {
  return select<FileActivity>(ctx, FILE_ACTIVITY, [tenantId, fileId]);
}

/** One file row of the tenant that is not deleted (or, with `deleted`, that is), or null. */
export function findFile(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  id: string,
  transaction?: Transaction,
  state: 'live' | 'deleted' = 'live',
): Promise<FileRecord | null> {
  return ctx.db.FileRecord.findOne({
    where: { tenant_id: tenantId, id, deleted_at: state === 'live' ? null : { [Op.ne]: null } },
    transaction,
    lock: transaction ? transaction.LOCK.UPDATE : undefined,
  });
}

/** A deleted file the viewer could see were it live ($6 of `where` names it), or null. */
export async function selectDeletedFile(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  where: FileRowsWhere,
): Promise<{ id: string; uploaded_by: string | null; deleted_at: Date } | null> {
  const [row] = await select<{ id: string; uploaded_by: string | null; deleted_at: Date }>(
    ctx,
    DELETED_FILE,
    fileRowsBind(tenantId, where),
  );
  return row ?? null;
}

export async function selectTenantsWithExpiredFiles(
  ctx: Pick<ServiceContext, 'sequelize'>,
  before: Date,
): Promise<string[]> {
  const rows = await select<{ tenant_id: string }>(ctx, TENANTS_WITH_EXPIRED_FILES, [before]);
  return rows.map((r) => r.tenant_id);
}

export async function selectExpiredFiles(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  input: { before: Date; limit: number },
  transaction: Transaction,
): Promise<string[]> {
  const rows = await select<{ id: string }>(ctx, EXPIRED_FILES, [tenantId, input.before, input.limit], transaction);
  return rows.map((r) => r.id);
}

/** The file rows a user received personally or uploaded for themselves (deleted ones too: they go with them). */
export function findFilesOfUser(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  userId: string,
  transaction: Transaction,
): Promise<FileRecord[]> {
  return ctx.db.FileRecord.findAll({ where: { tenant_id: tenantId, user_id: userId }, transaction });
}

/** These file rows of the tenant, deleted ones too. */
export function findFilesByIds(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  ids: readonly string[],
  transaction: Transaction,
): Promise<FileRecord[]> {
  return ctx.db.FileRecord.findAll({ where: { tenant_id: tenantId, id: { [Op.in]: [...ids] } }, transaction });
}

/** Which of these storage keys some file row of the tenant still points at (a deleted row keeps its object until purged). */
export async function storageKeysInUse(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  keys: string[],
  transaction?: Transaction,
): Promise<Set<string>> {
  const rows = await ctx.db.FileRecord.findAll({
    where: { tenant_id: tenantId, storage_key: { [Op.in]: keys } },
    attributes: ['storage_key'],
    transaction,
  });
  return new Set(rows.map((r) => r.storage_key));
}

export function insertFile(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  values: Omit<CreationAttributes<FileRecord>, 'tenant_id'>,
  transaction: Transaction,
): Promise<FileRecord> {
  return ctx.db.FileRecord.create({ tenant_id: tenantId, ...values }, { transaction });
}

export async function destroyFiles(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  ids: string[],
  transaction: Transaction,
): Promise<void> {
  await ctx.db.FileRecord.destroy({ where: { tenant_id: tenantId, id: { [Op.in]: ids } }, transaction });
}

/** One preview, download, deletion or restore of each file by this user. */
export async function insertFileEvents(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  input: { fileIds: readonly string[]; userId: string; kind: FileEventKind },
  transaction?: Transaction,
): Promise<void> {
  await ctx.db.FileEvent.bulkCreate(
    input.fileIds.map((fileId) => ({ tenant_id: tenantId, file_id: fileId, user_id: input.userId, kind: input.kind })),
    { transaction },
  );
}

/** A membership of the user in the tenant (any status), or null. */
export function findMembership(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  userId: string,
  transaction?: Transaction,
): Promise<Membership | null> {
  return ctx.db.Membership.findOne({ where: { tenant_id: tenantId, user_id: userId }, transaction });
}

/** How many active members hold one of these roles. */
export function countActiveMembersInRoles(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  roles: string[],
  transaction?: Transaction,
): Promise<number> {
  return ctx.db.Membership.count({
    where: { tenant_id: tenantId, role: { [Op.in]: roles }, status: 'active' },
    transaction,
  });
}
