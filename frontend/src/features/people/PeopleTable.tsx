import { useEffect, useRef } from 'react';
import type { RoleType } from '@portico/common';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { PeopleSort, Person, SortOrder } from './api/people';
import { HiddenColumnHeader } from '../../ui/HiddenColumnHeader';
import { Skeleton } from '../../ui/Skeleton';
import { RoleBadge } from '../../ui/RoleBadge';
import { formatDate, personName } from '../../ui/format';
import { StatusBadge } from './PersonDetails';
import { RowMenu, type RowAction } from './RowMenu';
import clsx from 'clsx';
import { Button } from '../../ui/Button';
import styles from './PeopleTable.module.css';
import table from '../../ui/DataTable.module.css';

const COLUMNS: ReadonlyArray<{ sort: PeopleSort; label: string }> = [
  { sort: 'name', label: 'Name' },
  { sort: 'email', label: 'Email' },
  { sort: 'role', label: 'Role' },
  { sort: 'status', label: 'Status' },
  { sort: 'created_at', label: 'Joined' },
  { sort: 'last_sign_in_at', label: 'Last sign-in' },
];

interface PeopleTableProps {
  rows: Person[] | undefined;
  loading: boolean;
  busy: boolean;
  roles: readonly RoleType[] | undefined;
  sort: PeopleSort;
  order: SortOrder;
  onSort: (sort: PeopleSort) => void;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], checked: boolean) => void;
  onAction: (person: Person, action: RowAction) => void;
}

function SelectAll({ rows, selected, onSelect }: Pick<PeopleTableProps, 'selected' | 'onSelect'> & { rows: Person[] }) {
  const ref = useRef<HTMLInputElement>(null);
  const count = rows.filter((r) => selected.has(r.id)).length;
  const all = rows.length > 0 && count === rows.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && !all;
  }, [count, all]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label="Select all users on this page"
      checked={all}
      disabled={rows.length === 0}
      onChange={(e) =>
        onSelect(
          rows.map((r) => r.id),
          e.target.checked,
        )
      }
    />
  );
}

export function PeopleTable({
  rows,
  loading,
  busy,
  roles,
  sort,
  order,
  onSort,
  selected,
  onSelect,
  onAction,
}: PeopleTableProps) {
  return (
    <div className={table.wrap} aria-busy={busy}>
      <table className={clsx(table.table, styles.table)}>
        <thead>
          <tr>
            <th scope="col" className={styles.check}>
              <SelectAll rows={rows ?? []} selected={selected} onSelect={onSelect} />
            </th>
            {COLUMNS.map((c) => {
              const active = c.sort === sort;
              const Icon = active ? (order === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
              return (
                <th
                  key={c.sort}
                  scope="col"
                  aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <button type="button" className={table.sortButton} onClick={() => onSort(c.sort)}>
                    {c.label}
                    <Icon size={14} aria-hidden />
                  </button>
                </th>
              );
            })}
            <HiddenColumnHeader label="Actions" />
          </tr>
        </thead>
        <tbody>
          {loading &&
            [0, 1, 2, 3, 4].map((i) => (
              <tr key={i}>
                {[0, 1, 2, 3, 4, 5, 6, 7].map((c) => (
                  <td key={c}>
                    <Skeleton height={14} />
                  </td>
                ))}
              </tr>
            ))}
          {rows?.map((p) => {
            const name = personName(p.first_name, p.last_name, p.email);
            return (
              <tr key={p.id} aria-selected={selected.has(p.id)}>
                <td className={styles.check}>
                  <input
                    type="checkbox"
                    aria-label={`Select ${p.email}`}
                    checked={selected.has(p.id)}
                    onChange={(e) => onSelect([p.id], e.target.checked)}
                  />
                </td>
                <td>
                  <Button variant="link" className={styles.name} onClick={() => onAction(p, 'view')}>
                    {name}
                  </Button>
                </td>
                <td>{p.email}</td>
                <td>
                  <RoleBadge roleKey={p.role} roles={roles} />
                </td>
                <td>
                  <StatusBadge status={p.status} />
                </td>
                <td>{formatDate(p.created_at)}</td>
                <td>{p.last_sign_in_at ? formatDate(p.last_sign_in_at) : 'Never'}</td>
                <td className={table.actions}>
                  <RowMenu person={p} onAction={(action) => onAction(p, action)} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
