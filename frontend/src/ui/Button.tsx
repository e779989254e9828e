import clsx from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes, Ref } from 'react';
import { Spinner } from './Spinner';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';
export type ButtonSize = 'sm' | 'md';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Takes the whole width of its container (a form's only action on a narrow card). */
  block?: boolean;
  /** Shows a spinner inside the button and disables it while work is in flight. */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** The classes of a button, for the few places that must look like one without being one (a router `Link`). */
export function buttonClassName({
  variant = 'primary',
  size = 'md',
  block = false,
}: Pick<ButtonProps, 'variant' | 'size' | 'block'> = {}): string {
  return clsx(styles.button, styles[variant], size === 'sm' && styles.sm, block && styles.block);
}

export function Button({
  variant,
  size,
  block,
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={clsx(buttonClassName({ variant, size, block }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'aria-label'> {
  /** The button's accessible name (and its tooltip): an icon alone says nothing to a screen reader. */
  label: string;
  icon: LucideIcon;
  size?: ButtonSize;
  ref?: Ref<HTMLButtonElement>;
}

/** A square button showing only an icon; `label` names it. */
export function IconButton({ label, icon: Icon, size = 'md', className, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      className={clsx(styles.iconButton, size === 'sm' && styles.sm, className)}
      aria-label={label}
      title={label}
      {...rest}
    >
      <Icon size={size === 'sm' ? 16 : 18} aria-hidden />
    </button>
  );
}
