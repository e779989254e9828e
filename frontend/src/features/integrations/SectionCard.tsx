import clsx from 'clsx';
import { useId } from 'react';
import type { ReactNode } from 'react';
import styles from './SectionCard.module.css';

interface SectionCardProps {
  title: string;
  description: string;
  /** Extra controls at the right of the header. */
  actions?: ReactNode;
  children: ReactNode;
}

/** One section of the Integrations page: a card with its heading. */
export function SectionCard({ title, description, actions, children }: SectionCardProps) {
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <header className={clsx('card-header', styles.header)}>
        <div>
          <h2 className="card-title" id={id}>
            {title}
          </h2>
          <p className="card-description">{description}</p>
        </div>
        {actions}
      </header>
      <div className={styles.body}>{children}</div>
    </section>
  );
}
