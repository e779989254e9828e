import clsx from 'clsx';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { Card, CardDescription, CardTitle } from './Card';
import styles from './SettingsSection.module.css';

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
    <Card className={clsx(styles.section, wide && styles.wide)} aria-labelledby={id}>
      <div>
        <CardTitle id={id}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </div>
      <div>{children}</div>
    </Card>
  );
}
