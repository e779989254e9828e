import {
  ANNOUNCEMENT_DEFAULT_MS,
  NOTIFICATION_MESSAGES,
  type AlertAction,
  type AlertMetric,
  type AlertOperator,
  type AlertWindow,
  type AnnouncementAudience,
  type AnnouncementStatus,
  type TenantTier,
} from '@portico/common';
import type { Transaction } from 'sequelize';
import type { AppContext } from '../context';
import type { AlertRule, Announcement } from '../db/models';
import { alertFiredEmail, announcementEmail } from '../mail/templates';
import { inTransaction, type PlatformActor, type ServiceContext } from '../scope';
import { audit, systemScope } from '../kernel/audit';
import { platformBrand } from '../tenancy';
import { WINDOW_STEPS } from '../metrics-history';
import { alertCondition, alertFigure } from './console-metrics';
import { listErrorTraces } from './error-traces';
import { badRequest, notFound } from '../kernel/errors';
import { emailTenantAdmins, globalIntegrationConfigured, postToGlobalSlack, sendEmail } from '../integrations';
import { announceInInboxes, notifySuperAdmins } from '../inbox';
import {
  claimAlertRuleBreach,
  claimAnnouncementPush,
  ensureDismissal,
  findAlertRule,
  findAnnouncement,
  findAudienceTenants,
  findDismissedAnnouncementIds,
  findEnabledAlertRules,
  findOpenAnnouncements,
  findSuperAdminEmails,
  findTenantIds,
  findTenantsWithFailedAttempts,
  findUnpushedOpenAnnouncements,
  insertAlertRule,
  insertAnnouncement,
  lockAlertRule,
  markAlertRuleClear,
  recordAlertRuleFigure,
} from './console-data';

/*
 * Notifications (platform-console §2 Notifications, §2 Banners; DECISIONS §4 Platform side).
 * An announcement is shown as a banner to the people of its audience between its start and end;
 * the `announcement` live event tells them to read their banners again when its window opens (at
 * once, or at the scheduler's next minute tick). Alert rules are evaluated by the scheduler every
 * minute on the console's own figures and fire once per breach.
 */

export const NO_SUCH_ANNOUNCEMENT = 'No such announcement.';
export const NO_SUCH_ALERT_RULE = 'No such alert rule.';
export const unknownWorkspaceId = (id: string) => `No workspace has the id ${id}.`;

/** How long an alert rule's notice to the affected workspaces' admins stays up. */
export const ALERT_NOTICE_MS = 60 * 60 * 1000;

export interface AnnounceInput {
  title: string;
  message: string;
  audience: AnnouncementAudience;
  plan?: TenantTier;
  tenantIds: string[];
  startAt?: Date;
  endAt?: Date;
  emailAdmins: boolean;
}

export function announcementStatus(row: Pick<Announcement, 'start_at' | 'end_at'>, now: Date): AnnouncementStatus {
  if (row.start_at > now) return 'scheduled';
  return row.end_at > now ? 'active' : 'ended';
}

/** Where an announcement's live event goes: every socket, or the rooms of its workspaces. */
async function liveTargets(
  ctx: Pick<ServiceContext, 'db'>,
  row: Pick<Announcement, 'audience' | 'plan' | 'tenant_ids'>,
  transaction?: Transaction,
): Promise<'everyone' | string[]> {
  if (row.audience === 'all') return 'everyone';
  if (row.audience === 'tenants') return row.tenant_ids;
  return (await findAudienceTenants(ctx, row, transaction)).map((t) => t.id);
}

/** Tells the audience's connected people to read their banners again. */
function pushAnnouncement(ctx: Pick<AppContext, 'live'>, id: string, targets: 'everyone' | string[]): void {
  if (targets === 'everyone') ctx.live.toEveryone('announcement', { id });
  else for (const tenantId of targets) ctx.live.toTenant(tenantId, 'announcement', { id });
}

/**
 * POST /api/notifications/announce: records the announcement, emails the audience's admins when
 * asked, and pushes it at once when its window is already open. Audited `announcement.created`.
 */
export async function announce(
  ctx: ServiceContext,
  actor: PlatformActor,
  input: AnnounceInput,
): Promise<{ announcement: Announcement; emailed: number }> {
  const now = ctx.clock.now();
  const startAt = input.startAt ?? now;
  const endAt = input.endAt ?? new Date(startAt.getTime() + ANNOUNCEMENT_DEFAULT_MS);
  if (endAt <= startAt) throw badRequest(NOTIFICATION_MESSAGES.endAfterStart);
  const tenantIds = input.audience === 'tenants' ? [...new Set(input.tenantIds)] : [];
  return inTransaction(ctx, async (transaction) => {
    if (tenantIds.length > 0) {
      const found = new Set(await findTenantIds(ctx, tenantIds, transaction));
      const missing = tenantIds.find((id) => !found.has(id));
      if (missing) throw badRequest(unknownWorkspaceId(missing));
    }
    const row = await insertAnnouncement(
      ctx,
      {
        title: input.title,
        message: input.message,
        audience: input.audience,
        plan: input.audience === 'plan' ? (input.plan ?? null) : null,
        tenant_ids: tenantIds,
        email_admins: input.emailAdmins,
        start_at: startAt,
        end_at: endAt,
        // Set when it needs no push from the scheduler: its window has opened already.
        pushed_at: startAt <= now ? now : null,
        created_by: actor.userId,
      },
      transaction,
    );
    let emailed = 0;
    if (input.emailAdmins) {
      const portalUrl = ctx.config.publicUrl;
      for (const tenant of await findAudienceTenants(ctx, row, transaction)) {
        const rendered = await announcementEmail(
          { name: tenant.name, primaryColor: tenant.primary_color },
          { title: row.title, message: row.message, portalUrl },
        );
        emailed += await emailTenantAdmins(ctx, tenant.id, rendered, transaction);
      }
    }
    await audit(
      ctx,
      { actor },
      {
        action: 'announcement.created',
        entity: { type: 'announcement', id: row.id },
        details: {
          title: row.title,
          audience: row.audience,
          plan: row.plan,
          tenant_ids: row.tenant_ids,
          start_at: row.start_at.toISOString(),
          end_at: row.end_at.toISOString(),
          emailed,
        },
      },
      transaction,
    );
    // A window that already ended is recorded for the history, and pushed to nobody.
    if (row.pushed_at && row.end_at > now) {
      await announceInInboxes(ctx, row, transaction);
      const targets = await liveTargets(ctx, row, transaction);
      transaction.afterCommit(() => pushAnnouncement(ctx, row.id, targets));
    }
    return { announcement: row, emailed };
  });
}

/** A workspace the viewer sees banners for, and whether they administer it. */
export interface ViewerWorkspace {
  id: string;
  tier: string;
  admin: boolean;
}

export interface BannerViewer {
  userId: string;
  /** The active workspace, or every workspace the person belongs to when none is active. */
  workspaces: ViewerWorkspace[];
}

function reaches(row: Announcement, viewer: BannerViewer): boolean {
  const workspaces = row.admins_only ? viewer.workspaces.filter((w) => w.admin) : viewer.workspaces;
  switch (row.audience) {
    case 'all':
      return !row.admins_only || workspaces.length > 0;
    case 'plan':
      return workspaces.some((w) => w.tier === row.plan);
    case 'tenants':
      return workspaces.some((w) => row.tenant_ids.includes(w.id));
  }
}

/** GET /api/notifications/active: the announcements in their window for this person, less those they dismissed. */
export async function activeBanners(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  viewer: BannerViewer,
): Promise<Announcement[]> {
  const now = ctx.clock.now();
  const [open, dismissed] = await Promise.all([
    findOpenAnnouncements(ctx, now),
    findDismissedAnnouncementIds(ctx, viewer.userId),
  ]);
  const gone = new Set(dismissed);
  return open.filter((row) => !gone.has(row.id) && reaches(row, viewer));
}

/** POST /api/notifications/{id}/dismiss: hides one of the person's own banners for them, for good. */
export async function dismissBanner(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  viewer: BannerViewer,
  announcementId: string,
): Promise<void> {
  const row = await findAnnouncement(ctx, announcementId);
  if (!row || !reaches(row, viewer) || announcementStatus(row, ctx.clock.now()) !== 'active')
    throw notFound(NO_SUCH_ANNOUNCEMENT);
  await ensureDismissal(ctx, row.id, viewer.userId);
}

/** The scheduler's minute tick: pushes announcements whose window has opened since they were made. */
export async function pushOpenedAnnouncements(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const opened = await findUnpushedOpenAnnouncements(ctx, now);
  let pushed = 0;
  for (const row of opened) {
    // Claimed by one conditional update, so two schedulers never push the same one twice; its
    // inbox items are written with the claim.
    const claimed = await inTransaction(ctx, async (transaction) => {
      if ((await claimAnnouncementPush(ctx, row.id, now, transaction)) === 0) return false;
      await announceInInboxes(ctx, row, transaction);
      return true;
    });
    if (!claimed) continue;
    pushAnnouncement(ctx, row.id, await liveTargets(ctx, row));
    pushed++;
  }
  return pushed;
}

export interface AlertRuleInput {
  metric: AlertMetric;
  /** Stored as the rule's `operator`. */
  op: AlertOperator;
  value: number;
  window: AlertWindow;
  actions: AlertAction[];
  enabled: boolean;
}

/** POST /api/notifications/rules. Audited `alert_rule.created`. */
export async function createAlertRule(
  ctx: ServiceContext,
  actor: PlatformActor,
  input: AlertRuleInput,
): Promise<AlertRule> {
  if (input.actions.includes('post_slack') && !(await globalIntegrationConfigured(ctx, 'slack')))
    throw badRequest(NOTIFICATION_MESSAGES.slackNotConfigured);
  return inTransaction(ctx, async (transaction) => {
    const rule = await insertAlertRule(
      ctx,
      {
        metric: input.metric,
        operator: input.op,
        threshold: input.value,
        window: input.window,
        actions: input.actions,
        enabled: input.enabled,
        created_by: actor.userId,
      },
      transaction,
    );
    await audit(
      ctx,
      { actor },
      {
        action: 'alert_rule.created',
        entity: { type: 'alert_rule', id: rule.id },
        details: { condition: alertCondition(rule), actions: rule.actions, enabled: rule.enabled },
      },
      transaction,
    );
    return rule;
  });
}

/**
 * PATCH /api/notifications/rules/{id}: switches a rule on or off. A rule switched off stops
 * firing and leaves Active Alerts; switched on again, it fires on its next breach. Audited.
 */
export async function setAlertRuleEnabled(
  ctx: ServiceContext,
  actor: PlatformActor,
  id: string,
  enabled: boolean,
): Promise<AlertRule> {
  return inTransaction(ctx, async (transaction) => {
    const rule = await lockAlertRule(ctx, id, transaction);
    if (!rule) throw notFound(NO_SUCH_ALERT_RULE);
    await rule.update({ enabled, ...(enabled ? {} : { breached: false }) }, { transaction });
    await audit(
      ctx,
      { actor },
      {
        action: 'alert_rule.updated',
        entity: { type: 'alert_rule', id: rule.id },
        details: { condition: alertCondition(rule), enabled },
      },
      transaction,
    );
    return rule;
  });
}

/** DELETE /api/notifications/rules/{id}. Audited `alert_rule.deleted`. */
export async function deleteAlertRule(ctx: ServiceContext, actor: PlatformActor, id: string): Promise<void> {
  await inTransaction(ctx, async (transaction) => {
    const rule = await findAlertRule(ctx, id, transaction);
    if (!rule) throw notFound(NO_SUCH_ALERT_RULE);
    await rule.destroy({ transaction });
    await audit(
      ctx,
      { actor },
      {
        action: 'alert_rule.deleted',
        entity: { type: 'alert_rule', id: rule.id },
        details: { condition: alertCondition(rule), actions: rule.actions },
      },
      transaction,
    );
  });
}

const breaches = (rule: AlertRule, value: number) =>
  rule.operator === '>' ? value > rule.threshold : value < rule.threshold;

/**
 * The workspaces a breach touches, for the notice to their admins: those whose requests got 5xx
 * answers (error rate) or whose webhook deliveries failed in the window. A queue backlog touches
 * everyone; an empty list means every workspace.
 */
async function affectedTenantIds(ctx: AppContext, rule: AlertRule): Promise<string[]> {
  const since = new Date(ctx.clock.now().getTime() - WINDOW_STEPS[rule.window].seconds * 1000);
  if (rule.metric === 'errorRate') {
    const traces = await listErrorTraces(ctx, { limit: 1000 });
    return [
      ...new Set(
        traces.filter((t) => t.tenant_id && Date.parse(t.at) >= since.getTime()).map((t) => t.tenant_id as string),
      ),
    ];
  }
  if (rule.metric === 'webhookFailures') {
    return findTenantsWithFailedAttempts(ctx, since);
  }
  return [];
}

/** What a rule does when it fires, in the transaction that marks it fired. */
async function runAlertActions(ctx: AppContext, rule: AlertRule, value: number, transaction: Transaction) {
  const at = ctx.clock.now();
  const condition = alertCondition(rule);
  await notifySuperAdmins(
    ctx,
    {
      kind: 'alert.fired',
      title: `Alert: ${condition} (the figure was ${value})`,
      body: null,
      link: '/super/notifications',
      entity: { type: 'alert_rule', id: rule.id },
    },
    transaction,
  );
  if (rule.actions.includes('email_super_admins')) {
    const admins = await findSuperAdminEmails(ctx, transaction);
    const rendered = await alertFiredEmail(await platformBrand(ctx), {
      condition,
      value,
      at,
      consoleUrl: new URL('/super', ctx.config.publicUrl).href,
    });
    for (const to of new Set(admins)) await sendEmail(ctx, { ...rendered, to, tenantId: null }, transaction);
  }
  if (rule.actions.includes('announce_tenant_admins')) {
    const tenantIds = await affectedTenantIds(ctx, rule);
    const notice = await insertAnnouncement(
      ctx,
      {
        title: 'We are looking into a problem',
        message: `The platform noticed ${condition} (the figure was ${value}). Our team has been alerted and is on it.`,
        audience: tenantIds.length > 0 ? 'tenants' : 'all',
        tenant_ids: tenantIds,
        admins_only: true,
        start_at: at,
        end_at: new Date(at.getTime() + ALERT_NOTICE_MS),
        pushed_at: at,
        alert_rule_id: rule.id,
        created_by: null,
      },
      transaction,
    );
    await announceInInboxes(ctx, notice, transaction);
    const targets = await liveTargets(ctx, notice, transaction);
    transaction.afterCommit(() => pushAnnouncement(ctx, notice.id, targets));
  }
  if (rule.actions.includes('post_slack')) {
    // Posted once the firing is committed: a slow or failing Slack never holds the rule's row.
    transaction.afterCommit(async () => {
      try {
        const { name } = await platformBrand(ctx);
        await postToGlobalSlack(ctx, `${name} alert: ${condition} (the figure was ${value}).`);
      } catch (error) {
        ctx.logger.error({ err: error, ruleId: rule.id }, 'could not post the alert to Slack');
      }
    });
  }
}

/**
 * The scheduler's minute tick: every enabled rule is measured on the console's figures. A rule
 * fires when it turns breached (a conditional update claims the change, so it fires once even
 * with two schedulers), records `last_triggered_at`, runs its actions and is audited
 * `alert_rule.fired` with the figure; it fires again only after it recovered. Returns the rules fired.
 */
export async function evaluateAlertRules(ctx: AppContext): Promise<string[]> {
  const rules = await findEnabledAlertRules(ctx);
  const figures = new Map<string, Promise<number>>();
  const figureOf = (rule: AlertRule) => {
    const key = `${rule.metric}:${rule.window}`;
    if (!figures.has(key)) figures.set(key, alertFigure(ctx, rule.metric, rule.window));
    return figures.get(key)!;
  };
  const fired: string[] = [];
  for (const rule of rules) {
    const value = await figureOf(rule);
    const now = ctx.clock.now();
    if (!breaches(rule, value)) {
      await markAlertRuleClear(ctx, rule.id, value, now);
      continue;
    }
    await inTransaction(ctx, async (transaction) => {
      if ((await claimAlertRuleBreach(ctx, rule.id, value, now, transaction)) === 0) {
        await recordAlertRuleFigure(ctx, rule.id, value, now, transaction);
        return;
      }
      await runAlertActions(ctx, rule, value, transaction);
      await audit(
        ctx,
        systemScope,
        {
          action: 'alert_rule.fired',
          entity: { type: 'alert_rule', id: rule.id },
          details: { condition: alertCondition(rule), metric: rule.metric, value, actions: rule.actions },
        },
        transaction,
      );
      fired.push(rule.id);
    });
  }
  return fired;
}
