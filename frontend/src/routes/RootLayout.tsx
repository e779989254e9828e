import { Outlet } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen';
import { ScopeProvider } from '../scope/ScopeProvider';
import { ImpersonationBanner } from '../session/ImpersonationBanner';
import { PostSignInRedirect } from '../session/PostSignInRedirect';
import { useSession } from '../session/session-context';

export function RootLayout() {
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
