import { EMAIL_CONFIRMATION_MESSAGES } from '@portico/common';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HeldMailBanner } from '../../src/features/auth';
import { EmailSection } from '../../src/features/settings/EmailSection';
import { renderApp, WORKSPACE_ID } from './render-app';

const HELD_MAIL = 'GET /api/held-mail';
const RESEND = 'POST /api/auth/email/resend';

const resent = (calls: { method: string; path: string }[]) =>
  calls.filter((call) => `${call.method} ${call.path}` === RESEND);

function openBanner(held: { held: boolean; count: number; yours: boolean }, resend = { status: 202, body: {} }) {
  return renderApp(<HeldMailBanner tenantId={WORKSPACE_ID} />, {
    path: '/dashboard/admin',
    signedIn: { unconfirmed: true },
    answers: {
      [HELD_MAIL]: { status: 200, body: held },
      [RESEND]: resend,
    },
  });
}

describe('the held mail banner', () => {
  it('tells the owner their clients’ mail waits for them, with the count, and sends the link again', async () => {
    const { calls, user } = openBanner(
      { held: true, count: 2, yours: true },
      { status: 202, body: { ok: true, email: 'ada@example.com' } },
    );
    const banner = await screen.findByRole('status');
    expect(banner.textContent).toContain(
      'Confirm your email address: mail to your clients waits until you do (2 messages wait).',
    );
    await user.click(screen.getByRole('button', { name: 'Resend the link' }));
    expect(await screen.findByText('We sent a new link to ada@example.com.')).toBeTruthy();
    expect(resent(calls)).toHaveLength(1);
    expect(calls.find((call) => call.path === '/api/held-mail')?.headers['x-tenant-id']).toBe(WORKSPACE_ID);
  });

  it('says why the link was not sent', async () => {
    const { user } = openBanner(
      { held: true, count: 1, yours: true },
      { status: 429, body: { error: EMAIL_CONFIRMATION_MESSAGES.tooMany, code: 'confirmation_throttled' } },
    );
    await user.click(await screen.findByRole('button', { name: 'Resend the link' }));
    expect(await screen.findByText(EMAIL_CONFIRMATION_MESSAGES.tooMany)).toBeTruthy();
  });

  it('tells another admin whom the mail waits for, with nothing to send', async () => {
    openBanner({ held: true, count: 1, yours: false });
    expect((await screen.findByRole('status')).textContent).toBe(
      'Mail to this workspace’s clients waits until its owner confirms their email address (1 message waits).',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows nothing when no mail waits', async () => {
    const { calls } = openBanner({ held: false, count: 0, yours: false });
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/api/held-mail')).toBe(true));
    // The answer is rendered a moment after it arrives.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('Settings → Change Email for an unconfirmed address', () => {
  it('says the address is not confirmed and sends the link again', async () => {
    const { calls, user } = renderApp(<EmailSection />, {
      path: '/account/security',
      signedIn: { unconfirmed: true },
      answers: { [RESEND]: { status: 202, body: { ok: true, email: 'ada@example.com' } } },
    });
    expect(
      await screen.findByText(/Your email address ada@example.com is not confirmed yet: open the link we sent there./),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resend the link' }));
    expect(await screen.findByText('We sent a new link to ada@example.com.')).toBeTruthy();
    expect(resent(calls)).toHaveLength(1);
  });
});
