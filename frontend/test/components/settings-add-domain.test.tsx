import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UseMutationResult } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { AddDomainForm } from '../../src/features/settings/DomainList';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

type AddMutation = UseMutationResult<unknown, Error, string>;

function addMutation(outcome: 'succeeds' | 'fails') {
  const mutate = vi.fn((_: string, callbacks: { onSuccess?: () => void; onError?: (err: Error) => void }) => {
    if (outcome === 'succeeds') callbacks.onSuccess?.();
    else callbacks.onError?.(new Error('This domain is already used by another workspace.'));
  });
  return { mutate, isPending: false } as unknown as AddMutation & { mutate: typeof mutate };
}

describe('Settings → Domains: adding a domain', () => {
  it('waits for a domain, then refuses one that is not a host name, with the API’s sentence', async () => {
    const add = addMutation('succeeds');
    render(<AddDomainForm add={add} />);
    const button = screen.getByRole('button', { name: 'Add domain' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Add a domain'), 'https://portal.example.com/');
    await userEvent.click(button);
    expect(
      await screen.findByText('Enter a domain name such as portal.example.com, without https:// or a path.'),
    ).toBeTruthy();
    expect(add.mutate).not.toHaveBeenCalled();
  });

  it('sends the domain as the API keeps it and empties the field once added', async () => {
    const add = addMutation('succeeds');
    render(<AddDomainForm add={add} />);
    const field = screen.getByLabelText('Add a domain') as HTMLInputElement;
    await userEvent.type(field, ' Portal.Example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(add.mutate.mock.calls[0]![0]).toBe('portal.example.com');
    expect(field.value).toBe('');
  });

  it('shows the server’s refusal by the field', async () => {
    render(<AddDomainForm add={addMutation('fails')} />);
    await userEvent.type(screen.getByLabelText('Add a domain'), 'portal.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('This domain is already used by another workspace.')).toBeTruthy();
  });

  it('says why nothing can be added without a workspace', async () => {
    render(<AddDomainForm add={null} unavailable="No active tenant selected." />);
    await userEvent.type(screen.getByLabelText('Add a domain'), 'portal.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('No active tenant selected.')).toBeTruthy();
  });
});
