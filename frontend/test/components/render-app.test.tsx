import { screen } from '@testing-library/react';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { toast } from 'sonner';
import { describe, expect, it } from 'vitest';
import { api } from '../../src/lib/api/client';
import { useAbilities } from '../../src/lib/scope/use-abilities';
import { useScope } from '../../src/lib/scope/scope-context';
import { useSession } from '../../src/lib/session/session-context';
import { assertNoUnexpectedCalls } from '../fake-fetch';
import { membership, renderApp } from './render-app';

const T1 = '6f1e0b7c-6a52-4a39-9d1e-2f7f5f3a9c11';

/** Who the app thinks is here, as a page would read it. */
function WhoIsHere() {
  const { user, pending } = useSession();
  const { activeTenantId, roleKind } = useScope();
  const { manage_users } = useAbilities();
  if (pending) return <p>Loading</p>;
  return (
    <p>
      {user ? user.email : 'nobody'} in {activeTenantId ?? 'no workspace'} as {roleKind ?? 'no role'}
      {manage_users ? ', managing people' : ''}
    </p>
  );
}

/** A page that says something as it opens. */
function Announces({ news }: { news: string }) {
  useEffect(() => void toast(news), [news]);
  return <p>Page</p>;
}

/** A page that may keep the person from leaving it, which only a data router allows. */
function Guarded() {
  useBlocker(false);
  return <p>Guarded page</p>;
}

describe('renderApp', () => {
  it('renders signed out when nobody signs in', async () => {
    const { calls } = renderApp(<WhoIsHere />);
    expect(await screen.findByText('nobody in no workspace as no role')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('signs someone in with their memberships, and the scope follows them', async () => {
    const { calls } = renderApp(<WhoIsHere />, {
      signedIn: { email: 'ada@example.com', memberships: [membership(T1)] },
    });
    expect(await screen.findByText(`ada@example.com in ${T1} as admin, managing people`)).toBeTruthy();
    expect(calls.map((c) => [c.method, c.path, c.headers.authorization])).toEqual([
      ['GET', '/api/auth/user', 'Bearer access-token'],
    ]);
  });

  it('signs in someone else in the next test, with what they may do', async () => {
    const client = membership(T1, { role: 'role2', role_label: 'Client', role_kind: 'client' });
    client.abilities.manage_users = false;
    renderApp(<WhoIsHere />, { signedIn: { email: 'cleo@client.test', memberships: [client] } });
    expect(await screen.findByText(`cleo@client.test in ${T1} as client`)).toBeTruthy();
  });

  it('signs out between tests', async () => {
    renderApp(<WhoIsHere />);
    expect(await screen.findByText('nobody in no workspace as no role')).toBeTruthy();
    expect(localStorage.length).toBe(0);
  });

  it('answers a call it was not told about with a failure the test reports', async () => {
    renderApp(<p>Page</p>);
    await expect(api('/api/unknown')).rejects.toThrow('No answer scripted for GET /api/unknown');
    expect(() => assertNoUnexpectedCalls()).toThrow(/GET \/api\/unknown/);
  });

  it('shows where the app went when it leaves the page', async () => {
    renderApp(<p>Page</p>, { path: '/elsewhere?x=1', route: '/page' });
    expect(await screen.findByText('Now at /elsewhere?x=1')).toBeTruthy();
  });

  it('shows the toasts a page raises', async () => {
    renderApp(<Announces news="Draft saved" />);
    expect(await screen.findByText('Draft saved')).toBeTruthy();
  });

  it('does not show an earlier test’s toasts', async () => {
    renderApp(<Announces news="Form published" />);
    expect(await screen.findByText('Form published')).toBeTruthy();
    expect(screen.queryByText('Draft saved')).toBeNull();
  });

  it('renders in a data router, and says where the app is', async () => {
    const { router } = renderApp(<Guarded />, { path: '/forms/new?edit=f1', route: '/forms/new' });
    expect(await screen.findByText('Guarded page')).toBeTruthy();
    expect(router.state.location.search).toBe('?edit=f1');
  });
});
