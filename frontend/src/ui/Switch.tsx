import clsx from 'clsx';
import type { ComponentProps } from 'react';
import styles from './Switch.module.css';

/**
 * An on/off switch: a checkbox drawn as a track and a knob. `label` names it where no visible label
 * does (a row's switch); otherwise give it an `id` and a `<label htmlFor>`.
 */
export function Switch({
  label,
  className,
  ...input
}: Omit<ComponentProps<'input'>, 'type' | 'role'> & { label?: string }) {
  return (
    <input type="checkbox" role="switch" aria-label={label} className={clsx(styles.switch, className)} {...input} />
  );
}
