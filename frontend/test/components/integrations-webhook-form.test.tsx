import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OneTimeSecret } from '../../src/features/integrations/OneTimeSecret';
import { WebhookForm } from '../../src/features/integrations/WebhookForm';
import type { Answer } from '../fake-fetch';
import { renderApp } from './render-app';

const CREATED = { id: 'w1', url: 'https://example.com/hooks', events: 'forms', enabled: false, secret: 'whsec_abc' };

/** The form for workspace t1, the server answering the webhook's creation with `created`. */
function renderForm(created: Answer = { status: 201, body: { webhook: CREATED } }) {
  const onCreated = vi.fn();
  const app = renderApp(<WebhookForm tenantId="t1" onCreated={onCreated} />, {
    answers: { 'POST /api/integrations/webhooks': created },
  });
  return { ...app, onCreated, url: screen.getByLabelText('Webhook URL') as HTMLInputElement };
}

describe('Integrations: adding a webhook', () => {
  it('asks for the URL in the API’s words before sending anything', async () => {
    const { calls, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText('Please enter a webhook URL.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends the URL, events and switch, then hands the created webhook and its secret on', async () => {
    const { calls, user, onCreated, url } = renderForm();
    await user.type(url, 'https://example.com/hooks');
    await user.selectOptions(screen.getByLabelText('Events'), 'forms');
    await user.click(screen.getByRole('switch', { name: 'Enabled' }));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText('Webhook created')).toBeTruthy();
    expect(calls.map((c) => [c.method, c.path, c.headers['x-tenant-id'], c.body])).toEqual([
      [
        'POST',
        '/api/integrations/webhooks',
        't1',
        { url: 'https://example.com/hooks', events: 'forms', enabled: false },
      ],
    ]);
    expect(onCreated).toHaveBeenCalledWith(CREATED);
    expect(url.value).toBe('');
  });

  it('shows the server’s refusal of the URL by the field', async () => {
    const { user, onCreated, url } = renderForm({
      status: 400,
      body: { error: 'The webhook URL must resolve to a public address.' },
    });
    await user.type(url, 'https://localhost/hooks');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText('The webhook URL must resolve to a public address.')).toBeTruthy();
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('says in a toast when the server failed', async () => {
    const { user, url } = renderForm({ status: 500, body: { error: 'Internal error' } });
    await user.type(url, 'https://example.com/hooks');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText('Internal error')).toBeTruthy();
    expect(url.getAttribute('aria-invalid')).toBeNull();
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
