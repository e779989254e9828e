/**
 * What reaches other systems: the platform's integration switches and secrets, mail (its outbox, through
 * SMTP or SendGrid), webhooks and their deliveries, Slack, API keys. Uses tenancy, settings and the kernel.
 */
export * from './api-keys';
export * from './webhooks';
export * from './webhook-delivery';
export * from './webhook-signing';
export * from './tenant-integrations';
export * from './global-integrations';
export * from './global-integration-secrets';
export * from './mail';
export { loadDeliveriesToSend, type DeliveryToSend, type LastDelivery, type WebhookPayload } from './integrations-data';
