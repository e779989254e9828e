import type { Transaction } from 'sequelize';
import type { FileKind } from '../db/models';
import { execute, select, tenantStatement } from '../db/statements';
import type { ServiceContext } from '../scope';

/*
 * The reads and writes of a file's versions (`file-versions.ts`): raw statements over
 * `file_versions`, each taking the tenant id as $1. A file never versioned has no rows and is its
 * own version 1, which the history reads from the file itself (its id is version 1's).
 */

const UPLOADER_NAME = `coalesce(nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''), u.email)`;

/** The file $2's versions, newest first: its rows, or the file itself as version 1 when it has none. */
const FILE_VERSIONS = tenantStatement(
  'files.versions.list',
  `SELECT v.id, v.number, v.original_name, v.content_type, v.size_bytes::float8 AS size_bytes, v.storage_key,
          v.uploaded_by, ${UPLOADER_NAME} AS uploaded_by_name, v.created_at
   FROM file_versions v
   LEFT JOIN users u ON u.id = v.uploaded_by
   LEFT JOIN profiles p ON p.id = v.uploaded_by
   WHERE v.tenant_id = $1 AND v.file_id = $2
   UNION ALL
   SELECT f.id, 1, f.original_name, f.content_type, f.size_bytes::float8, f.storage_key,
          f.uploaded_by, ${UPLOADER_NAME}, f.created_at
   FROM files f
   LEFT JOIN users u ON u.id = f.uploaded_by
   LEFT JOIN profiles p ON p.id = f.uploaded_by
   WHERE f.tenant_id = $1 AND f.id = $2
     AND NOT EXISTS (SELECT 1 FROM file_versions x WHERE x.tenant_id = $1 AND x.file_id = f.id)
   ORDER BY number DESC`,
);

/** Writes the file $2 as it is as its version 1, under its own id, unless it has versions already. */
const RECORD_FIRST_VERSION = tenantStatement(
  'files.versions.first',
  `INSERT INTO file_versions (id, tenant_id, file_id, number, original_name, content_type, kind, size_bytes,
                              storage_key, uploaded_by, created_at)
   SELECT f.id, f.tenant_id, f.id, 1, f.original_name, f.content_type, f.kind, f.size_bytes,
          f.storage_key, f.uploaded_by, f.created_at
   FROM files f
   WHERE f.tenant_id = $1 AND f.id = $2
     AND NOT EXISTS (SELECT 1 FROM file_versions x WHERE x.tenant_id = $1 AND x.file_id = f.id)`,
);

/** The file $2's next version ($3 its id, numbered after the latest): $4 name, $5 type, $6 kind, $7 size, $8 key, $9 uploader, $10 when. */
const RECORD_NEXT_VERSION = tenantStatement(
  'files.versions.next',
  `INSERT INTO file_versions (id, tenant_id, file_id, number, original_name, content_type, kind, size_bytes,
                              storage_key, uploaded_by, created_at)
   SELECT $3::uuid, f.tenant_id, f.id,
          (SELECT max(x.number) + 1 FROM file_versions x WHERE x.tenant_id = $1 AND x.file_id = f.id),
          $4, $5, $6, $7, $8, $9::uuid, $10::timestamptz
   FROM files f
   WHERE f.tenant_id = $1 AND f.id = $2
   RETURNING number`,
);

/** The stored objects of the versions of the files $2. */
const VERSION_KEYS_OF_FILES = tenantStatement(
  'files.versions.keys-of-files',
  'SELECT DISTINCT storage_key FROM file_versions WHERE tenant_id = $1 AND file_id = ANY($2::uuid[])',
);

/** Which of the keys $2 some version of the tenant's files still holds. */
const VERSION_KEYS_IN_USE = tenantStatement(
  'files.versions.keys-in-use',
  'SELECT DISTINCT storage_key FROM file_versions WHERE tenant_id = $1 AND storage_key = ANY($2::text[])',
);

/** A version of a file, as its history lists it. */
export interface FileVersionRow {
  id: string;
  number: number;
  original_name: string;
  content_type: string;
  size_bytes: number;
  storage_key: string;
  uploaded_by: string | null;
  uploaded_by_name: string | null;
  created_at: Date;
}

export interface NewFileVersion {
  id: string;
  originalName: string;
  contentType: string;
  kind: FileKind;
  sizeBytes: number;
  storageKey: string;
  uploadedBy: string | null;
  createdAt: Date;
}

/** The file's versions, newest first (a file never versioned: itself as version 1). */
export function selectFileVersions(
  ctx: Pick<ServiceContext, 'sequelize' | 'transaction'>,
  tenantId: string,
  fileId: string,
  transaction?: Transaction,
): Promise<FileVersionRow[]> {
  return select<FileVersionRow>(ctx, FILE_VERSIONS, [tenantId, fileId], transaction ?? ctx.transaction);
}

/**
 * Adds a version after the file's latest, writing the file as it was as version 1 first when it
 * had no versions; answers the new version's number. The caller holds the file's row lock.
 */
export async function insertNextFileVersion(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  fileId: string,
  version: NewFileVersion,
  transaction: Transaction,
): Promise<number> {
  await execute(ctx, RECORD_FIRST_VERSION, [tenantId, fileId], transaction);
  const [row] = await select<{ number: number }>(
    ctx,
    RECORD_NEXT_VERSION,
    [
      tenantId,
      fileId,
      version.id,
      version.originalName,
      version.contentType,
      version.kind,
      version.sizeBytes,
      version.storageKey,
      version.uploadedBy,
      version.createdAt,
    ],
    transaction,
  );
  if (!row) throw new Error(`The file ${fileId} is gone.`);
  return row.number;
}

/** The stored objects of these files' versions. */
export async function selectVersionKeysOfFiles(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  fileIds: readonly string[],
  transaction?: Transaction,
): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const rows = await select<{ storage_key: string }>(ctx, VERSION_KEYS_OF_FILES, [tenantId, [...fileIds]], transaction);
  return rows.map((r) => r.storage_key);
}

/** Which of these keys some version of the tenant's files still holds. */
export async function selectVersionKeysInUse(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  keys: readonly string[],
  transaction?: Transaction,
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await select<{ storage_key: string }>(ctx, VERSION_KEYS_IN_USE, [tenantId, [...keys]], transaction);
  return new Set(rows.map((r) => r.storage_key));
}

/** The file's activity line of a version uploaded (a model write, so the workspace's cached file lists hear of it). */
export async function insertVersionEvent(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  input: { fileId: string; userId: string; versionNumber: number },
  transaction: Transaction,
): Promise<void> {
  await ctx.db.FileEvent.create(
    {
      tenant_id: tenantId,
      file_id: input.fileId,
      user_id: input.userId,
      kind: 'version',
      version_number: input.versionNumber,
    },
    { transaction },
  );
}
