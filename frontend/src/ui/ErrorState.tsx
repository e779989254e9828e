import clsx from 'clsx';
import { RotateCw, TriangleAlert } from 'lucide-react';
import { Button } from './Button';
import styles from './State.module.css';

export function ErrorState({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <div className={clsx(styles.state, styles.error)} role="alert">
      <TriangleAlert size={20} aria-hidden />
      <p>{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying}>
        {!retrying && <RotateCw size={14} aria-hidden />}
        Retry
      </Button>
    </div>
  );
}
