import { SHARE_LINK_MESSAGES } from '@portico/common';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ShareLinkPage } from '../../src/features/share-link/ShareLinkPage';
import type { Answer } from '../fake-fetch';
import { platformSite, renderApp } from './render-app';

/* /s/{token}: the page a share link opens for someone outside the workspace, without a session (issue 33). */

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

function renderPage(answer: Answer) {
  return renderApp(<ShareLinkPage />, {
    path: `/s/${TOKEN}`,
    route: '/s/:token',
    answers: {
      'GET /api/public/site': { status: 200, body: platformSite() },
      [`GET /api/public/share-links/${TOKEN}`]: answer,
    },
  });
}

describe('the share link page', () => {
  it('names the workspace, the file, its size and what is left of the link, with a Download button', async () => {
    const { calls } = renderPage({
      status: 200,
      body: {
        share_link: {
          file_name: 'contract.pdf',
          size_bytes: 2048,
          content_type: 'application/pdf',
          expires_at: '2026-12-30T10:00:00.000Z',
          downloads_left: 1,
        },
        workspace: { name: 'Harbor Legal', logo_url: null, primary_color: '#0f766e', secondary_color: null },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Harbor Legal shared a file with you' })).toBeTruthy();
    expect(screen.getByText('contract.pdf')).toBeTruthy();
    expect(screen.getByText('2.0 KB')).toBeTruthy();
    expect(screen.getByText(/1 download left/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
    // The workspace's brand, not the platform's, even on the platform's address.
    expect(screen.getAllByText('Harbor Legal').length).toBeGreaterThan(0);
    expect(calls.every((c) => !c.headers.authorization)).toBe(true);
  });

  it('says why a link no longer works, without a Download button', async () => {
    renderPage({ status: 410, body: { error: SHARE_LINK_MESSAGES.revoked, code: 'share_link_revoked' } });
    expect(
      await screen.findByText(/This link has been revoked\. Ask the person who sent it for a new link\./),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
  });

  it('says a token of no link does not exist', async () => {
    renderPage({ status: 404, body: { error: SHARE_LINK_MESSAGES.unknown } });
    expect(await screen.findByText(new RegExp(SHARE_LINK_MESSAGES.unknown.replace('.', '\\.')))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
  });
});
