import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Trash2 } from 'lucide-react';
import { Button, IconButton } from '../../src/ui/Button';

describe('Button', () => {
  it('is a button that runs its action on a click', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('is busy and cannot be pressed while loading', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('IconButton', () => {
  it('is named by its label, the icon hidden from screen readers', async () => {
    const onClick = vi.fn();
    render(<IconButton label="Delete file" icon={Trash2} onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Delete file' });
    expect(button.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('is not a submit button unless asked', () => {
    render(
      <form>
        <IconButton label="Remove" icon={Trash2} />
      </form>,
    );
    expect(screen.getByRole('button', { name: 'Remove' }).getAttribute('type')).toBe('button');
  });
});
