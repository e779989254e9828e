import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Select } from '../../src/ui/Field';
import { ListToolbar } from '../../src/ui/ListToolbar';

function SearchedList({ onSearch }: { onSearch: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <ListToolbar
      search={{
        label: 'Search users',
        placeholder: 'Search by name',
        value,
        onChange: (next) => {
          setValue(next);
          onSearch(next);
        },
      }}
      actions={<button type="button">Invite</button>}
    >
      <Select aria-label="Filter by role" defaultValue="">
        <option value="">All roles</option>
      </Select>
    </ListToolbar>
  );
}

describe('ListToolbar', () => {
  it('passes what is typed in its search box to onChange', async () => {
    const onSearch = vi.fn();
    render(<SearchedList onSearch={onSearch} />);
    const search = screen.getByRole('searchbox', { name: 'Search users' });
    expect(search.getAttribute('placeholder')).toBe('Search by name');
    await userEvent.type(search, 'ada');
    expect(onSearch).toHaveBeenLastCalledWith('ada');
    expect((search as HTMLInputElement).value).toBe('ada');
  });

  it('shows its filters and actions', () => {
    render(<SearchedList onSearch={() => undefined} />);
    expect(screen.getByRole('combobox', { name: 'Filter by role' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invite' })).toBeTruthy();
  });

  it('has no search box when none is asked for', () => {
    render(<ListToolbar>filters</ListToolbar>);
    expect(screen.queryByRole('searchbox')).toBeNull();
  });
});
