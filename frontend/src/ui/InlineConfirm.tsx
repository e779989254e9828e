import type { KeyboardEvent } from 'react';
import { Button } from './Button';
import styles from './InlineConfirm.module.css';

/** The class of the row (or list item) while it asks its question: tinted as a warning. */
export const confirmingRowClassName = styles.confirmingRow;

interface InlineConfirmProps {
  question: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Revoke this key? Confirm Cancel" in place of a row's actions; Cancel takes focus, Escape cancels. */
export function InlineConfirm({ question, busy, onConfirm, onCancel }: InlineConfirmProps) {
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || busy) return;
    event.preventDefault();
    onCancel();
  }
  return (
    <div className={styles.confirm} role="group" aria-label={question} onKeyDown={onKeyDown}>
      <span className={styles.question}>{question}</span>
      <Button variant="danger" size="sm" loading={busy} onClick={onConfirm}>
        Confirm
      </Button>
      <Button variant="secondary" size="sm" disabled={busy} onClick={onCancel} autoFocus>
        Cancel
      </Button>
    </div>
  );
}
