import type { ComponentType } from 'react';
import { configure, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet, RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { Toaster, toast } from 'sonner';
import { vi } from 'vitest';
import { DEFAULT_THEME, NO_ABILITIES } from '@portico/common';
import type { AuthUserAnswer, FormDetail, Membership, WorkspaceAbilities } from '@portico/common';
import { fakeFetch } from '../fake-fetch';
import type { Call } from '../fake-fetch';

/** The workspace every forms test works in. */
export const TENANT_ID = '5b0e3f4c-2a6d-4e8f-9c1b-7d2a3e4f5a6b';
const USER_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

/**
 * A test's time limit: each one imports the app's modules afresh (see `page`), which takes seconds
 * on a busy machine before anything is clicked.
 */
export const APP_TEST_TIMEOUT_MS = 20_000;

/** A form as GET /api/forms/{id} answers it: a draft titled Intake without questions, unless told otherwise. */
export function storedForm(form: Partial<FormDetail> & Pick<FormDetail, 'id'>): FormDetail {
  return {
    title: 'Intake',
    description: '',
    status: 'draft',
    published: false,
    assigned_roles: [],
    version: 1,
    questions_count: form.fields?.length ?? 0,
    responses_count: 0,
    completion_rate: null,
    created_at: '2026-01-05T10:00:00.000Z',
    updated_at: '2026-01-05T10:00:00.000Z',
    submitted: false,
    theme: DEFAULT_THEME,
    fields: [],
    ...form,
  };
}

export type Answer = { status: number; body?: unknown };

export interface AppOptions {
  /** The address the app opens at. */
  at: string;
  /** The route of the page under test, e.g. `/forms/:id`. */
  path: string;
  /**
   * The page, imported after the module reset: the session client announces the stored session
   * once per module instance, so every test loads the app's modules afresh, the page with them.
   */
  page: () => Promise<ComponentType>;
  /** Whether the signed-in member builds forms (an admin) or fills them (a client). */
  builder?: boolean;
  /** The API besides GET /api/auth/user; a call it leaves unanswered gets a 404. */
  respond: (call: Call) => Answer | undefined | Promise<Answer | undefined>;
}

function membership(builder: boolean): Membership {
  const { use_console: _console, ...none } = NO_ABILITIES;
  const abilities: WorkspaceAbilities = { ...none, build_forms: builder, delete_forms: builder };
  return {
    tenant_id: TENANT_ID,
    tenant_name: 'Acme',
    tenant_slug: 'acme',
    tenant_status: 'active',
    role: builder ? 'admin' : 'role2',
    role_label: builder ? 'Admin' : 'Client',
    role_kind: builder ? 'admin' : 'client',
    status: 'active',
    abilities,
  };
}

function authUser(builder: boolean): AuthUserAnswer {
  return {
    user: {
      id: USER_ID,
      email: 'ada@acme.test',
      role: null,
      created_at: '2026-01-05T10:00:00.000Z',
      last_sign_in_at: null,
    },
    profile: { id: USER_ID, first_name: 'Ada', last_name: 'Lovelace', phone: null, linkedin: null, title: null },
    is_super_admin: false,
    memberships: [membership(builder)],
    abilities: NO_ABILITIES,
  };
}

/** Where the app went when it left the page under test. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{location.pathname + location.search}</p>;
}

/**
 * Renders one page of the app signed in as a member of TENANT_ID, with the real providers (query
 * client, session, scope, a data router, toasts) and the network faked at fetch. Resolves once the
 * session has loaded; returns the calls made and the router.
 */
export async function renderApp({ at, path, page, builder = false, respond }: AppOptions) {
  // A whole page answers more slowly than a lone component, the more so on a busy machine.
  configure({ asyncUtilTimeout: 5000 });
  localStorage.clear();
  // Toasts live in sonner's module, which outlasts the module reset: a new Toaster would replay the last test's.
  toast.dismiss();
  const user = authUser(builder);
  localStorage.setItem(
    'portico.auth.session',
    JSON.stringify({
      access_token: 'access',
      refresh_token: 'refresh',
      expires_at: Math.floor(Date.now() / 1000) + 24 * 3600,
      user: user.user,
    }),
  );
  const calls = fakeFetch(async (call) => {
    if (call.method === 'GET' && call.path === '/api/auth/user') return { status: 200, body: user };
    return (await respond(call)) ?? { status: 404, body: { error: `No fake answer for ${call.method} ${call.path}` } };
  });

  vi.resetModules();
  const [{ SessionProvider }, { useSession }, { ScopeProvider }, Page] = await Promise.all([
    import('../../src/lib/session/SessionProvider'),
    import('../../src/lib/session/session-context'),
    import('../../src/lib/scope/ScopeProvider'),
    page(),
  ]);

  function Layout() {
    const { pending } = useSession();
    if (pending) return <p>Loading the session</p>;
    return (
      <ScopeProvider>
        <Outlet />
      </ScopeProvider>
    );
  }

  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path, element: <Page /> },
          { path: '*', element: <Elsewhere /> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
      <Toaster />
    </QueryClientProvider>,
  );
  await vi.waitFor(() => {
    if (screen.queryByText('Loading the session')) throw new Error('The session is still loading');
  });
  return { calls, router };
}
