import clsx from 'clsx';
import type { ComponentProps, ReactNode } from 'react';
import styles from './Form.module.css';

/** A form laid out as a column of fields with even gaps. */
export function Form({ className, ...form }: ComponentProps<'form'>) {
  return <form className={clsx(styles.form, className)} {...form} />;
}

/** The buttons closing a form, at its end; `split` puts the first apart on the left (Back … Continue). */
export function FormActions({ children, split = false }: { children: ReactNode; split?: boolean }) {
  return <div className={clsx(styles.actions, split && styles.split)}>{children}</div>;
}

/** Fields side by side, two or three a row, one a row on a phone. */
export function FormGrid({ children, columns = 2 }: { children: ReactNode; columns?: 2 | 3 }) {
  return <div className={clsx(styles.grid, columns === 3 && styles.columns3)}>{children}</div>;
}
