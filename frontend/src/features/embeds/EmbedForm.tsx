import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, type FieldErrors, useWatch } from 'react-hook-form';
import {
  detectProvider,
  EMBED_AUDIENCE_ALL,
  EMBED_MESSAGE_MS,
  EMBED_MESSAGES,
  EMBED_PROVIDERS,
  embedCreateBody,
  isEmbeddableUrl,
} from '@portico/common';
import type { z } from 'zod';
import { useTenantRoles } from '../../lib/api/queries';
import { useAudienceUsers, useCreateEmbed } from './api';
import { Alert } from '../../ui/Alert';
import type { AlertTone } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Card, CardHeader } from '../../ui/Card';
import { SelectField, TextAreaField, TextField } from '../../ui/Field';
import { Form, FormActions, FormGrid } from '../../ui/Form';
import { errorMessage } from '../../lib/api/http';
import { useFadingMessage } from '../../ui/use-fading-message';
import { personName } from './embed-display';
import { RoleOptions } from '../people';
import styles from './EmbedForm.module.css';
import { Switch } from '../../ui/Switch';

interface Message {
  tone: AlertTone;
  text: string;
}

interface EmbedFields {
  title: string;
  provider: string;
  url: string;
  embed_type: 'role' | 'user';
  role?: string;
  user_id?: string;
  description: string;
  is_active: boolean;
}

const EMPTY: EmbedFields = {
  title: '',
  provider: '',
  url: '',
  embed_type: 'role',
  role: EMBED_AUDIENCE_ALL,
  user_id: '',
  description: '',
  is_active: true,
};

type NewEmbed = z.output<typeof embedCreateBody>;
/** `embedCreateBody` reads any body first (to answer a gap with one sentence), so its input type is `unknown`. */
const embedForm = embedCreateBody as z.ZodType<NewEmbed, EmbedFields>;

/**
 * Add Embed (tenant-portal §2, §5): title, provider (recognised from the URL), URL with a live
 * preview, audience, status, description. Checked with the API's own `embedCreateBody`; its first
 * sentence shows as the form's timed message, as the spec has it.
 */
export function EmbedForm({ tenantId }: { tenantId: string }) {
  const form = useForm<EmbedFields, unknown, NewEmbed>({
    resolver: zodResolver(embedForm),
    defaultValues: EMPTY,
    shouldUnregister: true,
  });
  const [message, show] = useFadingMessage<Message>(EMBED_MESSAGE_MS);
  const roles = useTenantRoles(tenantId);
  const [audience, url, title, isActive] = useWatch({
    control: form.control,
    name: ['embed_type', 'url', 'title', 'is_active'],
  });
  const users = useAudienceUsers(tenantId, audience === 'user');
  const create = useCreateEmbed(tenantId);
  const statusId = useId();

  /** Until the admin picks a provider by hand, the URL decides it. */
  function urlChanged(next: string) {
    if (form.getFieldState('provider').isDirty) return;
    form.setValue('provider', next.trim() ? detectProvider(next).key : '');
  }

  function submit(body: NewEmbed) {
    create.mutate(body, {
      onSuccess: () => {
        show({ tone: 'success', text: EMBED_MESSAGES.added });
        form.reset(EMPTY);
      },
      onError: (err) => show({ tone: 'error', text: errorMessage(err, EMBED_MESSAGES.saveFailed) }),
    });
  }

  function refused(errors: FieldErrors<EmbedFields>) {
    const first = Object.values(errors)[0];
    show({ tone: 'error', text: first?.message ?? EMBED_MESSAGES.fillRequired });
  }

  const previewable = isEmbeddableUrl(url);
  const urlField = form.register('url', { onChange: (e: { target: { value: string } }) => urlChanged(e.target.value) });

  return (
    <Card aria-labelledby="add-embed-title">
      <CardHeader
        id="add-embed-title"
        title="Add Embed"
        description="Show a scheduling page, document or form inside the portal."
      />
      <div className={styles.body}>
        <Form onSubmit={form.handleSubmit(submit, refused)} noValidate>
          <TextField label="Title" maxLength={200} {...form.register('title')} />
          <TextField
            label="Embed URL"
            type="url"
            inputMode="url"
            placeholder="https://calendly.com/your-team/intro"
            help="A full https:// address. The provider is recognised from it."
            {...urlField}
          />
          <SelectField label="Provider" {...form.register('provider')}>
            <option value="">Choose a provider</option>
            {EMBED_PROVIDERS.map((p) => (
              <option key={p.key} value={p.key}>
                {p.label}
              </option>
            ))}
          </SelectField>
          <FormGrid>
            <SelectField label="Audience" {...form.register('embed_type')}>
              <option value="role">By user type</option>
              <option value="user">Individual user</option>
            </SelectField>
            {audience === 'role' ? (
              <SelectField label="User type" {...form.register('role')} disabled={roles.isPending}>
                <option value={EMBED_AUDIENCE_ALL}>All members</option>
                <RoleOptions roles={roles.data} />
              </SelectField>
            ) : (
              <SelectField
                label="User"
                {...form.register('user_id')}
                disabled={users.isPending}
                error={users.isError ? 'Failed to fetch users' : null}
              >
                <option value="">{users.isPending ? 'Loading users…' : 'Choose a user'}</option>
                {(users.data ?? []).map((u) => (
                  <option key={u.id} value={u.id}>
                    {personName(u)}
                  </option>
                ))}
              </SelectField>
            )}
          </FormGrid>
          <TextAreaField label="Description" rows={3} maxLength={2000} {...form.register('description')} />
          <div className={styles.statusRow}>
            <Switch id={statusId} {...form.register('is_active')} />
            <label htmlFor={statusId}>{isActive ? 'Active' : 'Inactive'}</label>
          </div>
          {message && <Alert tone={message.tone}>{message.text}</Alert>}
          <FormActions>
            <Button type="submit" loading={create.isPending}>
              Add Embed
            </Button>
          </FormActions>
        </Form>
        <div className={styles.preview} aria-live="polite">
          <p className={styles.previewLabel}>Preview</p>
          {previewable ? (
            <iframe
              key={url.trim()}
              className={styles.previewFrame}
              title={`Preview of ${title.trim() || 'the embed'}`}
              src={url.trim()}
              sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
              referrerPolicy="no-referrer"
              loading="lazy"
            />
          ) : (
            <div className={styles.previewEmpty}>
              {url.trim() ? 'The preview needs a full https:// address.' : 'Enter a URL to see a preview.'}
            </div>
          )}
        </div>
      </div>
    </Card>
  );
}
