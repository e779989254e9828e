import clsx from 'clsx';
import type { HTMLAttributes, ReactNode } from 'react';
import styles from './Page.module.css';

export interface PageProps extends Omit<HTMLAttributes<HTMLDivElement>, 'className' | 'children'> {
  children: ReactNode;
  width?: 'narrow' | 'default' | 'wide';
}

/** A page's column inside its shell: centred, at most `width` wide, its blocks evenly spaced. */
export function Page({ children, width = 'default', ...rest }: PageProps) {
  return (
    <div className={clsx(styles.page, width !== 'default' && styles[width])} {...rest}>
      {children}
    </div>
  );
}
