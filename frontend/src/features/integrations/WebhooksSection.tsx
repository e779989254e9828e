import { useState } from 'react';
import { Webhook as WebhookIcon } from 'lucide-react';
import { useWebhooks } from './api';
import type { CreatedWebhook } from './api';
import { IntegrationList } from './IntegrationList';
import { sectionBlock } from './integration-text';
import { OneTimeSecret } from './OneTimeSecret';
import { SectionCard } from './SectionCard';
import { WebhooksOffNotice } from './SlackSection';
import { WebhookForm } from './WebhookForm';
import { WebhookItem } from './WebhookItem';
import styles from './WebhooksSection.module.css';

const TITLE = 'Webhooks';
const DESCRIPTION = 'Portico sends a signed POST to your URL when something happens in this workspace.';

/** Webhooks: create (the signing secret shown once), list, enable or disable, Test, deliveries, delete. */
export function WebhooksSection({ tenantId }: { tenantId: string }) {
  const webhooks = useWebhooks(tenantId);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const block = sectionBlock(webhooks.error);

  return (
    <SectionCard title={TITLE} description={DESCRIPTION} feature="webhooks" block={block}>
      <WebhooksOffNotice tenantId={tenantId} />
      <WebhookForm tenantId={tenantId} onCreated={setCreated} />
      {created && (
        <OneTimeSecret
          key={created.secret}
          title="Signing secret for your new webhook"
          label="Webhook signing secret"
          value={created.secret}
          note="Copy it now: it will not be shown again. Each delivery is signed with it (Standard Webhooks webhook-signature, and x-portico-signature: sha256=<hex HMAC of timestamp.body>)."
          onDismiss={() => setCreated(null)}
        />
      )}
      <IntegrationList
        query={webhooks}
        name="webhooks"
        placeholderHeight={64}
        empty={{ icon: WebhookIcon, message: 'No webhooks yet.' }}
      >
        {(items) => (
          <ul className={styles.list} aria-label="Webhooks">
            {items.map((webhook) => (
              <WebhookItem key={webhook.id} webhook={webhook} tenantId={tenantId} />
            ))}
          </ul>
        )}
      </IntegrationList>
    </SectionCard>
  );
}
