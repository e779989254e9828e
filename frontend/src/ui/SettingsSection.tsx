import { useId } from 'react';
import type { ReactNode } from 'react';

interface SettingsSectionProps {
  title: string;
  description: string;
  /** Puts the intro above the body instead of beside it, for tables. */
  wide?: boolean;
  children: ReactNode;
}

export function SettingsSection({ title, description, wide, children }: SettingsSectionProps) {
  const id = useId();
  return (
    <section className={`card settings-section ${wide ? 'settings-section-wide' : ''}`} aria-labelledby={id}>
      <div className="settings-section-intro">
        <h2 className="card-title" id={id}>
          {title}
        </h2>
        <p className="card-description">{description}</p>
      </div>
      <div className="settings-section-body">{children}</div>
    </section>
  );
}
