import clsx from 'clsx';
import type { LucideIcon } from 'lucide-react';
import { CircleAlert, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './Banner.module.css';

export type BannerTone = 'error' | 'info';

const ICONS = { error: CircleAlert, info: Info } as const;

interface BannerProps {
  tone: BannerTone;
  /** Instead of the tone's own icon. */
  icon?: LucideIcon;
  /** What to do about it (a link or a button), after the sentence. */
  action?: ReactNode;
  children: ReactNode;
}

/**
 * A strip across the top of a shell's pages about the whole workspace (its billing, its held mail):
 * an icon, the sentence and what to do. An error is an alert; anything else a status.
 */
export function Banner({ tone, icon, action, children }: BannerProps) {
  const Icon = icon ?? ICONS[tone];
  return (
    <div className={clsx(styles.banner, styles[tone])} role={tone === 'error' ? 'alert' : 'status'}>
      <Icon size={16} aria-hidden />
      <span className={styles.message}>{children}</span>
      {action}
    </div>
  );
}
