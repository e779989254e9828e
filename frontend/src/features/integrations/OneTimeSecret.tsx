import { useEffect, useEffectEvent, useId, useState } from 'react';
import { Check, Copy, X } from 'lucide-react';
import { toast } from 'sonner';
import { Button, IconButton } from '../../ui/Button';
import { Input } from '../../ui/Field';
import { countdownText, INTEGRATION_MESSAGES, SECRET_DISPLAY_MS, secondsLeft } from './integration-text';
import styles from './OneTimeSecret.module.css';

interface OneTimeSecretProps {
  title: string;
  /** Accessible name of the value, e.g. "New API key". */
  label: string;
  value: string;
  note: string;
  onDismiss: () => void;
}

/**
 * A key or signing secret the server sends once: shown for 30 s or until dismissed, with Copy.
 * "Keep visible" stops the countdown for people who need longer (WCAG 2.2.1 Timing Adjustable).
 * Render it with `key={value}` so a new secret starts a new countdown.
 */
export function OneTimeSecret({ title, label, value, note, onDismiss }: OneTimeSecretProps) {
  const titleId = useId();
  const [left, setLeft] = useState(() => SECRET_DISPLAY_MS / 1000);
  const [kept, setKept] = useState(false);
  const [copied, setCopied] = useState(false);
  const expire = useEffectEvent(onDismiss);

  useEffect(() => {
    if (kept) return;
    const shownAt = Date.now();
    const timer = setInterval(() => {
      const seconds = secondsLeft(shownAt, Date.now());
      setLeft(seconds);
      if (seconds === 0) expire();
    }, 250);
    return () => clearInterval(timer);
  }, [kept]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success(INTEGRATION_MESSAGES.copied);
    } catch {
      toast.error(INTEGRATION_MESSAGES.copyFailed);
    }
  }

  return (
    <section className={styles.secret} aria-labelledby={titleId}>
      <div className={styles.head}>
        <p className={styles.title} id={titleId}>
          {title}
        </p>
        <IconButton label="Dismiss" icon={X} size="sm" onClick={onDismiss} />
      </div>
      <p className={styles.note}>{note}</p>
      <div className={styles.valueRow}>
        <Input
          className={styles.value}
          readOnly
          value={value}
          aria-label={label}
          onFocus={(e) => e.target.select()}
          spellCheck={false}
        />
        <Button variant="secondary" onClick={() => void copy()} autoFocus>
          {copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
          {copied ? INTEGRATION_MESSAGES.copied : 'Copy'}
        </Button>
      </div>
      <div className={styles.foot}>
        <span className={styles.countdown}>{kept ? 'Shown until you dismiss it.' : countdownText(left)}</span>
        {!kept && (
          <Button variant="ghost" size="sm" onClick={() => setKept(true)}>
            Keep visible
          </Button>
        )}
        <Button variant="secondary" size="sm" onClick={onDismiss}>
          Done
        </Button>
      </div>
    </section>
  );
}
