import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from '../../src/ui/Tabs';

const TABS = [
  { key: 'general', label: 'General' },
  { key: 'members', label: 'Members' },
  { key: 'billing', label: 'Billing' },
] as const;

type Key = (typeof TABS)[number]['key'];

function Settings() {
  const [tab, setTab] = useState<Key>('general');
  return (
    <Tabs label="Settings" tabs={TABS} value={tab} onChange={setTab}>
      <p>Panel of {tab}</p>
    </Tabs>
  );
}

function selected(): string | null {
  return screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent ?? null;
}

describe('Tabs', () => {
  it('is a named tab list whose panel is labelled by the selected tab', async () => {
    render(<Settings />);
    expect(screen.getByRole('tablist', { name: 'Settings' })).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Members' }));
    expect(screen.getByRole('tabpanel', { name: 'Members' }).textContent).toBe('Panel of members');
  });

  it('moves with the arrow keys, wrapping at the ends, and with Home and End', async () => {
    render(<Settings />);
    screen.getByRole('tab', { name: 'General' }).focus();

    await userEvent.keyboard('{ArrowRight}');
    expect(selected()).toBe('Members');
    expect(document.activeElement?.textContent).toBe('Members');

    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(selected()).toBe('Billing');

    await userEvent.keyboard('{Home}');
    expect(selected()).toBe('General');
    await userEvent.keyboard('{End}');
    expect(selected()).toBe('Billing');
  });

  it('keeps only the selected tab in the tab order', () => {
    render(<Settings />);
    const tabIndexes = screen.getAllByRole('tab').map((tab) => tab.getAttribute('tabindex'));
    expect(tabIndexes).toEqual(['0', '-1', '-1']);
  });
});
