import type { LucideIcon } from 'lucide-react';
import type { HTMLAttributes, ReactNode } from 'react';
import { Card } from './Card';
import styles from './Stat.module.css';

/** Figure cards side by side, as many a row as fit. */
export function StatGrid({ children, ...rest }: HTMLAttributes<HTMLDivElement> & { children: ReactNode }) {
  return (
    <div className={styles.grid} {...rest}>
      {children}
    </div>
  );
}

export interface StatCardProps {
  label: string;
  value: ReactNode;
  /** A line under the figure: its period, or what it is compared with. */
  hint?: ReactNode;
  icon?: LucideIcon;
}

/** One figure with its label; a section named by the label, so a screen reader can jump between figures. */
export function StatCard({ label, value, hint, icon: Icon }: StatCardProps) {
  return (
    <Card className={styles.card} aria-label={label}>
      <p className={styles.label}>
        {Icon && <Icon size={16} aria-hidden />}
        {label}
      </p>
      <p className={styles.value}>{value}</p>
      {hint && <p className={styles.hint}>{hint}</p>}
    </Card>
  );
}
