import { zodResolver } from '@hookform/resolvers/zod';
import { webhookCreateBody } from '@portico/common';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { useCreateWebhook } from './api';
import type { CreatedWebhook, WebhookInput } from './api';
import { Button } from '../../ui/Button';
import { CheckboxField, SelectField, TextField } from '../../ui/Field';
import { showFailure } from './show-failure';
import { EVENT_CHOICES, INTEGRATION_MESSAGES } from './integration-text';
import styles from './WebhookForm.module.css';
import { registeredField } from '../../lib/forms/registered-field';

type WebhookFields = z.input<typeof webhookCreateBody>;

const EMPTY: WebhookFields = { url: '', events: 'all', enabled: true };

/**
 * Create a webhook: URL (required), events, enabled (tenant-portal §5). react-hook-form with the
 * API's own schema (`webhookCreateBody`), so the form refuses what the server would, in its words.
 */
export function WebhookForm({
  tenantId,
  onCreated,
}: {
  tenantId: string;
  onCreated: (webhook: CreatedWebhook) => void;
}) {
  const create = useCreateWebhook(tenantId);
  const form = useForm<WebhookFields, unknown, WebhookInput>({
    resolver: zodResolver(webhookCreateBody),
    defaultValues: EMPTY,
  });
  const events = useWatch({ control: form.control, name: 'events' });
  const detail = EVENT_CHOICES.find((choice) => choice.value === events)?.detail;

  function submit(input: WebhookInput) {
    create.mutate(input, {
      onSuccess: (webhook) => {
        form.reset(EMPTY);
        toast.success(INTEGRATION_MESSAGES.webhookCreated);
        onCreated(webhook);
      },
      // The server's 400 sentences are about the URL (it resolves it).
      onError: (err) => showFailure(err, (message) => form.setError('url', { message }), 'Add failed'),
    });
  }

  return (
    <form className={styles.form} onSubmit={form.handleSubmit(submit)} noValidate>
      <TextField
        label="Webhook URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://example.com/hooks/portico"
        {...registeredField(form, 'url')}
        help="A public http:// or https:// address that accepts POST requests."
      />
      <SelectField label="Events" {...form.register('events')} help={detail}>
        {EVENT_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </SelectField>
      <CheckboxField label="Enabled" role="switch" className={styles.enabled} {...form.register('enabled')} />
      <Button type="submit" loading={create.isPending}>
        Add webhook
      </Button>
    </form>
  );
}
