import { useState } from 'react';
import { Webhook as WebhookIcon } from 'lucide-react';
import { useWebhooks } from '../../api/integrations';
import type { CreatedWebhook } from '../../api/integrations';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Skeleton } from '../../components/Skeleton';
import { sectionBlock } from './integration-text';
import { OneTimeSecret } from './OneTimeSecret';
import { SectionCard } from './SectionCard';
import { SectionRefusal } from './SectionRefusal';
import { UpgradePrompt } from './UpgradePrompt';
import { WebhookForm } from './WebhookForm';
import { WebhookItem } from './WebhookItem';

const TITLE = 'Webhooks';
const DESCRIPTION = 'Portico sends a signed POST to your URL when something happens in this workspace.';

/** Webhooks: create (the signing secret shown once), list, enable or disable, Test, deliveries, delete. */
export function WebhooksSection({ tenantId }: { tenantId: string }) {
  const webhooks = useWebhooks(tenantId);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const block = sectionBlock(webhooks.error);

  if (block) {
    return (
      <SectionCard title={TITLE} description={DESCRIPTION}>
        {block.kind === 'plan' ? <UpgradePrompt feature="webhooks" message={block.message} /> : <SectionRefusal message={block.message} />}
      </SectionCard>
    );
  }

  return (
    <SectionCard title={TITLE} description={DESCRIPTION}>
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
      {webhooks.isPending && (
        <div className="integrations-loading" role="status" aria-label="Loading webhooks">
          <Skeleton height={64} />
          <Skeleton height={64} />
        </div>
      )}
      {webhooks.isError && <ErrorState message="Failed to load webhooks" onRetry={() => void webhooks.refetch()} retrying={webhooks.isFetching} />}
      {webhooks.isSuccess && webhooks.data.length === 0 && <EmptyState icon={WebhookIcon} message="No webhooks yet." />}
      {webhooks.isSuccess && webhooks.data.length > 0 && (
        <ul className="webhook-list" aria-label="Webhooks">
          {webhooks.data.map((webhook) => (
            <WebhookItem key={webhook.id} webhook={webhook} tenantId={tenantId} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
