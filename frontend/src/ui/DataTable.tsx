import clsx from 'clsx';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ArrowDown, ArrowUp, ArrowUpDown, Ellipsis } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useState } from 'react';
import type { HTMLAttributes, ReactNode } from 'react';
import { Button, IconButton } from './Button';
import { EmptyState } from './EmptyState';
import { HiddenColumnHeader } from './HiddenColumnHeader';
import styles from './DataTable.module.css';
import menu from './Menu.module.css';

/** One column: its header, and what each row shows in it. */
export interface Column<Row> {
  header: string;
  /** A column of controls: its header is for screen readers only. */
  hideHeader?: boolean;
  cell: (row: Row) => ReactNode;
  /** How the cells read: a name in medium weight, an id in monospace, figures aligned right, controls at the right. */
  variant?: 'strong' | 'mono' | 'numeric' | 'actions';
  /** A class of the page's own for the cells, when a variant does not say it. */
  className?: string;
  /** The cell's tooltip, e.g. the whole value a short cell cuts. */
  title?: (row: Row) => string | null | undefined;
  /** Makes the column sortable: its header becomes a button that sorts the rows by this value. */
  sortValue?: (row: Row) => string | number;
}

/** What a row's one button says and does (`buttonColumn`). */
export interface RowButton {
  text: string;
  /** The button's accessible name, which names the row ("Replay … delivery of …"). */
  label: string;
  onClick: () => void;
  loading?: boolean;
}

/** A column of one small secondary button per row (or none, where `button` gives null), its header read to screen readers only. */
export function buttonColumn<Row>(header: string, button: (row: Row) => RowButton | null): Column<Row> {
  return {
    header,
    hideHeader: true,
    variant: 'actions',
    cell: (row) => {
      const spec = button(row);
      return (
        spec && (
          <Button size="sm" variant="secondary" aria-label={spec.label} loading={spec.loading} onClick={spec.onClick}>
            {spec.text}
          </Button>
        )
      );
    },
  };
}

/** An entry of a row's menu. */
export interface RowAction {
  label: string;
  onSelect: () => void;
  danger?: boolean;
  disabled?: boolean;
}

/** What a row carries besides its cells: test and script hooks such as `data-job-id`. */
type RowAttributes = HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;

type SortDirection = 'ascending' | 'descending';

interface Sort {
  header: string;
  direction: SortDirection;
}

export interface DataTableProps<Row> {
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  rowAttributes?: (row: Row) => RowAttributes;
  /** What shows instead of the table when there are no rows; `action` is the next step ("Upload a file"). */
  empty: { icon: LucideIcon; message: string; action?: ReactNode };
  /** The table's name for screen readers. */
  caption?: string;
  /** The entries of each row's menu, opened from a button at the row's end. */
  rowActions?: (row: Row) => RowAction[];
  /** How a row is named in its menu button ("Actions for Ada Lovelace"); the row's key otherwise. */
  rowLabel?: (row: Row) => string;
  /** Shows the rows this many at a time, with Previous and Next below. */
  pageSize?: number;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compareValues(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

function sortRows<Row>(rows: readonly Row[], columns: readonly Column<Row>[], sort: Sort | null): readonly Row[] {
  const sortValue = columns.find((column) => column.header === sort?.header)?.sortValue;
  if (!sort || !sortValue) return rows;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compareValues(sortValue(a), sortValue(b)));
}

function ColumnHeader<Row>({
  column,
  sort,
  onSort,
}: {
  column: Column<Row>;
  sort: Sort | null;
  onSort: (header: string) => void;
}) {
  if (column.hideHeader) return <HiddenColumnHeader label={column.header} />;
  const variantClass = column.variant && styles[column.variant];
  if (!column.sortValue) {
    return (
      <th scope="col" className={variantClass}>
        {column.header}
      </th>
    );
  }
  const direction = sort?.header === column.header ? sort.direction : undefined;
  const Arrow = direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" className={clsx(variantClass, direction && styles.sorted)} aria-sort={direction}>
      <button type="button" className={styles.sortButton} onClick={() => onSort(column.header)}>
        {column.header}
        <Arrow size={12} aria-hidden />
      </button>
    </th>
  );
}

function RowMenu({ label, actions }: { label: string; actions: RowAction[] }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <IconButton label={label} icon={Ellipsis} size="sm" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={menu.menu} align="end" sideOffset={4}>
          {actions.map((action) => (
            <DropdownMenu.Item
              key={action.label}
              className={clsx(menu.item, action.danger && menu.danger)}
              disabled={action.disabled}
              onSelect={action.onSelect}
            >
              {action.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const first = page * pageSize + 1;
  const last = Math.min(total, first + pageSize - 1);
  return (
    <div className={styles.pager}>
      <span className={styles.pagerCount} aria-live="polite">
        {first}–{last} of {total}
      </span>
      <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Button variant="secondary" size="sm" disabled={last >= total} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </div>
  );
}

/**
 * The tables of lists: the same markup, scroll wrapper and empty state everywhere, with sortable
 * columns, a page at a time and a menu on each row when asked, so a page says only its columns.
 */
export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  rowAttributes,
  empty,
  caption,
  rowActions,
  rowLabel = rowKey,
  pageSize,
}: DataTableProps<Row>) {
  const [sort, setSort] = useState<Sort | null>(null);
  const [requestedPage, setPage] = useState(0);

  if (rows.length === 0) {
    return (
      <EmptyState icon={empty.icon} message={empty.message}>
        {empty.action}
      </EmptyState>
    );
  }

  const sorted = sortRows(rows, columns, sort);
  const pageCount = pageSize ? Math.ceil(sorted.length / pageSize) : 1;
  // The rows can shrink under the reader (a filter, a deletion): stay on the last page there is.
  const page = Math.min(requestedPage, pageCount - 1);
  const shown = pageSize ? sorted.slice(page * pageSize, (page + 1) * pageSize) : sorted;

  function toggleSort(header: string) {
    setSort((current) => ({
      header,
      direction: current?.header === header && current.direction === 'ascending' ? 'descending' : 'ascending',
    }));
    setPage(0);
  }

  return (
    <>
      <div className={styles.wrap}>
        <table className={styles.table}>
          {caption && <caption className="sr-only">{caption}</caption>}
          <thead>
            <tr>
              {columns.map((column) => (
                <ColumnHeader key={column.header} column={column} sort={sort} onSort={toggleSort} />
              ))}
              {rowActions && <HiddenColumnHeader label="Actions" />}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={rowKey(row)} {...rowAttributes?.(row)}>
                {columns.map((column) => (
                  <td
                    key={column.header}
                    className={clsx(column.variant && styles[column.variant], column.className)}
                    title={column.title?.(row) ?? undefined}
                  >
                    {column.cell(row)}
                  </td>
                ))}
                {rowActions && (
                  <td className={styles.actions}>
                    <RowMenu label={`Actions for ${rowLabel(row)}`} actions={rowActions(row)} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pageSize && pageCount > 1 && <Pager page={page} pageSize={pageSize} total={sorted.length} onPage={setPage} />}
    </>
  );
}
