import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from '../../src/ui/Dialog';
import { Drawer } from '../../src/ui/Drawer';

function Opener({ panel }: { panel: 'dialog' | 'drawer' }) {
  const [open, setOpen] = useState(false);
  const Panel = panel === 'dialog' ? Dialog : Drawer;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Rename
      </button>
      <Panel open={open} onOpenChange={setOpen} title="Rename file" description="Choose a new name.">
        <input aria-label="Name" />
      </Panel>
    </>
  );
}

describe.each(['dialog', 'drawer'] as const)('%s', (panel) => {
  it('opens named and described, with focus inside', async () => {
    render(<Opener panel={panel} />);
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename file' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Choose a new name.')).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape and gives focus back to its opener', async () => {
    render(<Opener panel={panel} />);
    const opener = screen.getByRole('button', { name: 'Rename' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes from its Close button', async () => {
    render(<Opener panel={panel} />);
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
