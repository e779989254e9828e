import { useState } from 'react';
import { Bug } from 'lucide-react';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { Button } from '../../../ui/Button';
import { GlobalIntegrationsCard } from './GlobalIntegrationsCard';
import { TenantTogglesCard } from './TenantTogglesCard';
import { WebhookDebugger } from './WebhookDebugger';

/** /super/integrations (platform-console §2 Integrations): the platform's credentials, each workspace's switches, the webhook debugger. */
export function IntegrationsPage() {
  const [debugging, setDebugging] = useState(false);
  return (
    <Page>
      <PageHeader
        title="Integrations"
        description="The platform's own credentials, stored encrypted and shown masked, and which integrations each workspace may use."
        actions={
          <Button variant="secondary" onClick={() => setDebugging(true)}>
            <Bug size={16} aria-hidden /> Webhook debugger
          </Button>
        }
      />
      <GlobalIntegrationsCard />
      <TenantTogglesCard />
      <WebhookDebugger open={debugging} onOpenChange={setDebugging} />
    </Page>
  );
}
