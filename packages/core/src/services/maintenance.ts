import { Op } from 'sequelize';
import {
  AuditLog,
  Invitation,
  PasswordResetToken,
  RefreshTokenFamily,
  TenantDomain,
  TenantEvent,
  TwoFactorChallenge,
  WebhookDelivery,
} from '../db/models';
import type { AppContext } from '../context';
import { lapsedClaims } from './domains';
import { getSettings } from './settings';

export interface PurgeResult {
  refreshTokenFamilies: number;
  passwordResetTokens: number;
  invitations: number;
  webhookDeliveries: number;
  tenantEvents: number;
  auditLogs: number;
  twoFactorChallenges: number;
  domainClaims: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Removes sessions, reset links, sign-in challenges, unanswered invitations and unverified domain
 * claims past their expiry, webhook history older than the retention settings' webhookDays
 * (pending deliveries and undelivered events always stay) and audit rows older than auditDays.
 */
export async function purgeExpired(ctx: Pick<AppContext, 'sequelize' | 'clock'>): Promise<PurgeResult> {
  const now = ctx.clock.now();
  const { retention } = await getSettings(ctx);
  const historyBefore = new Date(now.getTime() - retention.webhookDays * DAY_MS);
  const auditBefore = new Date(now.getTime() - retention.auditDays * DAY_MS);
  const [
    refreshTokenFamilies,
    passwordResetTokens,
    invitations,
    webhookDeliveries,
    tenantEvents,
    auditLogs,
    twoFactorChallenges,
    domainClaims,
  ] = await Promise.all([
    RefreshTokenFamily.destroy({ where: { expires_at: { [Op.lt]: now } } }),
    PasswordResetToken.destroy({ where: { expires_at: { [Op.lt]: now } } }),
    Invitation.destroy({ where: { expires_at: { [Op.lt]: now }, accepted_at: null }, allTenants: true }),
    WebhookDelivery.destroy({
      where: { status: { [Op.ne]: 'pending' }, completed_at: { [Op.lt]: historyBefore } },
      allTenants: true,
    }),
    TenantEvent.destroy({ where: { dispatched_at: { [Op.lt]: historyBefore } }, allTenants: true }),
    AuditLog.destroy({ where: { created_at: { [Op.lt]: auditBefore } }, allTenants: true }),
    TwoFactorChallenge.destroy({ where: { expires_at: { [Op.lt]: now } } }),
    TenantDomain.destroy({ where: lapsedClaims(ctx), allTenants: true }),
  ]);
  return {
    refreshTokenFamilies,
    passwordResetTokens,
    invitations,
    webhookDeliveries,
    tenantEvents,
    auditLogs,
    twoFactorChallenges,
    domainClaims,
  };
}
