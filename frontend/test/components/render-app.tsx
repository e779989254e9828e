import { NO_ABILITIES, WORKSPACE_ABILITIES } from '@portico/common';
import type { AccountAbilities, AuthUserAnswer, Membership, SiteAnswer } from '@portico/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Outlet, RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { Toaster, toast } from 'sonner';
import { afterEach, expect, vi } from 'vitest';
import { SESSION_STORAGE_KEY } from '../../src/lib/api/auth-client';
import { auth } from '../../src/lib/api/client';
import type { Session } from '../../src/lib/api/types';
import { ScopeProvider } from '../../src/lib/scope/ScopeProvider';
import { SessionProvider } from '../../src/lib/session/SessionProvider';
import { answers, type AnswerTable } from '../fake-fetch';

export interface SignedIn {
  email?: string;
  isSuperAdmin?: boolean;
  /**
   * An admin of workspace WORKSPACE_ID unless said. With none (and not a super admin) the app asks
   * GET /api/auth/user again for two seconds, as it does after an invitation is accepted.
   */
  memberships?: Membership[];
  /** The account's abilities outside its memberships (NO_ABILITIES unless said). */
  abilities?: Partial<AccountAbilities>;
  /** The account's address has not been confirmed (it is unless said). */
  unconfirmed?: boolean;
}

export interface RenderAppOptions {
  /** The address the app opens at; `/` unless said. */
  path?: string;
  /** The route pattern `ui` is rendered at, for a component that reads its params; the path's own pathname unless said. */
  route?: string;
  /** What the fake server answers, by `'METHOD /path'`; any other call fails the test. */
  answers?: AnswerTable;
  /** Someone signed in: their session is stored, and GET /api/auth/user answers them. */
  signedIn?: SignedIn;
}

export const USER_ID = '00000000-0000-4000-8000-0000000000a1';
/** The workspace a signed-in person belongs to unless the test says otherwise. */
export const WORKSPACE_ID = '00000000-0000-4000-8000-0000000000b1';

/** A membership as GET /api/auth/user lists it: an active admin of `tenantId` unless `overrides` say otherwise. */
export function membership(tenantId: string, overrides: Partial<Membership> = {}): Membership {
  return {
    tenant_id: tenantId,
    tenant_name: 'Harbor Legal',
    tenant_slug: 'harbor-legal',
    tenant_status: 'active',
    role: 'admin',
    role_label: 'Admin',
    role_kind: 'admin',
    status: 'active',
    abilities: Object.fromEntries(WORKSPACE_ABILITIES.map((a) => [a, true])) as Membership['abilities'],
    ...overrides,
  };
}

/** GET /api/public/site at the platform's own address: no workspace's brand, the platform's password rule, no sign-in links by email. */
export function platformSite(passwordRule = 'At least 8 characters.'): SiteAnswer {
  const noBrand = { logo_url: null, favicon_url: null, primary_color: null, secondary_color: null } as const;
  const noLinks = { support_email: null, privacy_url: null, terms_url: null } as const;
  return {
    site: {
      kind: 'platform',
      tenant_id: null,
      name: 'Portico',
      ...noBrand,
      ...noLinks,
      password_rule: passwordRule,
      magic_links: false,
      provider_buttons: true,
    },
  };
}

/** The session the browser keeps for `person`, and what GET /api/auth/user answers about them. */
function accountOf(person: SignedIn): { session: Session; answer: AuthUserAnswer } {
  const user = {
    id: USER_ID,
    email: person.email ?? 'ada@example.com',
    role: person.isSuperAdmin ? 'super_admin' : null,
    created_at: '2026-01-01T00:00:00.000Z',
    last_sign_in_at: null,
    email_verified_at: person.unconfirmed ? null : '2026-01-01T00:00:00.000Z',
    pending_email: null,
  };
  return {
    session: {
      access_token: 'access-token',
      refresh_token: 'refresh-token',
      expires_at: Math.floor(Date.now() / 1000) + 3600,
      user,
    },
    answer: {
      user,
      profile: { id: USER_ID, first_name: null, last_name: null, phone: null, linkedin: null, title: null },
      is_super_admin: person.isSuperAdmin ?? false,
      memberships: person.memberships ?? [membership(WORKSPACE_ID)],
      abilities: { ...NO_ABILITIES, ...person.abilities },
    },
  };
}

/** Where the app went when it left `ui`'s route, so a test sees a navigation as the page it lands on. */
function Elsewhere() {
  const { pathname, search } = useLocation();
  return <p>Now at {pathname + search}</p>;
}

/** The page's place in the app: the scope over the routes, as in the app's layout. */
function Layout() {
  return (
    <ScopeProvider>
      <Outlet />
    </ScopeProvider>
  );
}

/*
 * The session outlives a test, as it outlives a page in the browser: the web app's auth client is
 * one per module graph (one per test file) and tells SessionProvider about the stored session only
 * once, so SessionProvider and its QueryClient stay mounted for the file, while each test gets its
 * own router, scope, page and toasts, an emptied query cache, and signs in and out the way the app
 * does (a new session, and a sign-out heard from another tab).
 */
interface Shell {
  queryClient: QueryClient;
  show: (page: ReactNode) => void;
}
let shell: Shell | null = null;

type Show = (page: ReactNode) => void;

function Root({ client, first, onReady }: { client: QueryClient; first: ReactNode; onReady: (show: Show) => void }) {
  const [page, setPage] = useState<ReactNode>(first);
  useEffect(() => onReady(setPage), [onReady]);
  return (
    <QueryClientProvider client={client}>
      <SessionProvider>{page}</SessionProvider>
    </QueryClientProvider>
  );
}

function mountShell(first: ReactNode): Shell {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  let show: Show = () => undefined;
  const container = document.body.appendChild(document.createElement('div'));
  act(() =>
    createRoot(container).render(<Root client={queryClient} first={first} onReady={(setPage) => (show = setPage)} />),
  );
  return { queryClient, show: (next) => act(() => show(next)) };
}

let pages = 0;

/** How long a test's last calls (a session load asking again, a mutation's refetch) may take to settle after it. */
const SETTLE_MS = 3000;

afterEach(async () => {
  if (!shell) return;
  const { queryClient } = shell;
  // Calls still running are answered by this test's server, not by the next test's.
  await vi
    .waitFor(() => expect(queryClient.isFetching() + queryClient.isMutating()).toBe(0), { timeout: SETTLE_MS })
    .catch(() => undefined);
  shell.show(null);
  // sonner keeps its toasts in its module and shows the ones still up to the next Toaster mounted.
  toast.dismiss();
  if (auth.getSession()) {
    localStorage.removeItem(SESSION_STORAGE_KEY);
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: null })));
  }
  shell.queryClient.clear();
});

/**
 * Renders `ui` as the app does (React Query, the session, a data router, the scope and the toasts)
 * against a fake server that answers `options.answers`. Returns the calls sent, a user-event instance
 * and the router (where the app is now).
 */
export function renderApp(ui: ReactNode, options: RenderAppOptions = {}) {
  const path = options.path ?? '/';
  const table: AnswerTable = { ...options.answers };
  const account = options.signedIn && accountOf(options.signedIn);
  if (account) {
    table['GET /api/auth/user'] = { status: 200, body: account.answer };
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(account.session));
  }
  const calls = answers(table);
  // A data router, as the app's: a page that guards leaving it (useBlocker) needs one.
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: options.route ?? path.split('?')[0], element: ui },
          { path: '*', element: <Elsewhere /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const page = (
    <Fragment key={++pages}>
      <RouterProvider router={router} />
      <Toaster />
    </Fragment>
  );
  if (!shell) shell = mountShell(page);
  else {
    if (account) act(() => void auth.adoptSession(account.session));
    shell.show(page);
  }
  return { calls, user: userEvent.setup(), router };
}
