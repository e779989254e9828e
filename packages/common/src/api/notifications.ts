import { z } from 'zod';
import { isUuid } from '../ids';
import { TENANT_TIERS } from '../tenants';
import { count, id, timestamp } from './wire';

/* Notifications: announcements and their banners, alert rules (platform-console §2, §5, §7 Notifications). */

export const ANNOUNCEMENT_AUDIENCES = ['all', 'plan', 'tenants'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
export const ANNOUNCEMENT_STATUSES = ['scheduled', 'active', 'ended'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];
/** Default announcement duration (platform-console §9). */
export const ANNOUNCEMENT_DEFAULT_MS = 24 * 3600 * 1000;

export const ALERT_METRICS = ['errorRate', 'queueDepth', 'webhookFailures'] as const;
export type AlertMetric = (typeof ALERT_METRICS)[number];
export const ALERT_OPERATORS = ['>', '<'] as const;
export type AlertOperator = (typeof ALERT_OPERATORS)[number];
/** Alert windows (platform-console §9). */
export const ALERT_WINDOWS = ['5m', '15m', '1h'] as const;
export type AlertWindow = (typeof ALERT_WINDOWS)[number];
/** What a rule does when it fires; `post_slack` only once the global Slack integration is saved. */
export const ALERT_ACTIONS = ['email_super_admins', 'announce_tenant_admins', 'post_slack'] as const;
export type AlertAction = (typeof ALERT_ACTIONS)[number];

export const NOTIFICATION_MESSAGES = {
  titleRequired: 'Title is required.',
  titleTooLong: 'Title must be at most 200 characters.',
  messageRequired: 'Message is required.',
  messageTooLong: 'Message must be at most 2000 characters.',
  audience: `Audience must be one of ${ANNOUNCEMENT_AUDIENCES.join(', ')}.`,
  plan: `Plan must be one of ${TENANT_TIERS.join(', ')}.`,
  planRequired: 'Choose the plan whose workspaces see the announcement.',
  tenantIds: 'Tenant ids must be workspace ids separated by commas.',
  tenantsRequired: 'Name at least one workspace id for the audience “tenants”.',
  startAt: 'Start must be a date and time such as 2026-11-26T09:30:00Z.',
  endAt: 'End must be a date and time such as 2026-11-26T09:30:00Z.',
  endAfterStart: 'End must be after start.',
  emailAdmins: 'Email the admins must be true or false.',
  metric: `Metric must be one of ${ALERT_METRICS.join(', ')}.`,
  operator: 'Operator must be > or <.',
  operatorTwice: 'Send the operator once: op and operator disagree.',
  value: 'Value must be a number.',
  window: `Window must be one of ${ALERT_WINDOWS.join(', ')}.`,
  actions: `Actions must be among ${ALERT_ACTIONS.join(', ')}.`,
  actionsRequired: 'Choose at least one action.',
  slackNotConfigured: 'Save the global Slack integration before choosing post_slack.',
  enabled: 'Enabled must be true or false.',
} as const;
const M = NOTIFICATION_MESSAGES;

/** A list given as an array or as comma-separated text: each item trimmed, blanks dropped (platform-console §5). */
const commaList = (value: unknown) =>
  (typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : value == null ? [] : value) as unknown;
const trimmedItems = (value: unknown) =>
  Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '') : value;
const blankAsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);
/** A moment PostgreSQL stores and a person means: years 2000 to 9999. */
const moment = (message: string) =>
  z.preprocess(
    blankAsAbsent,
    z.coerce
      .date({ error: message })
      .refine((d) => d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 9999, message)
      .optional(),
  );

/** POST /api/notifications/announce. Start defaults to now, end to 24 hours after start. */
export const announceBody = z
  .object({
    title: z.string({ error: M.titleRequired }).trim().min(1, M.titleRequired).max(200, M.titleTooLong),
    message: z.string({ error: M.messageRequired }).trim().min(1, M.messageRequired).max(2000, M.messageTooLong),
    audience: z.enum(ANNOUNCEMENT_AUDIENCES, { error: M.audience }).default('all'),
    plan: z.preprocess(blankAsAbsent, z.enum(TENANT_TIERS, { error: M.plan }).optional()),
    tenantIds: z
      .preprocess(
        (v) => trimmedItems(commaList(v)),
        z.array(
          z
            .string({ error: M.tenantIds })
            .refine(isUuid, M.tenantIds)
            .transform((v) => v.toLowerCase()),
          { error: M.tenantIds },
        ),
      )
      .meta({ description: 'Workspace ids, as an array or comma-separated text.' }),
    startAt: moment(M.startAt),
    endAt: moment(M.endAt),
    emailAdmins: z.boolean({ error: M.emailAdmins }).default(false),
  })
  .superRefine((body, issues) => {
    if (body.audience === 'plan' && !body.plan)
      issues.addIssue({ code: 'custom', message: M.planRequired, path: ['plan'] });
    if (body.audience === 'tenants' && body.tenantIds.length === 0)
      issues.addIssue({ code: 'custom', message: M.tenantsRequired, path: ['tenantIds'] });
  });
export type AnnounceBody = z.input<typeof announceBody>;

export const announcementRow = z
  .object({
    id,
    title: z.string(),
    message: z.string(),
    audience: z.enum(ANNOUNCEMENT_AUDIENCES),
    plan: z.enum(TENANT_TIERS).nullable(),
    tenant_ids: z.array(id),
    admins_only: z.boolean().meta({ description: 'Shown to the workspaces’ admins only (an alert rule’s notice).' }),
    email_admins: z.boolean(),
    start_at: timestamp,
    end_at: timestamp,
    status: z.enum(ANNOUNCEMENT_STATUSES),
    created_at: timestamp,
  })
  .meta({ id: 'Announcement' });
export type AnnouncementRow = z.infer<typeof announcementRow>;

export const announceAnswer = z.object({
  announcement: announcementRow,
  emailed: count.meta({ description: 'Emails queued to the audience’s admins.' }),
});
export const historyAnswer = z.object({ history: z.array(announcementRow) });

export const bannerRow = z.object({ id, title: z.string(), message: z.string() }).meta({ id: 'Banner' });
export type BannerRow = z.infer<typeof bannerRow>;
export const activeBannersAnswer = z.object({ banners: z.array(bannerRow) });
export const dismissAnswer = z.object({ dismissed: z.literal(true) });

const alertOperator = z.enum(ALERT_OPERATORS, { error: M.operator });

/**
 * POST /api/notifications/rules. The operator is `op`, as platform-console §4 names it; `operator`
 * (the console's earlier name) is accepted too and becomes `op`.
 */
export const alertRuleBody = z
  .object({
    metric: z.enum(ALERT_METRICS, { error: M.metric }),
    op: alertOperator.optional().meta({ description: '`>` or `<` (platform-console §4). Or send it as `operator`.' }),
    operator: alertOperator.optional().meta({ description: 'The same as `op`, under its earlier name.' }),
    value: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z.number({ error: M.value }).finite(M.value),
    ),
    window: z.enum(ALERT_WINDOWS, { error: M.window }),
    actions: z
      .preprocess(
        (v) => trimmedItems(commaList(v)),
        z
          .array(z.enum(ALERT_ACTIONS, { error: M.actions }), { error: M.actions })
          .min(1, M.actionsRequired)
          .transform((list) => [...new Set(list)]),
      )
      .meta({ description: 'An array, or comma-separated text.' }),
    enabled: z.boolean({ error: M.enabled }).default(true),
  })
  .superRefine((body, issues) => {
    if (body.op === undefined && body.operator === undefined)
      issues.addIssue({ code: 'custom', message: M.operator, path: ['op'] });
    else if (body.op !== undefined && body.operator !== undefined && body.op !== body.operator)
      issues.addIssue({ code: 'custom', message: M.operatorTwice, path: ['op'] });
  })
  .transform(({ operator, ...body }) => ({ ...body, op: (body.op ?? operator) as AlertOperator }));
export type AlertRuleBody = z.input<typeof alertRuleBody>;

export const alertRuleUpdateBody = z.object({ enabled: z.boolean({ error: M.enabled }) });

export const alertRuleRow = z
  .object({
    id,
    metric: z.enum(ALERT_METRICS),
    op: z.enum(ALERT_OPERATORS),
    value: z.number(),
    window: z.enum(ALERT_WINDOWS),
    actions: z.array(z.enum(ALERT_ACTIONS)),
    enabled: z.boolean(),
    firing: z.boolean().meta({ description: 'Breached at the last evaluation.' }),
    last_value: z.number().nullable().meta({ description: 'The figure at the last evaluation.' }),
    last_evaluated_at: timestamp.nullable(),
    last_triggered_at: timestamp.nullable(),
    created_at: timestamp,
  })
  .meta({ id: 'AlertRule' });
export type AlertRuleRow = z.infer<typeof alertRuleRow>;

export const alertRulesAnswer = z.object({ rules: z.array(alertRuleRow) });
export const alertRuleAnswer = z.object({ rule: alertRuleRow });
