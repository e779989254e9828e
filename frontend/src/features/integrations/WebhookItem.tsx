import clsx from 'clsx';
import { useId, useState } from 'react';
import { ChevronDown, ChevronRight, Send } from 'lucide-react';
import { toast } from 'sonner';
import { useDeleteWebhook, useTestWebhook, useUpdateWebhook } from './api';
import type { Webhook } from './api';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { CheckboxField } from '../../ui/Field';
import { errorMessage } from '../../lib/api/http';
import { DeliveriesPanel } from './DeliveriesPanel';
import { DELIVERY_STATUS, eventsLabel, formatDateTime, INTEGRATION_MESSAGES, webhookState } from './integration-text';
import { InlineConfirm } from '../../ui/InlineConfirm';
import { useInlineConfirm } from '../../ui/use-inline-confirm';
import styles from './WebhookItem.module.css';
import text from './text.module.css';

function LastDelivery({ last }: { last: Webhook['last_delivery'] }) {
  if (!last) return <span className={text.muted}>No deliveries yet</span>;
  const status = DELIVERY_STATUS[last.status];
  return (
    <span className={styles.last}>
      <Badge tone={status.tone}>{status.label}</Badge>
      {last.status_code !== null && <span className={text.mono}>{last.status_code}</span>}
      <span className={text.muted}>{formatDateTime(last.at)}</span>
    </span>
  );
}

/** One webhook: its state, enable switch, Test, deliveries, and Delete with the inline Confirm / Cancel. */
export function WebhookItem({ webhook, tenantId }: { webhook: Webhook; tenantId: string }) {
  const update = useUpdateWebhook(tenantId);
  const test = useTestWebhook(tenantId);
  const remove = useDeleteWebhook(tenantId);
  const { confirming, triggerRef, ask, cancel } = useInlineConfirm();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const panelId = useId();
  // While the switch is saving it shows the asked-for state from the click on (optimistic); a failure puts it back.
  const [askedEnabled, setAskedEnabled] = useState<boolean | null>(null);
  const enabled = askedEnabled ?? webhook.enabled;
  const state = webhookState(webhook);

  function toggle(enabled: boolean) {
    setAskedEnabled(enabled);
    update.mutate(
      { id: webhook.id, patch: { enabled } },
      {
        onSuccess: (saved) => toast.success(saved.enabled ? 'Webhook enabled' : 'Webhook disabled'),
        onError: (err) => toast.error(errorMessage(err, 'Update failed')),
        onSettled: () => setAskedEnabled(null),
      },
    );
  }

  function sendTest() {
    test.mutate(webhook.id, {
      onSuccess: () => {
        toast.success(INTEGRATION_MESSAGES.testSent);
        setShowDeliveries(true);
      },
      onError: (err) => toast.error(errorMessage(err, 'Test failed')),
    });
  }

  function confirmDelete() {
    remove.mutate(webhook.id, {
      onSuccess: () => toast.success(INTEGRATION_MESSAGES.webhookDeleted),
      onError: (err) => toast.error(errorMessage(err, 'Delete failed')),
    });
  }

  return (
    <li className={clsx(styles.item, confirming && styles.confirming)}>
      <div className={styles.main}>
        <div className={styles.summary}>
          <p className={styles.url}>{webhook.url}</p>
          <div className={styles.meta}>
            <Badge tone="blue">{eventsLabel(webhook.events)}</Badge>
            <Badge tone={state.tone}>{state.label}</Badge>
            <span className={styles.metaItem}>
              <span className={text.muted}>Last delivery:</span> <LastDelivery last={webhook.last_delivery} />
            </span>
          </div>
          {state.reason && <p className={styles.reason}>{state.reason}</p>}
        </div>
        {confirming ? (
          <InlineConfirm
            question="Delete this webhook?"
            busy={remove.isPending}
            onConfirm={confirmDelete}
            onCancel={cancel}
          />
        ) : (
          <div className={styles.actions}>
            <CheckboxField
              label="Enabled"
              role="switch"
              checked={enabled}
              disabled={update.isPending}
              onChange={(e) => toggle(e.target.checked)}
              aria-label={`Enabled: ${webhook.url}`}
            />
            <Button
              variant="secondary"
              size="sm"
              onClick={sendTest}
              loading={test.isPending}
              aria-label={`Test ${webhook.url}`}
            >
              {!test.isPending && <Send size={14} aria-hidden />}
              Test
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-expanded={showDeliveries}
              aria-controls={showDeliveries ? panelId : undefined}
              onClick={() => setShowDeliveries(!showDeliveries)}
              aria-label={`Deliveries of ${webhook.url}`}
            >
              {showDeliveries ? <ChevronDown size={14} aria-hidden /> : <ChevronRight size={14} aria-hidden />}
              Deliveries
            </Button>
            <Button
              ref={triggerRef}
              variant="ghost"
              size="sm"
              className={styles.delete}
              onClick={ask}
              aria-label={`Delete ${webhook.url}`}
            >
              Delete
            </Button>
          </div>
        )}
      </div>
      {showDeliveries && <DeliveriesPanel tenantId={tenantId} webhookId={webhook.id} id={panelId} />}
    </li>
  );
}
