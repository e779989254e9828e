import { useEffect, useRef, useState } from 'react';
import { Command } from 'cmdk';
import { Search } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { useWorkspaceSearch } from './api';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { useScope } from '../../lib/scope/scope-context';
import { useAbilities } from '../../lib/scope/use-abilities';
import { searchGroups } from './search-hits';
import styles from './HeaderSearch.module.css';

/** The admin top bar's search over the workspace; `/` focuses it, arrows move, Enter opens, Escape closes. */
export function HeaderSearch() {
  const { activeTenantId, tenantPath } = useScope();
  const { build_forms } = useAbilities();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const query = useDebouncedValue(text, 250);
  const search = useWorkspaceSearch(activeTenantId, query);
  const groups = searchGroups(search.data, { formBuilder: build_forms });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target?.closest('input, textarea, select, [contenteditable="true"]');
      if (event.key === '/' && !typing) {
        event.preventDefault();
        input.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  if (!activeTenantId) return null;
  const showList = open && text.trim().length > 0;

  return (
    <Command
      className={styles.search}
      shouldFilter={false}
      label="Search this workspace"
      onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
    >
      <div className={styles.box}>
        <Search size={16} aria-hidden />
        <Command.Input
          ref={input}
          value={text}
          onValueChange={(value) => {
            setText(value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          placeholder="Search people, files, forms, tools…"
          aria-label="Search this workspace"
        />
        <kbd aria-hidden>/</kbd>
      </div>
      {/* Always rendered: the input's aria-controls points at it. */}
      <Command.List className={styles.list} hidden={!showList}>
        {showList && (
          <>
            {search.isError && <div className={styles.note}>Search failed. Try again.</div>}
            {!search.isError && search.isFetching && groups.length === 0 && (
              <Command.Loading>Searching…</Command.Loading>
            )}
            {!search.isError && !search.isFetching && <Command.Empty>No matches for “{text.trim()}”.</Command.Empty>}
            {groups.map((group) => (
              <Command.Group key={group.heading} heading={group.heading}>
                {group.hits.map((hit) => (
                  <Command.Item
                    key={hit.key}
                    value={hit.key}
                    onMouseDown={(e) => e.preventDefault()}
                    onSelect={() => {
                      setOpen(false);
                      setText('');
                      navigate(tenantPath(hit.to));
                    }}
                  >
                    <span className={styles.label}>{hit.label}</span>
                    <span className={styles.detail}>{hit.detail}</span>
                  </Command.Item>
                ))}
              </Command.Group>
            ))}
          </>
        )}
      </Command.List>
    </Command>
  );
}
