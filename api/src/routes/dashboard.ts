import { adminStatsAnswer, checklistAnswer, recentMembersAnswer } from '@portico/common';
import { adminStats, listMemberChoices, memberChecklist } from '@portico/core';
import { defineRoutes } from '../http/route';
import { presentRecentMember } from '../presenters/dashboard';

const ADMINS_ONLY = { 403: 'Only workspace admins can see the member list.' };

/** The dashboards' figures and lists (tenant-portal §2 Dashboards; DECISIONS §4). */
export const dashboardRoutes = defineRoutes(
  'workspace',
  { name: 'Dashboard', description: 'The figures and lists of the admin and member dashboards.' },
  (route) => [
    route({
      method: 'get',
      path: '/dashboard/admin-stats',
      operationId: 'getAdminStats',
      summary: 'Counts for the admin dashboard',
      responses: { 200: { description: 'The counts.', schema: adminStatsAnswer } },
      refusals: ADMINS_ONLY,
      authorize: 'workspace.members.read',
      handle: async ({ ctx, scope }) => {
        return adminStats(ctx, scope);
      },
    }),
    route({
      method: 'get',
      path: '/dashboard/checklist',
      operationId: 'getChecklist',
      summary: 'The member’s onboarding checklist',
      responses: { 200: { description: 'The checklist and how much of it is done.', schema: checklistAnswer } },
      refusals: { 403: 'A super admin who is not a member has no checklist.' },
      handle: ({ ctx, scope }) => memberChecklist(ctx, scope),
    }),
    route({
      method: 'get',
      path: '/users/recent',
      operationId: 'listRecentMembers',
      summary: 'The five newest members',
      responses: { 200: { description: 'Newest first.', schema: recentMembersAnswer } },
      refusals: ADMINS_ONLY,
      authorize: 'workspace.members.read',
      handle: async ({ ctx, scope }) => {
        return {
          users: (await listMemberChoices(ctx, scope, { activeOnly: false, orderBy: 'newest', limit: 5 })).map(
            presentRecentMember,
          ),
        };
      },
    }),
  ],
);
