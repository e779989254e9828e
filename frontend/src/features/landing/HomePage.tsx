import { lazy, Suspense, useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { useSite } from '../../lib/site/site';
import { PageSkeleton } from '../../ui/Skeleton';
import { LOGIN_PATH } from '../../lib/routes/table';

const loadLanding = () => import('./LandingPage');
const LandingPage = lazy(async () => ({ default: (await loadLanding()).LandingPage }));

/**
 * `/`: on the platform's host the landing page, in its own chunk so visitors never load the
 * signed-in app; on a workspace's host that workspace's branded sign-in (platform-console §2).
 */
export function HomePage() {
  const site = useSite();
  // The landing page's code comes while the site is asked what it is: one round trip, not two.
  useEffect(() => {
    void loadLanding();
  }, []);

  if (site.data?.kind === 'tenant') return <Navigate to={LOGIN_PATH} replace />;
  if (site.isPending) return <PageSkeleton />;
  return (
    <Suspense fallback={<PageSkeleton />}>
      <LandingPage site={site.data ?? null} />
    </Suspense>
  );
}
