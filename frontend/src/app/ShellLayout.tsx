import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import { PageSkeleton } from '../ui/Skeleton';
import { useScope } from '../lib/scope/scope-context';
import { useSession } from '../lib/session/session-context';
import { decideAccess, redirectTarget } from '../lib/routes/access';
import { LOGIN_PATH } from '../lib/routes/table';
import type { RouteRow, ShellId } from '../lib/routes/table';

function isRouteRow(value: unknown): value is RouteRow {
  return typeof value === 'object' && value !== null && 'access' in value && 'page' in value;
}

/* The signed-in shells (sidebar, search palette, menus) load with the first signed-in page, not with sign-in. */
const AdminShell = lazy(async () => ({ default: (await import('./shells/AdminShell')).AdminShell }));
const UserShell = lazy(async () => ({ default: (await import('./shells/UserShell')).UserShell }));
const SuperShell = lazy(async () => ({ default: (await import('./shells/SuperShell')).SuperShell }));

function ShellFor({ shell, admin }: { shell: ShellId; admin: boolean }) {
  return shell === 'bare' ? (
    <Outlet />
  ) : (
    <Suspense fallback={<PageSkeleton />}>
      <SignedInShell shell={shell} admin={admin} />
    </Suspense>
  );
}

function SignedInShell({ shell, admin }: { shell: Exclude<ShellId, 'bare'>; admin: boolean }) {
  switch (shell) {
    case 'workspace':
      return admin ? <AdminShell /> : <UserShell />;
    case 'admin':
      return <AdminShell />;
    case 'user':
      return <UserShell />;
    case 'super':
      return <SuperShell />;
  }
}

/** Guards the matched row of the route table, then renders its shell around the page. */
export function ShellLayout({ shell }: { shell: ShellId }) {
  const row = useMatches()
    .map((m) => m.handle)
    .findLast(isRouteRow);
  const { session, pending, isSuperAdmin } = useSession();
  const { roleKind, activeTenantId } = useScope();
  const { search } = useLocation();

  if (!row) return <Navigate to={LOGIN_PATH} replace />;
  if (row.access.kind !== 'public' && pending) return <PageSkeleton />;

  const decision = decideAccess(row.access, { hasSession: session !== null, isSuperAdmin, roleKind });
  if (decision.type === 'redirect') {
    const addressTenantId = new URLSearchParams(search).get('tenant_id');
    return <Navigate to={redirectTarget(decision.to, { addressTenantId, activeTenantId })} replace />;
  }
  return <ShellFor shell={shell} admin={isSuperAdmin || roleKind === 'admin'} />;
}
