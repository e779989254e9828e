import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Input, Select } from './Field';
import styles from './ListToolbar.module.css';

export interface ListSearch {
  /** The search box's accessible name ("Search users"). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}

/** The bar above a list: a search box, the filters (`children`, usually `Select`s), and actions at the right. */
export function ListToolbar({
  search,
  children,
  actions,
}: {
  search?: ListSearch;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className={styles.toolbar}>
      {search && (
        <div className={styles.search}>
          <Search className={styles.searchIcon} size={16} aria-hidden />
          <Input
            className={styles.searchInput}
            type="search"
            aria-label={search.label}
            placeholder={search.placeholder}
            value={search.value}
            onChange={(event) => search.onChange(event.target.value)}
          />
        </div>
      )}
      {children}
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}

export interface ListFilterOption<Value extends string> {
  value: Value;
  label: string;
}

/** One filter in a list's toolbar: a small select whose first option (`all`, value '') lifts the filter; `options` and `children` add the choices. */
export function ListFilter<Value extends string>({
  label,
  value,
  onChange,
  all,
  options,
  children,
}: {
  /** The select's accessible name ("Filter by status"). */
  label: string;
  value: Value | '';
  onChange: (value: Value | '') => void;
  all: string;
  options?: readonly ListFilterOption<Value>[];
  children?: ReactNode;
}) {
  return (
    <Select size="sm" aria-label={label} value={value} onChange={(event) => onChange(event.target.value as Value | '')}>
      <option value="">{all}</option>
      {options?.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
      {children}
    </Select>
  );
}
