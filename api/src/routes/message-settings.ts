import {
  MESSAGE_SETTINGS_MESSAGES,
  messageEmailAnswer,
  messageEmailBody,
  messageRetentionAnswer,
  messageRetentionBody,
} from '@portico/common';
import {
  messageEmailSetting,
  messageRetentionOf,
  updateMessageEmailSetting,
  updateMessageRetention,
} from '@portico/core';
import { defineRoutes } from '../http/route';
import { THREADS_TAG } from './threads';

/* Email when away and retention of messages (issue 32): a member's own email setting, the workspace's retention. */

const M = MESSAGE_SETTINGS_MESSAGES;

export const messageSettingsRoutes = defineRoutes('workspace', THREADS_TAG, (route) => [
  route({
    method: 'get',
    path: '/message-email',
    operationId: 'getMessageEmail',
    summary: 'Read how the caller hears of unread messages',
    description:
      'Per workspace: `immediately` (5 minutes after a message the caller has not read), an `hourly` or `daily` digest (windows close on the hour and at midnight UTC), or `never`. Without a choice the team gets hourly digests, clients immediate emails.',
    responses: { 200: { description: 'The setting in force.', schema: messageEmailAnswer } },
    refusals: { 403: M.notMember },
    handle: async ({ ctx, scope }) => messageEmailSetting(ctx, scope),
  }),
  route({
    method: 'put',
    path: '/message-email',
    operationId: 'updateMessageEmail',
    summary: 'Choose how the caller hears of unread messages',
    body: messageEmailBody,
    responses: { 200: { description: 'The setting in force.', schema: messageEmailAnswer } },
    refusals: { 400: M.emailSetting, 403: M.notMember },
    handle: async ({ ctx, scope, body }) => updateMessageEmailSetting(ctx, scope, body.message_email),
  }),
  route({
    method: 'get',
    path: '/message-retention',
    operationId: 'getMessageRetention',
    summary: 'Read how long the workspace keeps its messages',
    responses: { 200: { description: 'The retention; `days` null keeps messages.', schema: messageRetentionAnswer } },
    handle: async ({ scope }) => messageRetentionOf(scope.tenant),
  }),
  route({
    method: 'put',
    path: '/message-retention',
    operationId: 'updateMessageRetention',
    summary: 'Choose how long the workspace keeps its messages',
    description:
      'Messages older than `days` (7 at least) are deleted every night, with their attachments when `remove_files`; `days` null keeps them.',
    body: messageRetentionBody,
    responses: { 200: { description: 'The saved retention.', schema: messageRetentionAnswer } },
    refusals: {
      400: [M.retentionDays, M.removesFiles].join(' / '),
      403: 'Only workspace admins can change workspace settings.',
    },
    authorize: 'workspace.update',
    handle: async ({ ctx, scope, body }) => updateMessageRetention(ctx, scope, body),
  }),
]);
