import {
  activeBannersAnswer,
  alertRuleAnswer,
  alertRuleBody,
  alertRulesAnswer,
  alertRuleUpdateBody,
  announceAnswer,
  announceBody,
  dismissAnswer,
  historyAnswer,
  isUuid,
  NOTIFICATION_MESSAGES,
} from '@portico/common';
import {
  activeBanners,
  announce,
  announcementHistory,
  badRequest,
  createAlertRule,
  deleteAlertRule,
  dismissBanner,
  findTenant,
  forbidden,
  listAlertRules,
  NO_SUCH_ALERT_RULE,
  NO_SUCH_ANNOUNCEMENT,
  notFound,
  setAlertRuleEnabled,
  type BannerViewer,
  type ServiceContext,
} from '@portico/core';
import type { Request } from 'express';
import { z } from 'zod';
import { presentAlertRule, presentAnnouncement, presentBanner } from '../presenters/notifications';
import { defineRoutes } from '../http/route';
import { platformActorOf, type Session } from '../http/request';
import { pathId } from './schemas';

const ruleParams = z.object({ id: pathId(NO_SUCH_ALERT_RULE, 'The alert rule.') });
const announcementParams = z.object({ id: pathId(NO_SUCH_ANNOUNCEMENT, 'The announcement.') });

const NOT_A_MEMBER = 'You are not a member of this workspace.';

/**
 * Whose banners: the workspace in `x-tenant-id` when one is active (its members, and super admins
 * for any workspace), else every workspace the person is an active member of.
 */
async function bannerViewer(ctx: Pick<ServiceContext, 'db'>, req: Request, session: Session): Promise<BannerViewer> {
  const { actor } = session;
  const header = req.headers['x-tenant-id'];
  const active = actor.memberships.filter((m) => m.status === 'active');
  const asViewer = (m: (typeof active)[number]) => ({
    id: m.tenant_id,
    tier: m.tenant.tier,
    admin: m.role_kind === 'admin',
  });
  if (header === undefined || header === '') return { userId: actor.user.id, workspaces: active.map(asViewer) };
  if (typeof header !== 'string' || !isUuid(header))
    throw badRequest('The x-tenant-id header must be a workspace id (a UUID).', 'tenant_malformed');
  const tenantId = header.toLowerCase();
  const membership = active.find((m) => m.tenant_id === tenantId);
  if (membership) return { userId: actor.user.id, workspaces: [asViewer(membership)] };
  if (!actor.isSuperAdmin) throw session.superAdminRefusal ?? forbidden(NOT_A_MEMBER, 'not_a_member');
  const tenant = await findTenant(ctx, tenantId);
  if (!tenant) throw notFound('This workspace does not exist.');
  return { userId: actor.user.id, workspaces: [{ id: tenant.id, tier: tenant.tier, admin: true }] };
}

/** Announcements and alert rules (platform-console §7 Notifications), for super admins. */
export const notificationRoutes = defineRoutes(
  'platform',
  { name: 'Notifications', description: 'Announcements shown as banners, and alert rules on the console’s figures.' },
  (route) => [
    route({
      method: 'post',
      path: '/notifications/announce',
      operationId: 'announce',
      summary: 'Announce to all, a plan or some workspaces',
      description:
        'Start defaults to now and end to 24 hours after start. Pushed live as the `announcement` event once its window opens; `emailAdmins` also emails the audience’s admins. Audited.',
      body: announceBody,
      responses: { 201: { description: 'Queued.', schema: announceAnswer } },
      refusals: { 400: `${NOTIFICATION_MESSAGES.endAfterStart} A tenant id that names no workspace.` },
      handle: async ({ ctx, req, body }) => {
        const { announcement, emailed } = await announce(ctx, platformActorOf(req), body);
        return { announcement: presentAnnouncement(announcement, ctx.clock.now()), emailed };
      },
    }),
    route({
      method: 'get',
      path: '/notifications/history',
      operationId: 'listAnnouncements',
      summary: 'List the announcements',
      description: 'The newest 200 first, each scheduled, active or ended.',
      responses: { 200: { description: 'Newest first.', schema: historyAnswer } },
      handle: async ({ ctx }) => {
        const now = ctx.clock.now();
        return { history: (await announcementHistory(ctx)).map((row) => presentAnnouncement(row, now)) };
      },
    }),
    route({
      method: 'get',
      path: '/notifications/rules',
      operationId: 'listAlertRules',
      summary: 'List the alert rules',
      responses: { 200: { description: 'Oldest first.', schema: alertRulesAnswer } },
      handle: async ({ ctx }) => ({ rules: (await listAlertRules(ctx)).map(presentAlertRule) }),
    }),
    route({
      method: 'post',
      path: '/notifications/rules',
      operationId: 'createAlertRule',
      summary: 'Create an alert rule',
      description: 'The scheduler evaluates enabled rules every minute; a rule fires once per breach. Audited.',
      body: alertRuleBody,
      responses: { 201: { description: 'Created.', schema: alertRuleAnswer } },
      handle: async ({ ctx, req, body }) => ({
        rule: presentAlertRule(await createAlertRule(ctx, platformActorOf(req), body)),
      }),
    }),
    route({
      method: 'patch',
      path: '/notifications/rules/:id',
      operationId: 'updateAlertRule',
      summary: 'Enable or disable an alert rule',
      description: 'A disabled rule leaves Active Alerts and fires on its next breach once enabled. Audited.',
      params: ruleParams,
      body: alertRuleUpdateBody,
      responses: { 200: { description: 'The rule after the change.', schema: alertRuleAnswer } },
      refusals: { 404: NO_SUCH_ALERT_RULE },
      handle: async ({ ctx, req, params, body }) => ({
        rule: presentAlertRule(await setAlertRuleEnabled(ctx, platformActorOf(req), params.id, body.enabled)),
      }),
    }),
    route({
      method: 'delete',
      path: '/notifications/rules/:id',
      operationId: 'deleteAlertRule',
      summary: 'Delete an alert rule',
      description: 'Audited.',
      params: ruleParams,
      responses: { 204: { description: 'Deleted.' } },
      refusals: { 404: NO_SUCH_ALERT_RULE },
      handle: async ({ ctx, req, params }) => {
        await deleteAlertRule(ctx, platformActorOf(req), params.id);
      },
    }),
  ],
);

/** The banners of whoever is signed in (platform-console §2 Banners). */
export const bannerRoutes = defineRoutes(
  'session',
  { name: 'Banners', description: 'The announcements a signed-in person sees now.' },
  (route) => [
    route({
      method: 'get',
      path: '/notifications/active',
      operationId: 'activeBanners',
      summary: 'The announcement banners to show now',
      description:
        'Announcements in their window whose audience includes the workspace in `x-tenant-id` (or, without it, any workspace the person belongs to), less those they dismissed.',
      responses: { 200: { description: 'Newest first.', schema: activeBannersAnswer } },
      refusals: { 400: 'A malformed `x-tenant-id`.', 403: NOT_A_MEMBER },
      handle: async ({ ctx, req, session }) => ({
        banners: (await activeBanners(ctx, await bannerViewer(ctx, req, session))).map(presentBanner),
      }),
    }),
    route({
      method: 'post',
      path: '/notifications/:id/dismiss',
      operationId: 'dismissBanner',
      summary: 'Dismiss a banner',
      description: 'Hidden for this person only, for good. Only a banner shown to them now can be dismissed.',
      params: announcementParams,
      bodyOptional: true,
      responses: { 200: { description: 'Dismissed.', schema: dismissAnswer } },
      refusals: { 404: NO_SUCH_ANNOUNCEMENT },
      handle: async ({ ctx, req, session, params }) => {
        await dismissBanner(ctx, await bannerViewer(ctx, req, session), params.id);
        return { dismissed: true as const };
      },
    }),
  ],
);
