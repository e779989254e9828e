import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Inbox } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from '../../src/ui/DataTable';
import type { Column, DataTableProps } from '../../src/ui/DataTable';

interface Person {
  id: string;
  name: string;
  files: number;
}

const people: Person[] = [
  { id: 'p1', name: 'Charlie', files: 3 },
  { id: 'p2', name: 'alice', files: 12 },
  { id: 'p3', name: 'Bob', files: 7 },
];

const columns: Column<Person>[] = [
  { header: 'Name', cell: (p) => p.name, sortValue: (p) => p.name },
  { header: 'Files', cell: (p) => p.files, variant: 'numeric', sortValue: (p) => p.files },
  { header: 'Id', cell: (p) => p.id },
];

function renderTable(props: Partial<DataTableProps<Person>> = {}) {
  return render(
    <DataTable
      rows={people}
      columns={columns}
      rowKey={(p) => p.id}
      empty={{ icon: Inbox, message: 'No people yet.' }}
      {...props}
    />,
  );
}

function namesShown(): string[] {
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

describe('DataTable', () => {
  it('shows the empty state instead of a table when there are no rows', () => {
    renderTable({
      rows: [],
      empty: { icon: Inbox, message: 'No people yet.', action: <button>Invite someone</button> },
    });
    expect(screen.getByText('No people yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invite someone' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('is named by its caption', () => {
    renderTable({ caption: 'Team members' });
    expect(screen.getByRole('table', { name: 'Team members' })).toBeTruthy();
  });

  it('sorts by a column from its header button, ascending then descending, and says so with aria-sort', async () => {
    renderTable();
    expect(namesShown()).toEqual(['Charlie', 'alice', 'Bob']);
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader.getAttribute('aria-sort')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(namesShown()).toEqual(['alice', 'Bob', 'Charlie']);
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');

    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(namesShown()).toEqual(['Charlie', 'Bob', 'alice']);
    expect(nameHeader.getAttribute('aria-sort')).toBe('descending');

    await userEvent.click(screen.getByRole('button', { name: /Files/ }));
    expect(namesShown()).toEqual(['Charlie', 'Bob', 'alice']);
    expect(screen.getByRole('columnheader', { name: /Files/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(nameHeader.getAttribute('aria-sort')).toBeNull();
  });

  it('leaves a column without sortValue as a plain header', () => {
    renderTable();
    expect(screen.getByRole('columnheader', { name: 'Id' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Id' })).toBeNull();
  });

  it('shows a page of rows at a time with a count, Previous and Next', async () => {
    const many = Array.from({ length: 5 }, (_, i) => ({ id: `p${i}`, name: `Person ${i + 1}`, files: i }));
    renderTable({ rows: many, pageSize: 2 });
    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;

    expect(screen.getByText('1–2 of 5')).toBeTruthy();
    expect(namesShown()).toEqual(['Person 1', 'Person 2']);
    expect(previous.disabled).toBe(true);

    await userEvent.click(next);
    await userEvent.click(next);
    expect(screen.getByText('5–5 of 5')).toBeTruthy();
    expect(namesShown()).toEqual(['Person 5']);
    expect(next.disabled).toBe(true);

    await userEvent.click(previous);
    expect(screen.getByText('3–4 of 5')).toBeTruthy();
  });

  it('has no pager when every row fits on one page', () => {
    renderTable({ pageSize: 25 });
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('opens a row menu from the keyboard and runs the chosen action', async () => {
    const remove = vi.fn();
    const rename = vi.fn();
    renderTable({
      rowLabel: (p) => p.name,
      rowActions: (p) => [
        { label: 'Rename', onSelect: () => rename(p.id) },
        { label: 'Remove', onSelect: () => remove(p.id), danger: true },
      ],
    });
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy();

    const trigger = screen.getByRole('button', { name: 'Actions for Bob' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Remove' }));

    expect(remove).toHaveBeenCalledWith('p3');
    expect(rename).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('names each row menu by the row key when no rowLabel is given', () => {
    renderTable({ rowActions: () => [{ label: 'Open', onSelect: () => undefined }] });
    expect(screen.getByRole('button', { name: 'Actions for p2' })).toBeTruthy();
  });
});
