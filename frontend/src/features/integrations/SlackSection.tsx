import { zodResolver } from '@hookform/resolvers/zod';
import { tenantSlackBody } from '@portico/common';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { usePlatformSwitches, useSaveTenantSlack, useTenantSlack } from './api';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { ErrorState } from '../../ui/ErrorState';
import { TextField } from '../../ui/Field';
import { Form, FormActions } from '../../ui/Form';
import { Skeleton } from '../../ui/Skeleton';
import { errorMessage } from '../../lib/api/http';
import { showFailure } from './show-failure';
import { sectionBlock } from './integration-text';
import { SectionCard } from './SectionCard';
import text from './text.module.css';
import { registeredField } from '../../lib/forms/registered-field';

const TITLE = 'Slack';
const DESCRIPTION = 'Every form submission is posted to your Slack channel through an incoming webhook.';

type SlackUrl = z.output<typeof tenantSlackBody>;

/** A new incoming-webhook URL, checked with the API's own `tenantSlackBody`; the server's 400 shows by the field. */
function SlackForm({ tenantId, configured }: { tenantId: string; configured: boolean }) {
  const save = useSaveTenantSlack(tenantId);
  const form = useForm<z.input<typeof tenantSlackBody>, unknown, SlackUrl>({
    resolver: zodResolver(tenantSlackBody),
    defaultValues: { url: '' },
  });
  const url = useWatch({ control: form.control, name: 'url' });

  function submit(body: SlackUrl) {
    save.mutate(body.url, {
      onSuccess: () => {
        toast.success('Slack webhook saved.');
        form.reset();
      },
      onError: (err) =>
        showFailure(err, (message) => form.setError('url', { message }), 'The Slack webhook could not be saved.'),
    });
  }

  return (
    <Form onSubmit={form.handleSubmit(submit)} aria-label="Slack webhook" noValidate>
      <TextField
        label={configured ? 'New incoming-webhook URL' : 'Incoming-webhook URL'}
        type="url"
        placeholder="https://hooks.slack.com/services/…"
        autoComplete="off"
        {...registeredField(form, 'url')}
      />
      <FormActions>
        <Button type="submit" loading={save.isPending} disabled={url.trim() === ''}>
          Save
        </Button>
      </FormActions>
    </Form>
  );
}

/** Slack: the workspace's incoming-webhook URL, shown masked once saved. */
export function SlackSection({ tenantId }: { tenantId: string }) {
  const slack = useTenantSlack(tenantId);
  const block = sectionBlock(slack.error);

  return (
    <SectionCard title={TITLE} description={DESCRIPTION} feature="Slack" block={block}>
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
          <p className={text.muted}>{slack.data.masked ? `Saved: ${slack.data.masked}` : 'No Slack webhook saved.'}</p>
          <SlackForm tenantId={tenantId} configured={slack.data.configured} />
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
