import type { AlertRuleRow, AnnouncementRow, BannerRow, TenantTier } from '@portico/common';
import { announcementStatus, type AlertRule, type Announcement } from '@portico/core';

export function presentAnnouncement(row: Announcement, now: Date): AnnouncementRow {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    audience: row.audience,
    plan: row.plan as TenantTier | null,
    tenant_ids: row.tenant_ids,
    admins_only: row.admins_only,
    email_admins: row.email_admins,
    start_at: row.start_at.toISOString(),
    end_at: row.end_at.toISOString(),
    status: announcementStatus(row, now),
    created_at: row.created_at.toISOString(),
  };
}

export function presentBanner(row: Announcement): BannerRow {
  return { id: row.id, title: row.title, message: row.message };
}

export function presentAlertRule(rule: AlertRule): AlertRuleRow {
  return {
    id: rule.id,
    metric: rule.metric,
    op: rule.operator,
    value: rule.threshold,
    window: rule.window,
    actions: rule.actions,
    enabled: rule.enabled,
    firing: rule.enabled && rule.breached,
    last_value: rule.last_value,
    last_evaluated_at: rule.last_evaluated_at?.toISOString() ?? null,
    last_triggered_at: rule.last_triggered_at?.toISOString() ?? null,
    created_at: rule.created_at.toISOString(),
  };
}
