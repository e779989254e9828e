import { forbidden, isInternalAddress, recordAlertmanagerAlerts } from '@portico/core';
import { z } from 'zod';
import { defineRoutes } from '../http/route';

const ONLY_ALERTMANAGER = 'Only the stack’s Alertmanager, on a private network, may post alerts.';

const labels = z.record(z.string(), z.string());

/** Alertmanager's webhook payload (version 4), as its `webhook_config` sends it. */
const alertmanagerNotification = z.object({
  version: z.literal('4', { error: 'Only Alertmanager’s webhook payload version 4 is understood.' }),
  status: z.enum(['firing', 'resolved']),
  receiver: z.string(),
  groupKey: z.string(),
  groupLabels: labels,
  commonLabels: labels,
  commonAnnotations: labels,
  externalURL: z.string(),
  truncatedAlerts: z.number().int().min(0).optional(),
  alerts: z
    .array(
      z.object({
        status: z.enum(['firing', 'resolved']),
        labels,
        annotations: labels,
        startsAt: z.string(),
        endsAt: z.string(),
        generatorURL: z.string(),
        fingerprint: z.string().min(1).max(64),
      }),
    )
    .max(1000),
});

/** Prometheus's alerts, delivered by Alertmanager, for the console's Active Alerts. */
export const alertmanagerRoutes = defineRoutes(
  'public',
  { name: 'Alerts', description: 'Prometheus’s alerts, delivered by Alertmanager, for the console.' },
  (route) => [
    route({
      method: 'post',
      path: '/internal/alerts',
      operationId: 'receiveAlerts',
      summary: 'Alertmanager’s webhook: Prometheus’s alerts for the console',
      description:
        'From loopback and private networks only (the proxy answers 404 for `/api/internal/*` from outside). Firing alerts show in the console’s Active Alerts until Alertmanager sends them resolved (or, if it never does, for 3 hours after it last sent them).',
      body: alertmanagerNotification,
      responses: {
        200: {
          description: 'Recorded.',
          schema: z.object({ firing: z.number().int(), resolved: z.number().int() }),
        },
      },
      refusals: { 400: 'Not an Alertmanager webhook payload (version 4).', 403: ONLY_ALERTMANAGER },
      handle: async ({ ctx, req, body }) => {
        if (!isInternalAddress(req.ip)) throw forbidden(ONLY_ALERTMANAGER, 'not_internal');
        return recordAlertmanagerAlerts(ctx, body.alerts);
      },
    }),
  ],
);
