import clsx from 'clsx';
import { useId } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import styles from './Field.module.css';

export type ControlSize = 'sm' | 'md';

/** What a labelled field says under its control: an error replaces the help while there is one. */
interface FieldMessages {
  help?: ReactNode;
  error?: string | null;
}

function messageId(id: string, { help, error }: FieldMessages): string | undefined {
  if (error) return `${id}-error`;
  return help ? `${id}-help` : undefined;
}

function FieldMessage({ id, help, error }: FieldMessages & { id: string }) {
  if (error) {
    return (
      <p className={styles.error} id={`${id}-error`}>
        {error}
      </p>
    );
  }
  if (!help) return null;
  return (
    <p className={styles.help} id={`${id}-help`}>
      {help}
    </p>
  );
}

/** A label above its control and the message below; the fields use it, and so does a control the kit does not draw itself (ColorField). */
export function FieldFrame({
  id,
  label,
  children,
  ...messages
}: FieldMessages & { id: string; label: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children}
      <FieldMessage id={id} {...messages} />
    </div>
  );
}

/** The `id`, `aria-invalid` and `aria-describedby` that tie a control to its label and message. */
export function fieldControlAttributes(id: string, messages: FieldMessages) {
  return { id, 'aria-invalid': messages.error ? true : undefined, 'aria-describedby': messageId(id, messages) };
}

export interface InputProps extends Omit<ComponentProps<'input'>, 'size'> {
  size?: ControlSize;
}

/** A bare styled text input, for toolbars and table cells; a form uses TextField, which labels it. */
export function Input({ size = 'md', className, ...input }: InputProps) {
  return <input className={clsx(styles.input, size === 'sm' && styles.sm, className)} {...input} />;
}

export interface SelectProps extends Omit<ComponentProps<'select'>, 'size'> {
  size?: ControlSize;
}

/** A bare styled select, for toolbars and table cells; a form uses SelectField, which labels it. */
export function Select({ size = 'md', className, ...select }: SelectProps) {
  return <select className={clsx(styles.input, styles.select, size === 'sm' && styles.sm, className)} {...select} />;
}

export interface TextFieldProps extends Omit<InputProps, 'id'>, FieldMessages {
  label: string;
}

/** A labelled input with its help or error below; takes a `ref`, so react-hook-form's `register()` spreads onto it. */
export function TextField({ label, help, error, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} help={help} error={error}>
      <Input {...fieldControlAttributes(id, { help, error })} {...input} />
    </FieldFrame>
  );
}

export interface SelectFieldProps extends Omit<SelectProps, 'id'>, FieldMessages {
  label: string;
}

export function SelectField({ label, help, error, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} help={help} error={error}>
      <Select {...fieldControlAttributes(id, { help, error })} {...select} />
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'>, FieldMessages {
  label: string;
}

export function TextAreaField({ label, help, error, className, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} help={help} error={error}>
      <textarea
        className={clsx(styles.input, className)}
        {...fieldControlAttributes(id, { help, error })}
        {...textarea}
      />
    </FieldFrame>
  );
}

export interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'type'>, FieldMessages {
  label: ReactNode;
}

/** A checkbox with its label beside it, and its help or error below. */
export function CheckboxField({ label, help, error, className, ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={clsx(styles.field, className)}>
      <label className={styles.checkbox}>
        <input type="checkbox" {...fieldControlAttributes(id, { help, error })} {...input} />
        {label}
      </label>
      <FieldMessage id={id} help={help} error={error} />
    </div>
  );
}
