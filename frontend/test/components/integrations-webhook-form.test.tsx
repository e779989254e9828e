import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api/http';
import { OneTimeSecret } from '../../src/features/integrations/OneTimeSecret';
import { WebhookForm } from '../../src/features/integrations/WebhookForm';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

interface MutateCallbacks {
  onSuccess?: (answer: unknown) => void;
  onError?: (err: Error) => void;
}

const create = { mutate: vi.fn(), isPending: false };
vi.mock('../../src/features/integrations/api', () => ({ useCreateWebhook: () => create }));

describe('Integrations: adding a webhook', () => {
  beforeEach(() => create.mutate.mockReset());

  it('asks for the URL in the API’s words before sending anything', async () => {
    render(<WebhookForm tenantId="t1" onCreated={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText('Please enter a webhook URL.')).toBeTruthy();
    expect(create.mutate).not.toHaveBeenCalled();
  });

  it('sends the URL, events and switch, then hands the created webhook and its secret on', async () => {
    const onCreated = vi.fn();
    const created = { id: 'w1', secret: 'whsec_abc' };
    create.mutate.mockImplementation((_, callbacks?: MutateCallbacks) => callbacks?.onSuccess?.(created));
    render(<WebhookForm tenantId="t1" onCreated={onCreated} />);
    await userEvent.type(screen.getByLabelText('Webhook URL'), 'https://example.com/hooks');
    await userEvent.selectOptions(screen.getByLabelText('Events'), 'forms');
    await userEvent.click(screen.getByRole('switch', { name: 'Enabled' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(create.mutate.mock.calls[0]![0]).toEqual({
      url: 'https://example.com/hooks',
      events: 'forms',
      enabled: false,
    });
    expect(onCreated).toHaveBeenCalledWith(created);
    expect((screen.getByLabelText('Webhook URL') as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s refusal of the URL by the field', async () => {
    create.mutate.mockImplementation((_, callbacks?: MutateCallbacks) =>
      callbacks?.onError?.(new ApiError(400, 'The webhook URL must resolve to a public address.')),
    );
    render(<WebhookForm tenantId="t1" onCreated={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Webhook URL'), 'https://localhost/hooks');
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText('The webhook URL must resolve to a public address.')).toBeTruthy();
  });
});

describe('Integrations: a secret shown once', () => {
  it('counts down and hides itself, unless asked to stay', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const onDismiss = vi.fn();
      render(
        <OneTimeSecret
          title="New key"
          label="New API key"
          value="ptk_secret"
          note="Copy it now."
          onDismiss={onDismiss}
        />,
      );
      expect((screen.getByRole('textbox', { name: 'New API key' }) as HTMLInputElement).value).toBe('ptk_secret');
      expect(screen.getByText('Hidden in 30 seconds')).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(30_500));
      expect(onDismiss).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('stays until Done once Keep visible is pressed', async () => {
    const onDismiss = vi.fn();
    render(
      <OneTimeSecret
        title="New key"
        label="New API key"
        value="ptk_secret"
        note="Copy it now."
        onDismiss={onDismiss}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Keep visible' }));
    expect(screen.getByText('Shown until you dismiss it.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});
