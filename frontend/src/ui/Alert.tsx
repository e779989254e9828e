import clsx from 'clsx';
import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import styles from './Alert.module.css';

export type AlertTone = 'success' | 'error' | 'info';

const ICONS = { success: CircleCheck, error: CircleAlert, info: Info } as const;

export function Alert({ tone, children }: { tone: AlertTone; children: ReactNode }) {
  const Icon = ICONS[tone];
  return (
    <div className={clsx(styles.alert, styles[tone])} role={tone === 'error' ? 'alert' : 'status'}>
      <Icon className={styles.icon} size={18} aria-hidden />
      <div>{children}</div>
    </div>
  );
}
