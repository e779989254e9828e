import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'sonner';
import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_DEFAULT_MS, TENANT_TIERS } from '@portico/common';
import type { AnnouncementAudience, TenantTier } from '@portico/common';
import { useAnnounce } from '../api/notifications';
import { Button } from '../../../ui/Button';
import { SelectField, TextAreaField, TextField } from '../../../ui/Field';
import { errorMessage } from '../../../lib/api/http';

/** `datetime-local` text for a moment, in the browser's time zone. */
function localInput(at: Date): string {
  const shifted = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** platform-console §5: split on commas, trimmed, blanks dropped. */
export const splitTenantIds = (text: string) =>
  text
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');

const AUDIENCE_LABELS: Record<AnnouncementAudience, string> = {
  all: 'Everyone',
  plan: 'Workspaces on a plan',
  tenants: 'Chosen workspaces',
};

/**
 * The Notify Admins compose form (platform-console §2): title, message, audience, plan, tenant ids,
 * start (now) and end (24 hours later). The plans are the real tiers (DECISIONS §4), not the old
 * app's pro/business/enterprise.
 */
export function AnnounceForm({ onSent }: { onSent?: () => void }) {
  const [opened] = useState(() => new Date());
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [audience, setAudience] = useState<AnnouncementAudience>('all');
  const [plan, setPlan] = useState<TenantTier>('pro');
  const [tenantIds, setTenantIds] = useState('');
  const [startAt, setStartAt] = useState(() => localInput(opened));
  const [endAt, setEndAt] = useState(() => localInput(new Date(opened.getTime() + ANNOUNCEMENT_DEFAULT_MS)));
  const [emailAdmins, setEmailAdmins] = useState(false);
  const announce = useAnnounce();

  const endBeforeStart = startAt !== '' && endAt !== '' && new Date(endAt) <= new Date(startAt);
  const ready =
    title.trim() !== '' &&
    message.trim() !== '' &&
    !endBeforeStart &&
    (audience !== 'tenants' || splitTenantIds(tenantIds).length > 0);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    announce.mutate(
      {
        title: title.trim(),
        message: message.trim(),
        audience,
        plan: audience === 'plan' ? plan : undefined,
        tenantIds: audience === 'tenants' ? splitTenantIds(tenantIds) : [],
        startAt: startAt ? new Date(startAt).toISOString() : undefined,
        endAt: endAt ? new Date(endAt).toISOString() : undefined,
        emailAdmins,
      },
      {
        onSuccess: ({ emailed }) => {
          toast.success('Announcement queued', {
            description: emailAdmins ? `${emailed} ${emailed === 1 ? 'email' : 'emails'} to admins queued.` : undefined,
          });
          const now = new Date();
          setTitle('');
          setMessage('');
          setStartAt(localInput(now));
          setEndAt(localInput(new Date(now.getTime() + ANNOUNCEMENT_DEFAULT_MS)));
          onSent?.();
        },
        onError: (err) => toast.error('Failed to announce', { description: errorMessage(err, '') || undefined }),
      },
    );
  }

  return (
    <form className="form" onSubmit={submit} aria-label="Announcement">
      <TextField label="Title" required maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} />
      <TextAreaField
        label="Message"
        required
        rows={3}
        maxLength={2000}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
      />
      <div className="form-grid">
        <SelectField
          label="Audience"
          value={audience}
          onChange={(e) => setAudience(e.target.value as AnnouncementAudience)}
        >
          {ANNOUNCEMENT_AUDIENCES.map((a) => (
            <option key={a} value={a}>
              {AUDIENCE_LABELS[a]}
            </option>
          ))}
        </SelectField>
        {audience === 'plan' && (
          <SelectField label="Plan" value={plan} onChange={(e) => setPlan(e.target.value as TenantTier)}>
            {TENANT_TIERS.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </SelectField>
        )}
        {audience === 'tenants' && (
          <TextField
            label="Tenant ids"
            help="Workspace ids separated by commas."
            value={tenantIds}
            onChange={(e) => setTenantIds(e.target.value)}
          />
        )}
      </div>
      <div className="form-grid">
        <TextField label="Start" type="datetime-local" value={startAt} onChange={(e) => setStartAt(e.target.value)} />
        <TextField
          label="End"
          type="datetime-local"
          value={endAt}
          onChange={(e) => setEndAt(e.target.value)}
          error={endBeforeStart ? 'End must be after start.' : null}
        />
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={emailAdmins} onChange={(e) => setEmailAdmins(e.target.checked)} />
        Email the admins
      </label>
      <div className="form-actions">
        <Button type="submit" loading={announce.isPending} disabled={!ready}>
          Send
        </Button>
      </div>
    </form>
  );
}
