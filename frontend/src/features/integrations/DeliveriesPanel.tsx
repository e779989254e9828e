import clsx from 'clsx';
import { Fragment, useState } from 'react';
import { ChevronDown, ChevronRight, History, RefreshCw, RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import { useDeliveries, useReplayDelivery } from './api';
import type { Delivery } from './api';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { HiddenColumnHeader } from '../../ui/HiddenColumnHeader';
import { errorMessage } from '../../lib/api/http';
import { IntegrationList } from './IntegrationList';
import { DELIVERY_STATUS, formatDateTime, INTEGRATION_MESSAGES } from './integration-text';
import styles from './DeliveriesPanel.module.css';
// A delivery opens onto a second row with its attempts, which DataTable does not draw: the table is
// written here, in the kit's table styles.
import table from '../../ui/DataTable.module.css';
import text from './text.module.css';

const COLUMNS = 6;

function AttemptLog({
  delivery,
  onReplay,
  replaying,
}: {
  delivery: Delivery;
  onReplay: () => void;
  replaying: boolean;
}) {
  return (
    <div className={styles.detail}>
      <dl className={styles.facts}>
        <div>
          <dt>Message id</dt>
          <dd className={text.mono}>{delivery.message_id}</dd>
        </div>
        {delivery.completed_at && (
          <div>
            <dt>Completed</dt>
            <dd>{formatDateTime(delivery.completed_at)}</dd>
          </div>
        )}
        {delivery.replay_of && (
          <div>
            <dt>Replay of</dt>
            <dd className={text.mono}>{delivery.replay_of}</dd>
          </div>
        )}
      </dl>
      {delivery.attempt_log.length === 0 ? (
        <p className={text.muted}>
          {delivery.status === 'pending' ? 'Waiting for the first attempt…' : 'No attempts were logged.'}
        </p>
      ) : (
        <ol className={styles.attempts} aria-label="Attempts">
          {delivery.attempt_log.map((attempt) => (
            <li key={attempt.attempt} className={styles.attempt}>
              <p className={styles.attemptHead}>
                <strong>Attempt {attempt.attempt}</strong>
                <span>{attempt.status_code === null ? 'No response' : `Status ${attempt.status_code}`}</span>
                <span>{attempt.duration_ms.toLocaleString()} ms</span>
                <span className={text.muted}>{formatDateTime(attempt.created_at)}</span>
              </p>
              {attempt.error && <p className={styles.error}>{attempt.error}</p>}
              {attempt.response_excerpt && (
                <pre className={text.codeBlock} tabIndex={0} aria-label={`Response to attempt ${attempt.attempt}`}>
                  {attempt.response_excerpt}
                </pre>
              )}
            </li>
          ))}
        </ol>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" size="sm" onClick={onReplay} loading={replaying}>
          {!replaying && <RotateCcw size={14} aria-hidden />}
          Replay
        </Button>
      </div>
    </div>
  );
}

/** One webhook's newest deliveries; polls every 2 s while one is pending. Each expands to its attempt log and Replay. */
export function DeliveriesPanel({ tenantId, webhookId, id }: { tenantId: string; webhookId: string; id: string }) {
  const deliveries = useDeliveries(tenantId, webhookId, true);
  const replay = useReplayDelivery(tenantId);
  const [open, setOpen] = useState<string | null>(null);
  const pending = deliveries.data?.some((d) => d.status === 'pending') ?? false;

  function replayDelivery(delivery: Delivery) {
    replay.mutate(
      { webhookId, deliveryId: delivery.id },
      {
        onSuccess: () => toast.success(INTEGRATION_MESSAGES.replayQueued),
        onError: (err) => toast.error(errorMessage(err, 'Replay failed')),
      },
    );
  }

  return (
    <div className={styles.deliveries} id={id}>
      <div className={styles.head}>
        <h3 className={styles.title}>Recent deliveries</h3>
        <span className={clsx(text.muted, styles.status)} role="status">
          {pending ? 'Checking for results every 2 seconds…' : ''}
        </span>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void deliveries.refetch()}
          loading={deliveries.isFetching && !deliveries.isPending}
          aria-label="Refresh deliveries"
        >
          {!(deliveries.isFetching && !deliveries.isPending) && <RefreshCw size={14} aria-hidden />}
          Refresh
        </Button>
      </div>
      <IntegrationList
        query={deliveries}
        name="deliveries"
        placeholderHeight={32}
        empty={{ icon: History, message: 'No deliveries yet. Press Test to send a ping.' }}
      >
        {(items) => (
          <div className={table.wrap}>
            <table className={table.table}>
              <caption className="sr-only">Recent deliveries</caption>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Status</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Last code</th>
                  <th scope="col">Time</th>
                  <HiddenColumnHeader label="Details" />
                </tr>
              </thead>
              <tbody>
                {items.map((delivery) => {
                  const expanded = open === delivery.id;
                  const status = DELIVERY_STATUS[delivery.status];
                  const detailId = `${id}-${delivery.id}`;
                  return (
                    <Fragment key={delivery.id}>
                      <tr className={expanded ? styles.open : undefined}>
                        <td className={text.mono}>
                          {delivery.event_type}
                          {delivery.replay_of && <span className={styles.tag}>replay</span>}
                        </td>
                        <td>
                          <Badge tone={status.tone}>{status.label}</Badge>
                        </td>
                        <td className={table.numeric}>{delivery.attempts}</td>
                        <td className={table.numeric}>{delivery.last_status_code ?? '—'}</td>
                        <td>{formatDateTime(delivery.created_at)}</td>
                        <td className={table.actions}>
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-expanded={expanded}
                            aria-controls={expanded ? detailId : undefined}
                            aria-label={`Attempts of ${delivery.event_type} from ${formatDateTime(delivery.created_at)}`}
                            onClick={() => setOpen(expanded ? null : delivery.id)}
                          >
                            {expanded ? <ChevronDown size={14} aria-hidden /> : <ChevronRight size={14} aria-hidden />}
                            Attempts
                          </Button>
                        </td>
                      </tr>
                      {expanded && (
                        <tr className={styles.detailRow}>
                          <td colSpan={COLUMNS} id={detailId}>
                            {delivery.last_error && <p className={styles.error}>{delivery.last_error}</p>}
                            <AttemptLog
                              delivery={delivery}
                              onReplay={() => replayDelivery(delivery)}
                              replaying={replay.isPending && replay.variables?.deliveryId === delivery.id}
                            />
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </IntegrationList>
    </div>
  );
}
