import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const mutate = vi.fn();
vi.mock('../../src/features/console/api/notifications', () => ({
  useAnnounce: () => ({ mutate, isPending: false }),
}));

const { AnnounceForm } = await import('../../src/features/console/notifications/AnnounceForm');

const send = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
const TENANT = '0b7c6a52-6f1e-4a39-9d1e-2f7f5f3a9c11';

describe('the announcement form', () => {
  beforeEach(() => mutate.mockReset());

  it('keeps Send disabled until the title and message are written, then sends them trimmed with the window', async () => {
    render(<AnnounceForm />);
    await waitFor(() => expect(send().disabled).toBe(true));
    await userEvent.type(screen.getByLabelText('Title'), '  Maintenance  ');
    expect(send().disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Message'), 'Read-only tonight.');
    await waitFor(() => expect(send().disabled).toBe(false));
    await userEvent.click(send());
    await waitFor(() => expect(mutate).toHaveBeenCalledOnce());
    const [body] = mutate.mock.calls[0]!;
    expect(body).toMatchObject({
      title: 'Maintenance',
      message: 'Read-only tonight.',
      audience: 'all',
      emailAdmins: false,
    });
    expect(Date.parse(body.endAt) - Date.parse(body.startAt)).toBe(24 * 3600 * 1000);
  });

  it('says when the end is not after the start, and will not send', async () => {
    render(<AnnounceForm />);
    await userEvent.type(screen.getByLabelText('Title'), 'Maintenance');
    await userEvent.type(screen.getByLabelText('Message'), 'Read-only tonight.');
    const end = screen.getByLabelText('End');
    await userEvent.clear(end);
    await userEvent.type(end, '2000-01-01T10:00');
    expect(await screen.findByText('End must be after start.')).toBeTruthy();
    expect(send().disabled).toBe(true);
  });

  it('asks for workspace ids when the audience is chosen workspaces, and refuses one that is not an id', async () => {
    render(<AnnounceForm />);
    await userEvent.type(screen.getByLabelText('Title'), 'Maintenance');
    await userEvent.type(screen.getByLabelText('Message'), 'Read-only tonight.');
    await userEvent.selectOptions(screen.getByLabelText('Audience'), 'tenants');
    const ids = screen.getByLabelText('Tenant ids');
    await waitFor(() => expect(send().disabled).toBe(true));
    await userEvent.type(ids, 'not-an-id');
    await userEvent.tab();
    expect(await screen.findByText('Tenant ids must be workspace ids separated by commas.')).toBeTruthy();
    await userEvent.clear(ids);
    await userEvent.type(ids, ` ${TENANT.toUpperCase()} , `);
    await waitFor(() => expect(send().disabled).toBe(false));
    await userEvent.click(send());
    await waitFor(() => expect(mutate).toHaveBeenCalledOnce());
    expect(mutate.mock.calls[0]![0]).toMatchObject({ audience: 'tenants', tenantIds: [TENANT] });
  });

  it('offers the plans only for the plan audience, and sends the plan chosen', async () => {
    render(<AnnounceForm />);
    expect(screen.queryByLabelText('Plan')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Audience'), 'plan');
    const plan = screen.getByLabelText('Plan');
    expect([...(plan as HTMLSelectElement).options].map((o) => o.value)).toEqual(['starter', 'pro', 'advanced']);
    await userEvent.selectOptions(plan, 'advanced');
    await userEvent.type(screen.getByLabelText('Title'), 'New features');
    await userEvent.type(screen.getByLabelText('Message'), 'Have a look.');
    await waitFor(() => expect(send().disabled).toBe(false));
    await userEvent.click(send());
    await waitFor(() => expect(mutate).toHaveBeenCalledOnce());
    expect(mutate.mock.calls[0]![0]).toMatchObject({ audience: 'plan', plan: 'advanced' });
  });
});
