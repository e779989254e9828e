import { Outlet } from 'react-router-dom';
import { LoadingScreen } from '../ui/LoadingScreen';
import { ScopeProvider } from '../lib/scope/ScopeProvider';
import { ImpersonationBanner } from './ImpersonationBanner';
import { PostSignInRedirect } from '../lib/session/PostSignInRedirect';
import { useSession } from '../lib/session/session-context';
import { useDocumentTheme } from '../lib/theme/use-theme';

export function RootLayout() {
  useDocumentTheme();
  const { loading } = useSession();
  if (loading) return <LoadingScreen />;
  return (
    <ScopeProvider>
      <ImpersonationBanner />
      <Outlet />
      <PostSignInRedirect />
    </ScopeProvider>
  );
}
