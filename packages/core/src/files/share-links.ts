import {
  SHARE_LINK_ENDED,
  SHARE_LINK_MAX_DAYS,
  SHARE_LINK_MESSAGES,
  SHARE_LINK_MIN_HOURS,
  SHARE_LINK_PAGE,
  type ShareLinkStatus,
} from '@portico/common';
import { audit } from '../kernel/audit';
import { randomToken, sha256 } from '../kernel/crypto';
import { badRequest, DomainError, notFound } from '../kernel/errors';
import { inTransaction, type ServiceContext, type TenantScope } from '../scope';
import { tenantOrigin } from '../tenancy';
import { insertFileEvents } from './files-data';
import {
  findShareLink,
  insertShareLink,
  markShareLinkRevoked,
  selectShareLinkByTokenHash,
  selectShareLinks,
  takeShareLinkDownload,
  type ListedShareLink,
  type OpenedShareLink,
  type ShareLinkRow,
} from './share-links-data';

export type { ListedShareLink, OpenedShareLink, ShareLinkRow } from './share-links-data';

/*
 * Expiring share links (issue 33): an admin gives someone outside the workspace a link to one file,
 * on the workspace's own address, until a date and optionally for a number of downloads. The token
 * is 256 random bits, shown once; only its sha256 is kept, so a leaked table opens no file. Every
 * decision reads the time from `ctx.clock`. A link stops working when it is revoked, expires, has
 * served its downloads, or its file is deleted (the file's purge then removes it).
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Why a link no longer works at `now`, or null while it does. */
function endedReason(
  link: ShareLinkRow & { file_deleted?: boolean },
  now: Date,
): Exclude<ShareLinkStatus, 'active'> | 'file_gone' | null {
  if (link.revoked_at) return 'revoked';
  if (link.file_deleted) return 'file_gone';
  if (link.expires_at <= now) return 'expired';
  if (link.max_downloads !== null && link.download_count >= link.max_downloads) return 'used_up';
  return null;
}

/** What an admin's list shows of a link at `now`. */
export function shareLinkStatus(link: ShareLinkRow, now: Date): ShareLinkStatus {
  const reason = endedReason(link, now);
  return reason === null || reason === 'file_gone' ? 'active' : reason;
}

/** The 410 a link that no longer works answers with. */
function ended(reason: keyof typeof SHARE_LINK_ENDED): DomainError {
  return new DomainError(410, SHARE_LINK_ENDED[reason], `share_link_${reason}`);
}

export interface CreatedShareLink {
  link: ShareLinkRow;
  token: string;
  url: string;
}

/**
 * Makes a link to a live file of the workspace; answers it with its token and URL, which are never
 * shown again. Expires `expiresInDays` days from now or at `expiresAt`: 1 hour to 90 days ahead.
 */
export async function createShareLink(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { fileId: string; expiresInDays?: number; expiresAt?: Date; maxDownloads?: number | null },
): Promise<CreatedShareLink> {
  const now = ctx.clock.now();
  const expiresAt = input.expiresAt ?? new Date(now.getTime() + (input.expiresInDays ?? 0) * DAY_MS);
  const ahead = expiresAt.getTime() - now.getTime();
  if (ahead < SHARE_LINK_MIN_HOURS * HOUR_MS || ahead > SHARE_LINK_MAX_DAYS * DAY_MS)
    throw badRequest(SHARE_LINK_MESSAGES.expiryRange, 'share_link_expiry');
  const token = randomToken();
  const userId = scope.actor.userId;
  const link = await inTransaction(ctx, async (transaction) => {
    const row = await insertShareLink(
      ctx,
      scope.tenantId,
      {
        fileId: input.fileId,
        createdBy: userId,
        tokenHash: sha256(token),
        expiresAt,
        maxDownloads: input.maxDownloads ?? null,
        now,
      },
      transaction,
    );
    if (!row) throw notFound('This file does not exist.');
    await audit(
      ctx,
      scope,
      {
        action: 'file.share_link_created',
        entity: { type: 'file', id: row.file_id },
        details: {
          share_link_id: row.id,
          expires_at: row.expires_at.toISOString(),
          max_downloads: row.max_downloads,
        },
      },
      transaction,
    );
    if (userId)
      await insertFileEvents(
        ctx,
        scope.tenantId,
        { fileIds: [row.file_id], userId, kind: 'link_created' },
        transaction,
      );
    return row;
  });
  return {
    link,
    token,
    url: `${tenantOrigin(ctx.config, scope.tenant)}${SHARE_LINK_PAGE}/${token}`,
  };
}

/** A file's links, newest first (the latest 200), without their tokens: the route checked the file. */
export function listShareLinks(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { fileId: string },
): Promise<ListedShareLink[]> {
  return selectShareLinks(ctx, scope.tenantId, input.fileId);
}

/** Revokes a link of the file at once; revoking it again changes nothing. 404 for a link of another file. */
export async function revokeShareLink(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { fileId: string; linkId: string },
): Promise<void> {
  await inTransaction(ctx, async (transaction) => {
    const revoked = await markShareLinkRevoked(
      ctx,
      scope.tenantId,
      { linkId: input.linkId, fileId: input.fileId, at: ctx.clock.now() },
      transaction,
    );
    if (!revoked) {
      if (!(await findShareLink(ctx, scope.tenantId, input, transaction)))
        throw notFound(SHARE_LINK_MESSAGES.linkNotFound);
      return;
    }
    await audit(
      ctx,
      scope,
      {
        action: 'file.share_link_revoked',
        entity: { type: 'file', id: revoked.file_id },
        details: { share_link_id: revoked.id, download_count: revoked.download_count },
      },
      transaction,
    );
    if (scope.actor.userId)
      await insertFileEvents(
        ctx,
        scope.tenantId,
        { fileIds: [revoked.file_id], userId: scope.actor.userId, kind: 'link_revoked' },
        transaction,
      );
  });
}

/** The link a token opens while it works: 404 for a token of no link, 410 saying why for one that ended. */
export async function openShareLink(ctx: ServiceContext, input: { token: string }): Promise<OpenedShareLink> {
  const link = await selectShareLinkByTokenHash(ctx, sha256(input.token));
  if (!link) throw notFound(SHARE_LINK_MESSAGES.unknown);
  const reason = endedReason(link, ctx.clock.now());
  if (reason) throw ended(reason);
  return link;
}

/**
 * Counts one download of the link a token opens and answers it, with its file, for the route to
 * stream; audited with the address it came from. The count is one conditional update, so parallel
 * downloads never pass the limit: one that loses the last download is refused like a used-up link.
 */
export async function takeShareLinkDownloadOf(
  ctx: ServiceContext,
  input: { token: string; ip: string | null },
): Promise<OpenedShareLink> {
  const link = await openShareLink(ctx, input);
  const at = ctx.clock.now();
  const count = await inTransaction(ctx, async (transaction) => {
    const taken = await takeShareLinkDownload(ctx, link.tenant_id, { linkId: link.id, at }, transaction);
    if (taken === null) return null;
    await audit(
      ctx,
      { tenantId: link.tenant_id, actor: { userId: null, ip: input.ip } },
      {
        action: 'file.share_link_downloaded',
        entity: { type: 'file', id: link.file_id },
        details: { share_link_id: link.id, download_count: taken },
      },
      transaction,
    );
    return taken;
  });
  if (count === null) {
    // Read again to say why: revoked, expired or deleted meanwhile throw from here.
    await openShareLink(ctx, input);
    throw ended('used_up');
  }
  return { ...link, download_count: count, last_downloaded_at: at };
}
