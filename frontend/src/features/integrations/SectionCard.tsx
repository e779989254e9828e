import { useId } from 'react';
import type { ReactNode } from 'react';

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
    <section className="card integrations-section" aria-labelledby={id}>
      <header className="card-header integrations-section-header">
        <div>
          <h2 className="card-title" id={id}>
            {title}
          </h2>
          <p className="card-description">{description}</p>
        </div>
        {actions}
      </header>
      <div className="integrations-section-body">{children}</div>
    </section>
  );
}
