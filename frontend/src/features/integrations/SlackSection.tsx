import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'sonner';
import { usePlatformSwitches, useSaveTenantSlack, useTenantSlack } from './api';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { ErrorState } from '../../ui/ErrorState';
import { TextField } from '../../ui/Field';
import { Skeleton } from '../../ui/Skeleton';
import { errorMessage } from '../../lib/api/http';
import { sectionBlock } from './integration-text';
import { SectionCard } from './SectionCard';
import { SectionRefusal } from './SectionRefusal';
import { UpgradePrompt } from './UpgradePrompt';

const TITLE = 'Slack';
const DESCRIPTION = 'Every form submission is posted to your Slack channel through an incoming webhook.';

/** Slack: the workspace's incoming-webhook URL, shown masked once saved. */
export function SlackSection({ tenantId }: { tenantId: string }) {
  const slack = useTenantSlack(tenantId);
  const save = useSaveTenantSlack(tenantId);
  const [url, setUrl] = useState('');
  const block = sectionBlock(slack.error);

  if (block) {
    return (
      <SectionCard title={TITLE} description={DESCRIPTION}>
        {block.kind === 'plan' ? (
          <UpgradePrompt feature="Slack" message={block.message} />
        ) : (
          <SectionRefusal message={block.message} />
        )}
      </SectionCard>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (url.trim() === '') return;
    save.mutate(url, {
      onSuccess: () => {
        toast.success('Slack webhook saved.');
        setUrl('');
      },
      onError: (err) => toast.error(errorMessage(err, 'The Slack webhook could not be saved.')),
    });
  }

  return (
    <SectionCard title={TITLE} description={DESCRIPTION}>
      {slack.isError ? (
        <ErrorState
          message={errorMessage(slack.error, 'Failed to load the Slack webhook.')}
          onRetry={() => void slack.refetch()}
        />
      ) : slack.isPending ? (
        <Skeleton height={64} />
      ) : (
        <>
          {!slack.data.platformEnabled && (
            <Alert tone="info">
              Slack is turned off for this workspace by the platform: submissions are not posted.
            </Alert>
          )}
          <p className="cell-note">{slack.data.masked ? `Saved: ${slack.data.masked}` : 'No Slack webhook saved.'}</p>
          <form className="integration-form" onSubmit={submit} aria-label="Slack webhook">
            <TextField
              label={slack.data.configured ? 'New incoming-webhook URL' : 'Incoming-webhook URL'}
              type="url"
              placeholder="https://hooks.slack.com/services/…"
              autoComplete="off"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
            <div className="form-actions">
              <Button type="submit" loading={save.isPending} disabled={url.trim() === ''}>
                Save
              </Button>
            </div>
          </form>
        </>
      )}
    </SectionCard>
  );
}

/** The notice a workspace's admins see when the platform turned its webhooks off. */
export function WebhooksOffNotice({ tenantId }: { tenantId: string }) {
  const switches = usePlatformSwitches(tenantId);
  if (switches.data?.webhooks !== false) return null;
  return (
    <Alert tone="info">Webhooks are turned off for this workspace by the platform: new events are not delivered.</Alert>
  );
}
