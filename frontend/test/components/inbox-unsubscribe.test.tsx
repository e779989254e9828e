import { INBOX_MESSAGES } from '@portico/common';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UnsubscribePage } from '../../src/features/inbox/UnsubscribePage';
import type { Answer } from '../fake-fetch';
import { platformSite, renderApp } from './render-app';

/* /unsubscribe?token=…: the link at the foot of a notification email, without a session (issue 33). */

const LINK = { kind: 'file.shared', workspace: { name: 'Harbor Legal' } };

function renderPage(path: string, answers: Record<string, Answer>) {
  return renderApp(<UnsubscribePage />, {
    path,
    answers: { 'GET /api/public/site': { status: 200, body: platformSite() }, ...answers },
  });
}

describe('the unsubscribe page', () => {
  it('says which emails the link stops and stops them when the person confirms', async () => {
    const { calls, user } = renderPage('/unsubscribe?token=abc.def', {
      'GET /api/public/inbox/unsubscribe': { status: 200, body: { ...LINK, email: 'immediately' } },
      'POST /api/public/inbox/unsubscribe': { status: 200, body: { ...LINK, email: 'off' } },
    });
    expect(await screen.findByText(/“A file is shared with me” in Harbor Legal\?/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(/You will get no more emails for “A file is shared with me”/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/public/inbox/unsubscribe?token=abc.def',
    ]);
  });

  it('names the daily digest when the link is a digest’s, and stops it when confirmed', async () => {
    const digest = { kind: 'digest', workspace: { name: 'Harbor Legal' } };
    const { user } = renderPage('/unsubscribe?token=abc.digest', {
      'GET /api/public/inbox/unsubscribe': { status: 200, body: { ...digest, email: 'daily' } },
      'POST /api/public/inbox/unsubscribe': { status: 200, body: { ...digest, email: 'off' } },
    });
    expect(await screen.findByText(/Stop “The daily digest of my notifications” in Harbor Legal\?/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByText(/You will get no more emails for “The daily digest of my notifications”/),
    ).toBeTruthy();
  });

  it('says so when that kind is off already', async () => {
    renderPage('/unsubscribe?token=abc', {
      'GET /api/public/inbox/unsubscribe': { status: 200, body: { ...LINK, email: 'off' } },
    });
    expect(await screen.findByText(/You will get no more emails/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('shows the API’s sentence for a link that is not valid', async () => {
    renderPage('/unsubscribe?token=forged', {
      'GET /api/public/inbox/unsubscribe': { status: 400, body: { error: INBOX_MESSAGES.unsubscribeToken } },
    });
    expect(await screen.findByText(INBOX_MESSAGES.unsubscribeToken)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('shows the same sentence without a token, asking the API nothing of it', async () => {
    const { calls } = renderPage('/unsubscribe', {});
    expect(await screen.findByText(INBOX_MESSAGES.unsubscribeToken)).toBeTruthy();
    expect(calls.filter((call) => call.path.includes('inbox'))).toEqual([]);
  });
});
