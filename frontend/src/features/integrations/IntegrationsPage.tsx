import { Lock } from 'lucide-react';
import { ChooseTenant } from '../../ui/ChooseTenant';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { useScope } from '../../lib/scope/scope-context';
import { useAbilities } from '../../lib/scope/use-abilities';
import { ApiKeysSection } from './ApiKeysSection';
import { DocumentationSection } from './DocumentationSection';
import { INTEGRATION_MESSAGES } from './integration-text';
import { SlackSection } from './SlackSection';
import { WebhooksSection } from './WebhooksSection';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';

const TITLE = 'Integrations';
const DESCRIPTION =
  'Connect your own systems: API keys for the Portico API, webhooks for what happens in this workspace, and Slack for form submissions.';

/** /dashboard/admin/integrations (tenant-portal §2 Integrations): API Access, Webhooks, Slack, Documentation. */
export function IntegrationsPage() {
  const { activeTenantId } = useScope();
  const { manage_integrations } = useAbilities();

  if (!manage_integrations) {
    return (
      <Page>
        <PageHeader title={TITLE} />
        <Card as="div">
          <EmptyState icon={Lock} message={INTEGRATION_MESSAGES.adminsOnly} />
        </Card>
      </Page>
    );
  }

  return (
    <Page>
      <PageHeader title={TITLE} description={DESCRIPTION} />
      {activeTenantId ? (
        <>
          <ApiKeysSection tenantId={activeTenantId} />
          <WebhooksSection tenantId={activeTenantId} />
          <SlackSection tenantId={activeTenantId} />
          <DocumentationSection tenantId={activeTenantId} />
        </>
      ) : (
        <ChooseTenant message="Choose a tenant to manage its integrations." />
      )}
    </Page>
  );
}
