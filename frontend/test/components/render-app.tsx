import { NO_ABILITIES, WORKSPACE_ABILITIES } from '@portico/common';
import type { AccountAbilities, AuthUserAnswer, Membership } from '@portico/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Toaster } from 'sonner';
import { SESSION_STORAGE_KEY } from '../../src/lib/api/auth-client';
import type { Session } from '../../src/lib/api/types';
import { ScopeProvider } from '../../src/lib/scope/ScopeProvider';
import { SessionProvider } from '../../src/lib/session/SessionProvider';
import { answers, type AnswerTable, type Call } from '../fake-fetch';

export interface SignedIn {
  email?: string;
  isSuperAdmin?: boolean;
  memberships?: Membership[];
  /** The account's abilities outside its memberships (NO_ABILITIES unless said). */
  abilities?: Partial<AccountAbilities>;
}

export interface RenderAppOptions {
  /** The address the app is at (MemoryRouter's entry); `/` unless said. */
  path?: string;
  /** The route pattern `ui` is rendered at, for a component that reads its params; the path's own pathname unless said. */
  route?: string;
  /** What the fake server answers, by `'METHOD /path'`; any other call fails the test. */
  answers?: AnswerTable;
  /** Someone signed in: their session is stored, and GET /api/auth/user answers them. */
  signedIn?: SignedIn;
}

const USER_ID = '00000000-0000-4000-8000-0000000000a1';

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

function signIn(person: SignedIn): AuthUserAnswer {
  const user = {
    id: USER_ID,
    email: person.email ?? 'ada@example.com',
    role: person.isSuperAdmin ? 'super_admin' : null,
    created_at: '2026-01-01T00:00:00.000Z',
    last_sign_in_at: null,
  };
  const session: Session = {
    access_token: 'access-token',
    refresh_token: 'refresh-token',
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    user,
  };
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  return {
    user,
    profile: { id: USER_ID, first_name: null, last_name: null, phone: null, linkedin: null, title: null },
    is_super_admin: person.isSuperAdmin ?? false,
    memberships: person.memberships ?? [],
    abilities: { ...NO_ABILITIES, ...person.abilities },
  };
}

/** Where the app went when it left `ui`'s route, so a test sees a navigation as the page it lands on. */
function Elsewhere() {
  const { pathname, search } = useLocation();
  return <p>Now at {pathname + search}</p>;
}

/*
 * The web app's auth client is one per module graph, and it reads the stored session (and tells
 * SessionProvider it did) only the first time a provider mounts: vitest gives each file its own
 * graph, so a file can sign someone in for its first render only.
 */
let rendered = false;

/**
 * Renders `ui` as the app does (React Query, the session, the router, the scope and the toasts)
 * against a fake server that answers `options.answers`. Returns the calls sent and a user-event instance.
 */
export function renderApp(
  ui: ReactNode,
  options: RenderAppOptions = {},
): { calls: Call[]; user: ReturnType<typeof userEvent.setup> } {
  const path = options.path ?? '/';
  const table: AnswerTable = { ...options.answers };
  if (options.signedIn) {
    if (rendered)
      throw new Error(
        'renderApp: sign in at the first render of a file only (the auth client reads the session once).',
      );
    table['GET /api/auth/user'] = { status: 200, body: signIn(options.signedIn) };
  }
  rendered = true;
  const calls = answers(table);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <ScopeProvider>
            <Routes>
              <Route path={options.route ?? path.split('?')[0]} element={ui} />
              <Route path="*" element={<Elsewhere />} />
            </Routes>
          </ScopeProvider>
        </MemoryRouter>
      </SessionProvider>
      <Toaster />
    </QueryClientProvider>,
  );
  return { calls, user };
}
