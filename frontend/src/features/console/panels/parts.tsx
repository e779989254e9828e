import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card, CardHeader } from '../../../ui/Card';
import { DataTable, type DataTableProps } from '../../../ui/DataTable';
import { ErrorState } from '../../../ui/ErrorState';
import { Select } from '../../../ui/Field';
import { Skeleton } from '../../../ui/Skeleton';
import { StatCard } from '../../../ui/Stat';
import { errorMessage } from '../../../lib/api/http';
import { useLive } from '../../../lib/live/live-context';
import styles from './parts.module.css';

/** A figure card: the figure (a skeleton while loading, '—' when there is none yet) and a line under it. */
export function FigureCard({
  label,
  value,
  detail,
  loading = false,
}: {
  label: string;
  value: string | null;
  detail?: string;
  loading?: boolean;
}) {
  return (
    <StatCard
      label={label}
      hint={detail}
      value={
        <span data-testid={`stat-${label.toLowerCase().replace(/\W+/g, '-')}`}>
          {loading ? <Skeleton width={80} height={24} /> : (value ?? '—')}
        </span>
      }
    />
  );
}

/** A titled card: its header, then what the card holds. */
export function TitledCard({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const id = `card-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card aria-labelledby={id}>
      <CardHeader title={title} id={id} actions={actions} />
      {children}
    </Card>
  );
}

/**
 * A titled card whose body comes from one query: skeleton, error with Retry, then the content. A
 * `toolbar` (the list's search and filters) stays above whatever state the query is in.
 */
export function QueryCard<T>({
  title,
  query,
  failure,
  actions,
  toolbar,
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  failure: string;
  actions?: ReactNode;
  toolbar?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  return (
    <TitledCard title={title} actions={actions}>
      {toolbar}
      <QueryView query={query} failure={failure}>
        {children}
      </QueryView>
    </TitledCard>
  );
}

/** A titled card listing one query's rows in a table; the table takes every DataTable prop but the rows. */
export function QueryTableCard<Row>({
  title,
  query,
  failure,
  actions,
  toolbar,
  ...table
}: {
  title: string;
  query: UseQueryResult<readonly Row[]>;
  failure: string;
  actions?: ReactNode;
  toolbar?: ReactNode;
} & Omit<DataTableProps<Row>, 'rows'>) {
  return (
    <QueryCard title={title} query={query} failure={failure} actions={actions} toolbar={toolbar}>
      {(rows) => <DataTable rows={rows} {...table} />}
    </QueryCard>
  );
}

/** What one query gives: a skeleton `height` high while it loads, its error with Retry, then the content. */
export function QueryView<T>({
  query,
  failure,
  height = 180,
  children,
}: {
  query: UseQueryResult<T>;
  failure: string;
  height?: number;
  children: (data: T) => ReactNode;
}) {
  if (query.isError)
    return (
      <ErrorState
        message={errorMessage(query.error, failure)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (query.isPending) return <Skeleton height={height} />;
  return children(query.data);
}

/** What a card holds besides a table: a form, a list, figures, inset from the card's edge. */
export function CardBody({ children }: { children: ReactNode }) {
  return <div className={styles.body}>{children}</div>;
}

/** Cards side by side where the screen is wide enough, one under the other otherwise. */
export function CardGrid({ children }: { children: ReactNode }) {
  return <div className={styles.grid}>{children}</div>;
}

/** A list toolbar's filter: every value first (''), then each option as [value, text]. */
export function FilterSelect({
  label,
  value,
  onChange,
  all,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  all: string;
  options: ReadonlyArray<readonly [value: string, text: string]>;
}) {
  return (
    <Select aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{all}</option>
      {options.map(([optionValue, text]) => (
        <option key={optionValue} value={optionValue}>
          {text}
        </option>
      ))}
    </Select>
  );
}

/** Whether the page is updating live or polling. */
export function LiveNote() {
  const { connected } = useLive();
  return <span className={styles.liveNote}>{connected ? 'Updating live' : 'Refreshing every 30 s'}</span>;
}

/** A group of choices' name, set like a field's label. */
export function Legend({ children }: { children: ReactNode }) {
  return <legend className={styles.legend}>{children}</legend>;
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

/** Choices given as plain values, shown as they are. */
export const asOptions = (values: readonly string[]) => values.map((value) => [value, value] as const);

export const percent = (value: number | null | undefined, places = 2) =>
  value === null || value === undefined ? null : `${value.toFixed(places)}%`;

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
export const dateTime = (iso: string | null) => (iso ? DATE_TIME.format(new Date(iso)) : '—');
