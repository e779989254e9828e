import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AnnounceForm } from '../../src/features/console/notifications/AnnounceForm';
import { renderApp } from './render-app';

const send = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
const TENANT = '0b7c6a52-6f1e-4a39-9d1e-2f7f5f3a9c11';
const QUEUED = { 'POST /api/notifications/announce': { status: 200, body: { emailed: 0 } } };
const announced = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/api/notifications/announce').map((c) => c.body);

describe('the announcement form', () => {
  it('keeps Send disabled until the title and message are written, then sends them trimmed with the window', async () => {
    const { calls, user } = renderApp(<AnnounceForm />, { answers: QUEUED });
    await waitFor(() => expect(send().disabled).toBe(true));
    await user.type(screen.getByLabelText('Title'), '  Maintenance  ');
    expect(send().disabled).toBe(true);
    await user.type(screen.getByLabelText('Message'), 'Read-only tonight.');
    await waitFor(() => expect(send().disabled).toBe(false));
    await user.click(send());
    expect(await screen.findByText('Announcement queued')).toBeTruthy();
    const [body] = announced(calls) as [{ startAt: string; endAt: string }];
    expect(body).toMatchObject({
      title: 'Maintenance',
      message: 'Read-only tonight.',
      audience: 'all',
      emailAdmins: false,
    });
    expect(Date.parse(body.endAt) - Date.parse(body.startAt)).toBe(24 * 3600 * 1000);
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('');
  });

  it('says when the end is not after the start, and will not send', async () => {
    const { user } = renderApp(<AnnounceForm />);
    await user.type(screen.getByLabelText('Title'), 'Maintenance');
    await user.type(screen.getByLabelText('Message'), 'Read-only tonight.');
    const end = screen.getByLabelText('End');
    await user.clear(end);
    await user.type(end, '2000-01-01T10:00');
    expect(await screen.findByText('End must be after start.')).toBeTruthy();
    expect(send().disabled).toBe(true);
  });

  it('asks for workspace ids when the audience is chosen workspaces, and refuses one that is not an id', async () => {
    const { calls, user } = renderApp(<AnnounceForm />, { answers: QUEUED });
    await user.type(screen.getByLabelText('Title'), 'Maintenance');
    await user.type(screen.getByLabelText('Message'), 'Read-only tonight.');
    await user.selectOptions(screen.getByLabelText('Audience'), 'tenants');
    const ids = screen.getByLabelText('Tenant ids');
    await waitFor(() => expect(send().disabled).toBe(true));
    await user.type(ids, 'not-an-id');
    await user.tab();
    expect(await screen.findByText('Tenant ids must be workspace ids separated by commas.')).toBeTruthy();
    await user.clear(ids);
    await user.type(ids, ` ${TENANT.toUpperCase()} , `);
    await waitFor(() => expect(send().disabled).toBe(false));
    await user.click(send());
    await waitFor(() => expect(announced(calls)).toHaveLength(1));
    expect(announced(calls)[0]).toMatchObject({ audience: 'tenants', tenantIds: [TENANT] });
  });

  it('offers the plans only for the plan audience, and sends the plan chosen', async () => {
    const { calls, user } = renderApp(<AnnounceForm />, { answers: QUEUED });
    expect(screen.queryByLabelText('Plan')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Audience'), 'plan');
    const plan = screen.getByLabelText('Plan');
    expect([...(plan as HTMLSelectElement).options].map((o) => o.value)).toEqual(['starter', 'pro', 'advanced']);
    await user.selectOptions(plan, 'advanced');
    await user.type(screen.getByLabelText('Title'), 'New features');
    await user.type(screen.getByLabelText('Message'), 'Have a look.');
    await waitFor(() => expect(send().disabled).toBe(false));
    await user.click(send());
    await waitFor(() => expect(announced(calls)).toHaveLength(1));
    expect(announced(calls)[0]).toMatchObject({ audience: 'plan', plan: 'advanced' });
  });

  it('shows the server’s refusal in a toast', async () => {
    const { user } = renderApp(<AnnounceForm />, {
      answers: { 'POST /api/notifications/announce': { status: 400, body: { error: 'The window is too long.' } } },
    });
    await user.type(screen.getByLabelText('Title'), 'Maintenance');
    await user.type(screen.getByLabelText('Message'), 'Read-only tonight.');
    await waitFor(() => expect(send().disabled).toBe(false));
    await user.click(send());
    expect(await screen.findByText('Failed to announce')).toBeTruthy();
    expect(screen.getByText('The window is too long.')).toBeTruthy();
  });
});
