import { Link } from 'react-router-dom';
import { errorMessage } from '../../lib/api/http';
import { useScope } from '../../lib/scope/scope-context';
import { ErrorState } from '../../ui/ErrorState';
import { SettingsSection } from '../../ui/SettingsSection';
import { Skeleton } from '../../ui/Skeleton';
import { SsoForm } from './SsoForm';
import { useWorkspaceSso } from './sso-api';
import { WithTenantConfig } from './WithTenantConfig';

const DESCRIPTION =
  'Your team signs in with your own identity provider (OpenID Connect), and the sign-in page offers “Sign in with” your workspace. Clients keep signing in as they do now.';

/** Settings → Single sign-on (issue 31): the workspace's own OpenID Connect provider, on the Advanced plan. */
export function SsoSection({ tenantId }: { tenantId: string }) {
  return (
    <SettingsSection title="Single sign-on" description={DESCRIPTION}>
      <WithTenantConfig tenantId={tenantId} skeletonHeight={60}>
        {(config) => <SsoBody tenantId={tenantId} advanced={config.tier === 'advanced'} name={config.name} />}
      </WithTenantConfig>
    </SettingsSection>
  );
}

function SsoBody({ tenantId, advanced, name }: { tenantId: string; advanced: boolean; name: string }) {
  const sso = useWorkspaceSso(tenantId, advanced);
  const { tenantPath } = useScope();
  if (!advanced)
    return (
      <p>
        Single sign-on is available on the Advanced plan.{' '}
        <Link to={tenantPath('/dashboard/admin/billing')}>Upgrade in Billing</Link>
      </p>
    );
  if (sso.isPending) return <Skeleton height={200} />;
  if (sso.isError)
    return (
      <ErrorState
        message={errorMessage(sso.error, 'Failed to load single sign-on.')}
        onRetry={() => void sso.refetch()}
        retrying={sso.isFetching}
      />
    );
  return <SsoForm tenantId={tenantId} workspaceName={name} answer={sso.data} />;
}
