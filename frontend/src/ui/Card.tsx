import clsx from 'clsx';
import type { HTMLAttributes, ReactNode } from 'react';
import styles from './Card.module.css';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'className' | 'children'> {
  children: ReactNode;
  className?: string;
  as?: 'section' | 'div' | 'article';
}

/** A bordered surface holding one subject of a page; name it (`aria-labelledby` its header's title) when it is a section. */
export function Card({ children, className, as: Element = 'section', ...rest }: CardProps) {
  return (
    <Element className={clsx(styles.card, className)} {...rest}>
      {children}
    </Element>
  );
}

export interface CardHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links at the header's right. */
  actions?: ReactNode;
  level?: 2 | 3;
  /** The title's id, for the card's `aria-labelledby`. */
  id?: string;
}

/** A card's heading, in its header or beside its body (SettingsSection). */
export function CardTitle({ children, level = 2, id }: { children: ReactNode; level?: 2 | 3; id?: string }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <Heading className={styles.title} id={id}>
      {children}
    </Heading>
  );
}

export function CardDescription({ children }: { children: ReactNode }) {
  return <p className={styles.description}>{children}</p>;
}

export function CardHeader({ title, description, actions, level = 2, id }: CardHeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.heading}>
        <CardTitle level={level} id={id}>
          {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </header>
  );
}
