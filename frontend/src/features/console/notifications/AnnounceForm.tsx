import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  announceBody,
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_DEFAULT_MS,
  NOTIFICATION_MESSAGES,
  TENANT_TIERS,
} from '@portico/common';
import type { AnnouncementAudience } from '@portico/common';
import { useAnnounce } from '../api/notifications';
import { Button } from '../../../ui/Button';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../ui/Field';
import { Form, FormActions, FormGrid } from '../../../ui/Form';
import { errorMessage } from '../../../lib/api/http';

/** `datetime-local` text for a moment, in the browser's time zone. */
function localInput(at: Date): string {
  const shifted = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** The window a new announcement proposes: from now, for the default 24 hours. */
function freshWindow() {
  const now = new Date();
  return { startAt: localInput(now), endAt: localInput(new Date(now.getTime() + ANNOUNCEMENT_DEFAULT_MS)) };
}

const AUDIENCE_LABELS: Record<AnnouncementAudience, string> = {
  all: 'Everyone',
  plan: 'Workspaces on a plan',
  tenants: 'Chosen workspaces',
};

/** The API's own announcement schema, and an end that comes after the start. */
const announceForm = announceBody.superRefine((body, issues) => {
  if (body.startAt && body.endAt && body.endAt <= body.startAt)
    issues.addIssue({ code: 'custom', message: NOTIFICATION_MESSAGES.endAfterStart, path: ['endAt'] });
});

/** The form holds the tenant ids as typed and the moments as `datetime-local` text; the schema reads both. */
type AnnounceFields = z.input<typeof announceForm>;

/**
 * The Notify Admins compose form (platform-console §2): title, message, audience, plan, tenant ids,
 * start (now) and end (24 hours later). The plans are the real tiers (DECISIONS §4), not the old
 * app's pro/business/enterprise. Plan and tenant ids count only while their audience is chosen.
 */
export function AnnounceForm({ onSent }: { onSent?: () => void }) {
  const form = useForm<AnnounceFields, unknown, z.output<typeof announceForm>>({
    resolver: zodResolver(announceForm),
    defaultValues: {
      title: '',
      message: '',
      audience: 'all',
      plan: 'pro',
      tenantIds: '',
      emailAdmins: false,
      ...freshWindow(),
    },
    mode: 'onChange',
    shouldUnregister: true,
  });
  const announce = useAnnounce();
  const audience = useWatch({ control: form.control, name: 'audience' });
  const { errors, touchedFields, isValid } = form.formState;
  const shown = (name: keyof AnnounceFields) => (touchedFields[name] ? errors[name]?.message : null);
  // The schema checks each id on its own: its message is on the first id it refused.
  const idsError = errors.tenantIds as { message?: string } | Array<{ message?: string } | undefined> | undefined;
  const tenantIdsMessage = Array.isArray(idsError) ? idsError.find(Boolean)?.message : idsError?.message;

  const submit = form.handleSubmit((body) =>
    announce.mutate(
      { ...body, startAt: body.startAt?.toISOString(), endAt: body.endAt?.toISOString() },
      {
        onSuccess: ({ emailed }) => {
          toast.success('Announcement queued', {
            description: body.emailAdmins
              ? `${emailed} ${emailed === 1 ? 'email' : 'emails'} to admins queued.`
              : undefined,
          });
          form.reset({ ...form.getValues(), title: '', message: '', ...freshWindow() });
          onSent?.();
        },
        onError: (err) => toast.error('Failed to announce', { description: errorMessage(err, '') || undefined }),
      },
    ),
  );

  return (
    <Form onSubmit={(event) => void submit(event)} aria-label="Announcement" noValidate>
      <TextField label="Title" required maxLength={200} {...form.register('title')} error={shown('title')} />
      <TextAreaField
        label="Message"
        required
        rows={3}
        maxLength={2000}
        {...form.register('message')}
        error={shown('message')}
      />
      <FormGrid>
        <SelectField label="Audience" {...form.register('audience')}>
          {ANNOUNCEMENT_AUDIENCES.map((a) => (
            <option key={a} value={a}>
              {AUDIENCE_LABELS[a]}
            </option>
          ))}
        </SelectField>
        {audience === 'plan' && (
          <SelectField label="Plan" {...form.register('plan')}>
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
            {...form.register('tenantIds')}
            error={touchedFields.tenantIds ? tenantIdsMessage : null}
          />
        )}
      </FormGrid>
      <FormGrid>
        <TextField label="Start" type="datetime-local" {...form.register('startAt')} error={errors.startAt?.message} />
        <TextField label="End" type="datetime-local" {...form.register('endAt')} error={errors.endAt?.message} />
      </FormGrid>
      <CheckboxField label="Email the admins" {...form.register('emailAdmins')} />
      <FormActions>
        <Button type="submit" loading={announce.isPending} disabled={!isValid}>
          Send
        </Button>
      </FormActions>
    </Form>
  );
}
