import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import button from '../../ui/Button.module.css';
import styles from './LinkButton.module.css';

/**
 * A call to action that leaves for another page (`to`) or a section of this one (`href`), drawn as a
 * button. The kit's Button is a `<button>`; these are links, so they stay links.
 */
export function LinkButton({
  to,
  href,
  variant = 'primary',
  large = false,
  block = false,
  children,
}: {
  to?: string;
  href?: string;
  variant?: 'primary' | 'secondary' | 'inverse';
  large?: boolean;
  block?: boolean;
  children: ReactNode;
}) {
  const className = clsx(
    button.button,
    variant === 'inverse' ? styles.inverse : button[variant],
    large && styles.large,
    block && styles.block,
  );
  return to === undefined ? (
    <a className={className} href={href}>
      {children}
    </a>
  ) : (
    <Link className={className} to={to}>
      {children}
    </Link>
  );
}
