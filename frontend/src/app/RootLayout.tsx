import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { LoadingScreen } from '../ui/LoadingScreen';
import { ScopeProvider } from '../lib/scope/ScopeProvider';
import { PostSignInRedirect } from '../lib/session/PostSignInRedirect';
import { useSession } from '../lib/session/session-context';
import { useDocumentTheme } from '../lib/theme/use-theme';

// With its toasts (sonner), it loads after the first paint: /login's first load stays within its budget.
const ImpersonationBanner = lazy(async () => ({
  default: (await import('./ImpersonationBanner')).ImpersonationBanner,
}));

export function RootLayout() {
  useDocumentTheme();
  const { loading } = useSession();
  if (loading) return <LoadingScreen />;
  return (
    <ScopeProvider>
      <Suspense fallback={null}>
        <ImpersonationBanner />
      </Suspense>
      <Outlet />
      <PostSignInRedirect />
    </ScopeProvider>
  );
}
