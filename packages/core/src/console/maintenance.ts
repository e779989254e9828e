import type { AppContext } from '../context';
import { purgeOldInboxItems } from '../inbox';
import { getSettings } from '../settings';
import { deleteExpiredRows } from './console-data';

export interface PurgeResult {
  refreshTokenFamilies: number;
  passwordResetTokens: number;
  invitations: number;
  webhookDeliveries: number;
  tenantEvents: number;
  auditLogs: number;
  twoFactorChallenges: number;
  domainClaims: number;
  inboxItems: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Removes sessions, reset links, sign-in challenges, unanswered invitations and unverified domain
 * claims past their expiry, webhook history older than the retention settings' webhookDays
 * (pending deliveries and undelivered events always stay), audit rows older than auditDays and
 * inbox items older than the 90 days an inbox keeps.
 */
export async function purgeExpired(ctx: Pick<AppContext, 'db' | 'sequelize' | 'clock'>): Promise<PurgeResult> {
  const now = ctx.clock.now();
  const { retention } = await getSettings(ctx);
  const historyBefore = new Date(now.getTime() - retention.webhookDays * DAY_MS);
  const auditBefore = new Date(now.getTime() - retention.auditDays * DAY_MS);
  const rows = await deleteExpiredRows(ctx, { now, historyBefore, auditBefore });
  return { ...rows, inboxItems: (await purgeOldInboxItems(ctx)).items };
}

/**
 * How long an unfinished upload is left alone before it is swept. Node ends a request whose body
 * has not wholly arrived within the server's `requestTimeout` (5 minutes, Node's default, which
 * Portico keeps), so an upload still in flight is never this old.
 */
export const UNFINISHED_UPLOAD_AGE_MS = 60 * 60 * 1000;

/**
 * Removes what uploads left unfinished when their process died mid-upload (issue 25): the local
 * driver's temporary files last written, and S3 multipart uploads started, over UNFINISHED_UPLOAD_AGE_MS
 * ago. Run when the API starts and by the scheduler every hour; answers how many it removed.
 */
export async function sweepUnfinishedUploads(ctx: Pick<AppContext, 'storage' | 'clock'>): Promise<number> {
  return ctx.storage.sweepIncompleteUploads(new Date(ctx.clock.now().getTime() - UNFINISHED_UPLOAD_AGE_MS));
}
