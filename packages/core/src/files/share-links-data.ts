import type { Transaction } from 'sequelize';
import { crossTenantStatement, select, tenantStatement } from '../db/statements';
import type { ServiceContext } from '../scope';

/*
 * Every read and write of share links (issue 33). `$1` is the workspace, except in the one lookup
 * the public page makes by the token's hash, which is all it is given.
 */

const LINK_COLUMNS = `l.id, l.tenant_id, l.file_id, l.created_by, l.expires_at, l.max_downloads, l.download_count,
  l.revoked_at, l.last_downloaded_at, l.created_at`;

/** A link to the live file $2 of the workspace, by $3 with the token hash $4, expiring at $5, for $6 downloads (null: any), made at $7. */
const INSERT_LINK = tenantStatement(
  'share-links.insert',
  `INSERT INTO file_share_links (tenant_id, file_id, created_by, token_hash, expires_at, max_downloads, created_at)
   SELECT f.tenant_id, f.id, $3::uuid, $4, $5::timestamptz, $6::int, $7::timestamptz
   FROM files f
   WHERE f.tenant_id = $1 AND f.id = $2::uuid AND f.deleted_at IS NULL
   RETURNING id, tenant_id, file_id, created_by, expires_at, max_downloads, download_count, revoked_at,
             last_downloaded_at, created_at`,
);

/** The links of the file $2, newest first, with their makers' addresses. */
const LIST_LINKS = tenantStatement(
  'share-links.list',
  `SELECT ${LINK_COLUMNS}, u.email AS created_by_email
   FROM file_share_links l
   LEFT JOIN users u ON u.id = l.created_by
   WHERE l.tenant_id = $1 AND l.file_id = $2
   ORDER BY l.created_at DESC, l.id DESC
   LIMIT 200`,
);

/** Revokes the link $2 of the file $3 at $4 unless it was already; answers it, or nothing when it was. */
const REVOKE_LINK = tenantStatement(
  'share-links.revoke',
  `UPDATE file_share_links l SET revoked_at = $4::timestamptz
   WHERE l.tenant_id = $1 AND l.id = $2::uuid AND l.file_id = $3::uuid AND l.revoked_at IS NULL
   RETURNING ${LINK_COLUMNS}`,
);

/** The link $2 of the file $3, revoked or not. */
const FIND_LINK = tenantStatement(
  'share-links.one',
  `SELECT ${LINK_COLUMNS} FROM file_share_links l WHERE l.tenant_id = $1 AND l.id = $2::uuid AND l.file_id = $3::uuid`,
);

/** The link whose token hashes to $1, with its file (deleted or not) and its workspace's brand. */
const LINK_BY_TOKEN = crossTenantStatement(
  'share-links.by-token',
  'A share link is opened by someone outside any workspace, holding only its token: the token names the workspace.',
  `SELECT ${LINK_COLUMNS},
          f.original_name, f.content_type, f.size_bytes::float8 AS size_bytes, f.storage_key,
          f.deleted_at IS NOT NULL AS file_deleted,
          t.name AS workspace_name, t.logo_url, t.primary_color, t.secondary_color
   FROM file_share_links l
   JOIN files f ON f.tenant_id = l.tenant_id AND f.id = l.file_id
   JOIN tenants t ON t.id = l.tenant_id
   WHERE l.token_hash = $1`,
);

/**
 * Counts one download of the link $2 at $3, in one statement so parallel downloads cannot pass its
 * limit: only while it is not revoked, not expired, has downloads left and its file is not deleted.
 */
const TAKE_DOWNLOAD = tenantStatement(
  'share-links.take-download',
  `UPDATE file_share_links l
   SET download_count = l.download_count + 1, last_downloaded_at = $3::timestamptz
   WHERE l.tenant_id = $1 AND l.id = $2::uuid
     AND l.revoked_at IS NULL AND l.expires_at > $3::timestamptz
     AND (l.max_downloads IS NULL OR l.download_count < l.max_downloads)
     AND EXISTS (SELECT 1 FROM files f WHERE f.tenant_id = l.tenant_id AND f.id = l.file_id AND f.deleted_at IS NULL)
   RETURNING l.download_count`,
);

export interface ShareLinkRow {
  id: string;
  tenant_id: string;
  file_id: string;
  created_by: string | null;
  expires_at: Date;
  max_downloads: number | null;
  download_count: number;
  revoked_at: Date | null;
  last_downloaded_at: Date | null;
  created_at: Date;
}

export interface ListedShareLink extends ShareLinkRow {
  created_by_email: string | null;
}

/** A link as the public page finds it: with its file and its workspace's brand. */
export interface OpenedShareLink extends ShareLinkRow {
  original_name: string;
  content_type: string;
  size_bytes: number;
  storage_key: string;
  file_deleted: boolean;
  workspace_name: string;
  logo_url: string | null;
  primary_color: string | null;
  secondary_color: string | null;
}

export async function insertShareLink(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  input: {
    fileId: string;
    createdBy: string | null;
    tokenHash: string;
    expiresAt: Date;
    maxDownloads: number | null;
    now: Date;
  },
  transaction: Transaction,
): Promise<ShareLinkRow | null> {
  const [row] = await select<ShareLinkRow>(
    ctx,
    INSERT_LINK,
    [tenantId, input.fileId, input.createdBy, input.tokenHash, input.expiresAt, input.maxDownloads, input.now],
    transaction,
  );
  return row ?? null;
}

export function selectShareLinks(
  ctx: Pick<ServiceContext, 'sequelize' | 'transaction'>,
  tenantId: string,
  fileId: string,
): Promise<ListedShareLink[]> {
  return select<ListedShareLink>(ctx, LIST_LINKS, [tenantId, fileId]);
}

export async function findShareLink(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  input: { linkId: string; fileId: string },
  transaction: Transaction,
): Promise<ShareLinkRow | null> {
  const [row] = await select<ShareLinkRow>(ctx, FIND_LINK, [tenantId, input.linkId, input.fileId], transaction);
  return row ?? null;
}

export async function markShareLinkRevoked(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  input: { linkId: string; fileId: string; at: Date },
  transaction: Transaction,
): Promise<ShareLinkRow | null> {
  const [row] = await select<ShareLinkRow>(
    ctx,
    REVOKE_LINK,
    [tenantId, input.linkId, input.fileId, input.at],
    transaction,
  );
  return row ?? null;
}

export async function selectShareLinkByTokenHash(
  ctx: Pick<ServiceContext, 'sequelize' | 'transaction'>,
  tokenHash: string,
): Promise<OpenedShareLink | null> {
  const [row] = await select<OpenedShareLink>(ctx, LINK_BY_TOKEN, [tokenHash]);
  return row ?? null;
}

/** The link's download count after this one, or null when it may not be downloaded now. */
export async function takeShareLinkDownload(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  input: { linkId: string; at: Date },
  transaction: Transaction,
): Promise<number | null> {
  const [row] = await select<{ download_count: number }>(
    ctx,
    TAKE_DOWNLOAD,
    [tenantId, input.linkId, input.at],
    transaction,
  );
  return row?.download_count ?? null;
}
