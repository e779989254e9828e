import type { ReactNode } from 'react';
import styles from './Note.module.css';

/**
 * The builder's lines of text that belong to no single field: a hint under a list, or a problem
 * the shared schema found with a whole question, rule or list (the kit's fields show their own).
 */
export function Note({ error = false, children }: { error?: boolean; children: ReactNode }) {
  return <p className={error ? styles.error : styles.help}>{children}</p>;
}

/** A label the kit's fields cannot draw (a group's legend, or one with a visually hidden prefix), styled as theirs. */
export function FieldLabel({
  as: Element = 'p',
  id,
  htmlFor,
  children,
}: {
  as?: 'p' | 'legend' | 'label';
  id?: string;
  htmlFor?: string;
  children: ReactNode;
}) {
  return (
    <Element className={styles.label} id={id} htmlFor={htmlFor}>
      {children}
    </Element>
  );
}

/** A wrapping row of checkboxes or radios named by its legend; `hideLegend` keeps the name for assistive technology only. */
export function Choices({
  legend,
  hideLegend = false,
  children,
}: {
  legend: string;
  hideLegend?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset className={styles.choices}>
      {hideLegend ? <legend className="sr-only">{legend}</legend> : <FieldLabel as="legend">{legend}</FieldLabel>}
      {children}
    </fieldset>
  );
}
