import { Link } from 'react-router-dom';
import { useAddDomain, useDomains, useRemoveDomain, useVerifyDomain } from '../billing';
import { AddDomainForm, DomainList } from './DomainList';
import { ErrorState } from '../../ui/ErrorState';
import { Skeleton } from '../../ui/Skeleton';
import { errorMessage } from '../../lib/api/http';
import { useScope } from '../../lib/scope/scope-context';
import { SettingsSection } from '../../ui/SettingsSection';

const DESCRIPTION =
  'Your workspace answers at its own subdomain. Add a domain you own so clients reach the portal at your address, with a certificate issued automatically.';
const NO_TENANT = 'No active tenant selected. Please switch a workspace first.';

/** Settings → Domains (tenant-portal §2): the subdomain, custom domains with their TXT record, Verify and Remove. */
export function DomainsSection({ tenantId }: { tenantId: string | null }) {
  const domains = useDomains(tenantId);
  const actions = { add: useAddDomain(tenantId), verify: useVerifyDomain(tenantId), remove: useRemoveDomain(tenantId) };
  const { tenantPath } = useScope();

  let body;
  if (!tenantId) body = <AddDomainForm add={null} unavailable={NO_TENANT} />;
  else if (domains.isPending) body = <Skeleton height={64} />;
  else if (domains.isError)
    body = (
      <ErrorState
        message={errorMessage(domains.error, 'Failed to load domains')}
        onRetry={() => void domains.refetch()}
        retrying={domains.isFetching}
      />
    );
  else
    body = (
      <DomainList
        answer={domains.data}
        actions={actions}
        notAllowed={
          <>
            Custom domains are available on the Pro and Advanced plans.{' '}
            <Link to={tenantPath('/dashboard/admin/billing')}>Upgrade in Billing</Link>
          </>
        }
      />
    );

  return (
    <SettingsSection title="Domains" description={DESCRIPTION}>
      {body}
    </SettingsSection>
  );
}
