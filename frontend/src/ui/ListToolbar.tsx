import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Input } from './Field';
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
