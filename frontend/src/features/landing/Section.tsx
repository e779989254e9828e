import clsx from 'clsx';
import { useId, type ReactNode } from 'react';
import styles from './Section.module.css';

/** One band of the landing page: its heading and a line under it, then its content. */
export function Section({
  id,
  title,
  intro,
  ruled = false,
  children,
}: {
  id?: string;
  title: string;
  intro: ReactNode;
  /** A line above, to part it from the band before on the same surface. */
  ruled?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section id={id} className={clsx(styles.section, ruled && styles.ruled)} aria-labelledby={titleId}>
      <div className={styles.head}>
        <h2 id={titleId}>{title}</h2>
        <p>{intro}</p>
      </div>
      {children}
    </section>
  );
}
