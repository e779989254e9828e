import { useId } from 'react';
import type { ReactNode } from 'react';
import clsx from 'clsx';
import { Card, CardHeader } from '../../../ui/Card';
import styles from './BuilderSection.module.css';

type Heading =
  | { title: string; description: ReactNode; label?: never }
  /** A section without a visible title is named for assistive technology only. */
  | { label: string; title?: never; description?: never };

type Props = Heading & {
  /** Styles the body's own layout (a grid of theme controls). */
  bodyClassName?: string;
  /** The body; false leaves the section a header only (e.g. logic before there are two questions). */
  children: ReactNode;
};

/** One card of the builder's left column: a named region with its controls below the title. */
export function BuilderSection({ title, description, label, bodyClassName, children }: Props) {
  const headingId = useId();
  return (
    <Card aria-labelledby={title ? headingId : undefined} aria-label={label}>
      {title && <CardHeader id={headingId} title={title} description={description} />}
      {children && <div className={clsx(styles.body, bodyClassName)}>{children}</div>}
    </Card>
  );
}
