import { useTenantDomainAction, useTenantDomains } from '../api/tenants';
import { DomainList } from '../../settings';
import { QueryView } from '../panels/parts';

/** The tenant's subdomain and custom domains, managed as its admin would (issue 14: Domains). */
export function DomainsTab({ tenantId }: { tenantId: string }) {
  const domains = useTenantDomains(tenantId);
  const actions = useTenantDomainAction(tenantId);
  return (
    <QueryView query={domains} failure="Failed to load domains" height={64}>
      {(answer) => (
        <DomainList
          answer={answer}
          actions={actions}
          notAllowed="Custom domains are available on the Pro and Advanced plans: change the tier under Manage to add one."
        />
      )}
    </QueryView>
  );
}
