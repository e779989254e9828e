import type { LucideIcon } from 'lucide-react';
import type { HTMLAttributes, ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { HiddenColumnHeader } from './HiddenColumnHeader';

/** One column: its header, and what each row shows in it. */
export interface Column<Row> {
  header: string;
  /** A column of controls: its header is for screen readers only. */
  hideHeader?: boolean;
  cell: (row: Row) => ReactNode;
  /** The cell's class (`cell-mono`, `cell-numeric`, `cell-actions`, …). */
  className?: string;
  /** The cell's tooltip, e.g. the whole value a short cell cuts. */
  title?: (row: Row) => string | null | undefined;
}

/** What a row carries besides its cells: test and script hooks such as `data-job-id`. */
type RowAttributes = HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;

/**
 * The tables of lists (the console's jobs, audit, announcements, rules, deliveries…): the same
 * markup, scroll wrapper and empty state everywhere, so a page says only its columns.
 */
export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  rowAttributes,
  empty,
}: {
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  rowAttributes?: (row: Row) => RowAttributes;
  empty: { icon: LucideIcon; message: string };
}) {
  if (rows.length === 0) return <EmptyState icon={empty.icon} message={empty.message} />;
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            {columns.map((column) =>
              column.hideHeader ? (
                <HiddenColumnHeader key={column.header} label={column.header} />
              ) : (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowAttributes?.(row)}>
              {columns.map((column) => (
                <td key={column.header} className={column.className} title={column.title?.(row) ?? undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
