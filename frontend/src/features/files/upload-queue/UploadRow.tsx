import clsx from 'clsx';
import { Check } from 'lucide-react';
import type { CSSProperties } from 'react';
import { Button } from '../../../ui/Button';
import { formatBytes } from '../../../ui/format';
import type { UploadStatus } from './use-upload-queue';
import styles from './UploadQueue.module.css';

/** A chosen file not yet sent (`ready`), or one in the queue. */
export type UploadRowStatus = UploadStatus | 'ready';

export interface UploadRowProps {
  /** The file's name, or its path inside a dropped folder. */
  name: string;
  size: number;
  status: UploadRowStatus;
  /** From 0 to 1, while it is sent. */
  progress?: number;
  /** The server's sentence when it refused the file. */
  error?: string | null;
  onCancel?: () => void;
  onRetry?: () => void;
  onRemove?: () => void;
}

const STATUS_TEXT: Record<Exclude<UploadRowStatus, 'uploading' | 'failed'>, string> = {
  ready: 'Ready',
  waiting: 'Waiting',
  done: 'Uploaded',
  cancelled: 'Cancelled',
};

/** One file of an upload: its name and size, its progress or how it ended, and what can be done with it now. */
export function UploadRow({ name, size, status, progress = 0, error, onCancel, onRetry, onRemove }: UploadRowProps) {
  const percent = Math.round(progress * 100);
  const sending = status === 'waiting' || status === 'uploading';
  // Cancel and Retry share one button, so focus stays on it when a cancelled file becomes retryable.
  const action =
    sending && onCancel
      ? { label: 'Cancel', run: onCancel, variant: 'ghost' as const }
      : (status === 'failed' || status === 'cancelled') && onRetry
        ? { label: 'Retry', run: onRetry, variant: 'secondary' as const }
        : null;
  return (
    <li className={clsx(styles.row, status === 'failed' && styles.failed)}>
      <span className={styles.name}>{name}</span>
      <span className={styles.size}>{formatBytes(size)}</span>
      <div className={styles.state}>
        {status === 'uploading' ? (
          <>
            <div
              className={styles.bar}
              role="progressbar"
              aria-label={`Uploading ${name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              style={{ '--progress': `${percent}%` } as CSSProperties}
            />
            <span className={styles.percent}>{percent}%</span>
          </>
        ) : status === 'failed' ? (
          <span className={styles.error}>{error ?? 'Upload failed'}</span>
        ) : (
          <span className={clsx(styles.status, status === 'done' && styles.done)}>
            {status === 'done' && <Check size={14} aria-hidden />}
            {STATUS_TEXT[status]}
          </span>
        )}
      </div>
      <div className={styles.actions}>
        {action && (
          <Button variant={action.variant} size="sm" aria-label={`${action.label} ${name}`} onClick={action.run}>
            {action.label}
          </Button>
        )}
        {!sending && onRemove && (
          <Button variant="ghost" size="sm" aria-label={`Remove ${name}`} onClick={onRemove}>
            Remove
          </Button>
        )}
      </div>
    </li>
  );
}
