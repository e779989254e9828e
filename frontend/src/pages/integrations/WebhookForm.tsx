import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'sonner';
import { useCreateWebhook } from '../../api/integrations';
import type { CreatedWebhook, WebhookEvents } from '../../api/integrations';
import { Button } from '../../components/Button';
import { SelectField, TextField } from '../../components/Field';
import { ApiError, errorMessage } from '../../lib/http';
import { EVENT_CHOICES, INTEGRATION_MESSAGES } from './integration-text';

/** Create a webhook: URL (required), events, enabled (tenant-portal §5). */
export function WebhookForm({
  tenantId,
  onCreated,
}: {
  tenantId: string;
  onCreated: (webhook: CreatedWebhook) => void;
}) {
  const create = useCreateWebhook(tenantId);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvents>('all');
  const [enabled, setEnabled] = useState(true);
  const [urlError, setUrlError] = useState<string | null>(null);
  const detail = EVENT_CHOICES.find((choice) => choice.value === events)?.detail;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!url.trim()) {
      setUrlError(INTEGRATION_MESSAGES.urlRequired);
      return;
    }
    setUrlError(null);
    create.mutate(
      { url: url.trim(), events, enabled },
      {
        onSuccess: (webhook) => {
          setUrl('');
          setEvents('all');
          setEnabled(true);
          toast.success(INTEGRATION_MESSAGES.webhookCreated);
          onCreated(webhook);
        },
        onError: (err) => {
          // The server's 400 sentences are about the URL or the events; show them by the fields.
          if (err instanceof ApiError && err.status === 400) setUrlError(err.message);
          else toast.error(errorMessage(err, 'Add failed'));
        },
      },
    );
  }

  return (
    <form className="webhook-form" onSubmit={submit} noValidate>
      <TextField
        label="Webhook URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://example.com/hooks/portico"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={urlError}
        help="A public http:// or https:// address that accepts POST requests."
      />
      <SelectField
        label="Events"
        value={events}
        onChange={(e) => setEvents(e.target.value as WebhookEvents)}
        help={detail}
      >
        {EVENT_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </SelectField>
      <label className="checkbox webhook-form-enabled">
        <input type="checkbox" role="switch" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        Enabled
      </label>
      <Button type="submit" loading={create.isPending}>
        Add webhook
      </Button>
    </form>
  );
}
