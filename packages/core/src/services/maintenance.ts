import { Op } from 'sequelize';
import { Invitation, PasswordResetToken, RefreshTokenFamily, TenantEvent, WebhookDelivery } from '../db/models';

export interface PurgeResult {
  refreshTokenFamilies: number;
  passwordResetTokens: number;
  invitations: number;
  webhookDeliveries: number;
  tenantEvents: number;
}

/** How long finished webhook deliveries (with their attempt logs) and delivered events are kept. */
export const WEBHOOK_HISTORY_DAYS = 30;

/**
 * Removes sessions, reset links and unanswered invitations past their expiry, and webhook history
 * older than WEBHOOK_HISTORY_DAYS (pending deliveries and undelivered events always stay).
 */
export async function purgeExpired(now = new Date()): Promise<PurgeResult> {
  const historyBefore = new Date(now.getTime() - WEBHOOK_HISTORY_DAYS * 24 * 60 * 60 * 1000);
  const [refreshTokenFamilies, passwordResetTokens, invitations, webhookDeliveries, tenantEvents] = await Promise.all([
    RefreshTokenFamily.destroy({ where: { expires_at: { [Op.lt]: now } } }),
    PasswordResetToken.destroy({ where: { expires_at: { [Op.lt]: now } } }),
    Invitation.destroy({ where: { expires_at: { [Op.lt]: now }, accepted_at: null }, allTenants: true }),
    WebhookDelivery.destroy({
      where: { status: { [Op.ne]: 'pending' }, completed_at: { [Op.lt]: historyBefore } },
      allTenants: true,
    }),
    TenantEvent.destroy({ where: { dispatched_at: { [Op.lt]: historyBefore } }, allTenants: true }),
  ]);
  return { refreshTokenFamilies, passwordResetTokens, invitations, webhookDeliveries, tenantEvents };
}
