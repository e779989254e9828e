import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState } from '../../../ui/ErrorState';
import { Skeleton } from '../../../ui/Skeleton';
import { errorMessage } from '../../../lib/api/http';
import { useLive } from '../../../lib/live/live-context';
import styles from './parts.module.css';

/** A figure card: its label, the figure (a skeleton while loading, '—' when there is none yet) and a line under it. */
export function StatCard({
  label,
  value,
  detail,
  loading,
}: {
  label: string;
  value: string | null;
  detail?: string;
  loading: boolean;
}) {
  return (
    <section className="stat-card" aria-label={label}>
      <p className="stat-label">{label}</p>
      <p className="stat-value" data-testid={`stat-${label.toLowerCase().replace(/\W+/g, '-')}`}>
        {loading ? <Skeleton width={80} height={24} /> : (value ?? '—')}
      </p>
      {detail && <p className="stat-detail">{detail}</p>}
    </section>
  );
}

/** A titled card whose body comes from one query: skeleton, error with Retry, then the content. */
export function QueryCard<T>({
  title,
  query,
  failure,
  actions,
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  failure: string;
  actions?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const id = `card-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="card" aria-labelledby={id}>
      <div className="card-header">
        <h2 className="card-title" id={id}>
          {title}
        </h2>
        {actions}
      </div>
      {query.isError ? (
        <ErrorState
          message={errorMessage(query.error, failure)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.isPending ? (
        <Skeleton height={180} />
      ) : (
        children(query.data)
      )}
    </section>
  );
}

/** Whether the page is updating live or polling. */
export function LiveNote() {
  const { connected } = useLive();
  return <span className={styles.liveNote}>{connected ? 'Updating live' : 'Refreshing every 30 s'}</span>;
}

/** Cards side by side where the screen is wide enough, one under the other otherwise. */
export function CardGrid({ children }: { children: ReactNode }) {
  return <div className={styles.grid}>{children}</div>;
}

/** A muted line under a value: a cell's second line, or a sentence where a list is empty. */
export function Note({ children, as: Tag = 'span' }: { children: ReactNode; as?: 'span' | 'p' }) {
  return <Tag className={styles.note}>{children}</Tag>;
}

/** A cell of two lines: its name in bold, and a muted note under it. */
export function TitledCell({ title, note }: { title: ReactNode; note?: ReactNode }) {
  return (
    <>
      <span className={styles.title}>{title}</span>
      {note && <Note>{note}</Note>}
    </>
  );
}

export const percent = (value: number | null | undefined, places = 2) =>
  value === null || value === undefined ? null : `${value.toFixed(places)}%`;

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
export const dateTime = (iso: string | null) => (iso ? DATE_TIME.format(new Date(iso)) : '—');
