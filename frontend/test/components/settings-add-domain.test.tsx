import { screen } from '@testing-library/react';
import type { DomainRow } from '@portico/common';
import { describe, expect, it } from 'vitest';
import { DomainsSection } from '../../src/features/settings/DomainsSection';
import type { Answer, Call } from '../fake-fetch';
import { renderApp } from './render-app';

function row(domain: string): DomainRow {
  return {
    id: '3f1e0b7c-6a52-4a39-9d1e-2f7f5f3a9c11',
    domain,
    type: 'custom',
    ssl_status: 'pending',
    ssl_error: null,
    verified_at: null,
    expires_at: '2026-12-04T00:00:00.000Z',
    txt_record: { name: `_portico.${domain}`, value: 'portico-verify=abc' },
    created_at: '2026-11-27T00:00:00.000Z',
  };
}

/** Workspace t1's domains on a server that keeps what is added, or refuses with `refusal`. */
function renderDomains(refusal?: Answer) {
  const domains: DomainRow[] = [];
  return renderApp(<DomainsSection tenantId="t1" />, {
    answers: {
      'GET /api/domains': () => ({ status: 200, body: { domains, subdomain: 'harbor.portico.test', allowed: true } }),
      'POST /api/domains': (call) => {
        if (refusal) return refusal;
        const added = row((call.body as { domain: string }).domain);
        domains.push(added);
        return { status: 201, body: { domain: added, txtRecord: added.txt_record } };
      },
    },
  });
}

const added = (calls: Call[]) => calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body]);

describe('Settings → Domains: adding a domain', () => {
  it('waits for a domain, then refuses one that is not a host name, with the API’s sentence', async () => {
    const { calls, user } = renderDomains();
    const button = (await screen.findByRole('button', { name: 'Add domain' })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await user.type(screen.getByLabelText('Add a domain'), 'https://portal.example.com/');
    await user.click(button);
    expect(
      await screen.findByText('Enter a domain name such as portal.example.com, without https:// or a path.'),
    ).toBeTruthy();
    expect(added(calls)).toEqual([]);
  });

  it('sends the domain as the API keeps it, empties the field and lists it with its TXT record', async () => {
    const { calls, user } = renderDomains();
    const field = (await screen.findByLabelText('Add a domain')) as HTMLInputElement;
    expect(screen.getByText('No custom domains yet.')).toBeTruthy();
    await user.type(field, ' Portal.Example.com ');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('Domain added: publish its TXT record, then verify it.')).toBeTruthy();
    expect(added(calls)).toEqual([['/api/domains', { domain: 'portal.example.com' }]]);
    expect(field.value).toBe('');
    expect(await screen.findByText('_portico.portal.example.com')).toBeTruthy();
  });

  it('shows the server’s refusal by the field', async () => {
    const { user } = renderDomains({
      status: 409,
      body: { error: 'This domain is already used by another workspace.' },
    });
    await user.type(await screen.findByLabelText('Add a domain'), 'portal.example.com');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('This domain is already used by another workspace.')).toBeTruthy();
    expect(screen.getByLabelText('Add a domain').getAttribute('aria-invalid')).toBe('true');
  });

  it('says why nothing can be added without a workspace, and asks the server nothing', async () => {
    const { calls, user } = renderApp(<DomainsSection tenantId={null} />);
    await user.type(screen.getByLabelText('Add a domain'), 'portal.example.com');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('No active tenant selected. Please switch a workspace first.')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
