import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import {
  detectProvider,
  EMBED_AUDIENCE_ALL,
  EMBED_MESSAGE_MS,
  EMBED_MESSAGES,
  EMBED_PROVIDERS,
  isEmbeddableUrl,
} from '@portico/common';
import { useTenantRoles } from '../../api/queries';
import { useAudienceUsers, useCreateEmbed } from '../../api/embeds';
import { Alert } from '../../components/Alert';
import type { AlertTone } from '../../components/Alert';
import { Button } from '../../components/Button';
import { SelectField, TextField } from '../../components/Field';
import { errorMessage } from '../../lib/http';
import { personName } from './embed-display';

interface Message {
  tone: AlertTone;
  text: string;
}

const EMPTY = {
  title: '',
  provider: '',
  url: '',
  audience: 'role' as 'role' | 'user',
  role: EMBED_AUDIENCE_ALL,
  userId: '',
  isActive: true,
  description: '',
};

/** Add Embed (tenant-portal §2, §5): title, provider (recognised from the URL), URL with a live preview, audience, status, description. */
export function EmbedForm({ tenantId }: { tenantId: string }) {
  const [form, setForm] = useState(EMPTY);
  /** Once the admin picks a provider by hand, the URL no longer changes it. */
  const [providerTouched, setProviderTouched] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const roles = useTenantRoles(tenantId);
  const users = useAudienceUsers(tenantId, form.audience === 'user');
  const create = useCreateEmbed(tenantId);
  const statusId = useId();
  const descriptionId = useId();

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function show(next: Message) {
    setMessage(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setMessage(null), EMBED_MESSAGE_MS);
  }

  function setUrl(url: string) {
    setForm((f) => ({ ...f, url, provider: providerTouched ? f.provider : url.trim() ? detectProvider(url).key : '' }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form.title.trim() || !form.provider || !form.url.trim())
      return show({ tone: 'error', text: EMBED_MESSAGES.fillRequired });
    if (form.audience === 'user' && !form.userId) return show({ tone: 'error', text: EMBED_MESSAGES.chooseUser });
    create.mutate(
      {
        title: form.title.trim(),
        provider: form.provider,
        url: form.url.trim(),
        embed_type: form.audience,
        role: form.audience === 'role' ? form.role : null,
        user_id: form.audience === 'user' ? form.userId : null,
        description: form.description.trim() || null,
        is_active: form.isActive,
      },
      {
        onSuccess: () => {
          show({ tone: 'success', text: EMBED_MESSAGES.added });
          setForm(EMPTY);
          setProviderTouched(false);
        },
        onError: (err) => show({ tone: 'error', text: errorMessage(err, EMBED_MESSAGES.saveFailed) }),
      },
    );
  }

  const previewable = isEmbeddableUrl(form.url);

  return (
    <section className="card embed-form-card" aria-labelledby="add-embed-title">
      <header className="card-header">
        <h2 className="card-title" id="add-embed-title">
          Add Embed
        </h2>
        <p className="card-description">Show a scheduling page, document or form inside the portal.</p>
      </header>
      <div className="embed-form-body">
        <form className="form" onSubmit={onSubmit} noValidate>
          <TextField
            label="Title"
            value={form.title}
            maxLength={200}
            onChange={(e) => setForm({ ...form, title: e.target.value })}
          />
          <TextField
            label="Embed URL"
            type="url"
            inputMode="url"
            placeholder="https://calendly.com/your-team/intro"
            value={form.url}
            help="A full https:// address. The provider is recognised from it."
            onChange={(e) => setUrl(e.target.value)}
          />
          <SelectField
            label="Provider"
            value={form.provider}
            onChange={(e) => {
              setProviderTouched(true);
              setForm({ ...form, provider: e.target.value });
            }}
          >
            <option value="">Choose a provider</option>
            {EMBED_PROVIDERS.map((p) => (
              <option key={p.key} value={p.key}>
                {p.label}
              </option>
            ))}
          </SelectField>
          <div className="form-grid">
            <SelectField
              label="Audience"
              value={form.audience}
              onChange={(e) => setForm({ ...form, audience: e.target.value as 'role' | 'user' })}
            >
              <option value="role">By user type</option>
              <option value="user">Individual user</option>
            </SelectField>
            {form.audience === 'role' ? (
              <SelectField
                label="User type"
                value={form.role}
                onChange={(e) => setForm({ ...form, role: e.target.value })}
                disabled={roles.isPending}
              >
                <option value={EMBED_AUDIENCE_ALL}>All members</option>
                {(roles.data ?? []).map((r) => (
                  <option key={r.role_key} value={r.role_key}>
                    {r.role_label}
                  </option>
                ))}
              </SelectField>
            ) : (
              <SelectField
                label="User"
                value={form.userId}
                onChange={(e) => setForm({ ...form, userId: e.target.value })}
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
          </div>
          <div className="field">
            <label className="field-label" htmlFor={descriptionId}>
              Description
            </label>
            <textarea
              id={descriptionId}
              className="input embed-description"
              rows={3}
              maxLength={2000}
              value={form.description}
              onChange={(e) => setForm({ ...form, description: e.target.value })}
            />
          </div>
          <div className="embed-status-row">
            <input
              id={statusId}
              type="checkbox"
              className="switch"
              role="switch"
              checked={form.isActive}
              onChange={(e) => setForm({ ...form, isActive: e.target.checked })}
            />
            <label htmlFor={statusId}>{form.isActive ? 'Active' : 'Inactive'}</label>
          </div>
          {message && <Alert tone={message.tone}>{message.text}</Alert>}
          <div className="form-actions">
            <Button type="submit" loading={create.isPending}>
              Add Embed
            </Button>
          </div>
        </form>
        <div className="embed-preview" aria-live="polite">
          <p className="field-label">Preview</p>
          {previewable ? (
            <iframe
              key={form.url.trim()}
              className="embed-preview-frame"
              title={`Preview of ${form.title.trim() || 'the embed'}`}
              src={form.url.trim()}
              sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
              referrerPolicy="no-referrer"
              loading="lazy"
            />
          ) : (
            <div className="embed-preview-empty">
              {form.url.trim() ? 'The preview needs a full https:// address.' : 'Enter a URL to see a preview.'}
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
