import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import styles from './State.module.css';

export function EmptyState({
  icon: Icon,
  message,
  children,
}: {
  icon: LucideIcon;
  message: string;
  children?: ReactNode;
}) {
  return (
    <div className={styles.state}>
      <Icon size={22} aria-hidden />
      <p>{message}</p>
      {children}
    </div>
  );
}
