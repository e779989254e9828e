import clsx from 'clsx';
import type { ReactNode } from 'react';
import type { RoleColor } from '@portico/common';
import styles from './Badge.module.css';

export type BadgeTone = RoleColor;

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={clsx(styles.badge, styles[tone])}>{children}</span>;
}
