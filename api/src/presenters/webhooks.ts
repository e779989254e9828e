import type { Delivery, DeliveryAttempt, Webhook as WebhookAnswer } from '@portico/common';
import type { LastDelivery, Webhook, WebhookAttempt, WebhookDelivery } from '@portico/core';

/** A webhook as it leaves the server: never its secret (the create answer adds it once). */
export function presentWebhook(webhook: Webhook, lastDelivery: LastDelivery | null = null): WebhookAnswer {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    enabled: webhook.enabled,
    disabled_reason: webhook.disabled_reason ?? null,
    consecutive_failures: webhook.consecutive_failures,
    created_at: webhook.created_at.toISOString(),
    updated_at: webhook.updated_at.toISOString(),
    last_delivery: lastDelivery && { ...lastDelivery, at: lastDelivery.at.toISOString() },
  };
}

export function presentAttempt(attempt: WebhookAttempt): DeliveryAttempt {
  return {
    attempt: attempt.attempt,
    status_code: attempt.status_code,
    duration_ms: attempt.duration_ms,
    response_excerpt: attempt.response_excerpt,
    error: attempt.error,
    created_at: attempt.created_at.toISOString(),
  };
}

export function presentDelivery(delivery: WebhookDelivery, attempts: readonly WebhookAttempt[] = []): Delivery {
  return {
    id: delivery.id,
    event_type: delivery.event_type,
    message_id: delivery.message_id,
    status: delivery.status,
    attempts: delivery.attempts,
    last_status_code: delivery.last_status_code ?? null,
    last_error: delivery.last_error ?? null,
    replay_of: delivery.replay_of ?? null,
    created_at: delivery.created_at.toISOString(),
    completed_at: delivery.completed_at?.toISOString() ?? null,
    attempt_log: attempts.map(presentAttempt),
  };
}
