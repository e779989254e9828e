import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Profile } from '../../api/types';
import { api } from '../../auth/client';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { errorMessage } from '../../lib/http';
import { LINKEDIN_INVALID, isOptionalHttpUrl } from '../../lib/validation';
import { useSession } from '../../session/session-context';
import { SettingsSection } from './SettingsSection';

interface ContactInfo {
  first_name: string;
  last_name: string;
  phone: string;
  linkedin: string;
}

function contactFrom(profile: Profile | null): ContactInfo {
  return {
    first_name: profile?.first_name ?? '',
    last_name: profile?.last_name ?? '',
    phone: profile?.phone ?? '',
    linkedin: profile?.linkedin ?? '',
  };
}

export function ProfileSection() {
  const { profile } = useSession();
  const initial = contactFrom(profile);
  return (
    <SettingsSection title="Your Profile" description="Your contact info, as your workspace sees it.">
      <ContactForm key={JSON.stringify(initial)} initial={initial} />
    </SettingsSection>
  );
}

function ContactForm({ initial }: { initial: ContactInfo }) {
  const { refreshUser } = useSession();
  const [values, setValues] = useState(initial);
  const set = (field: keyof ContactInfo) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const save = useMutation({
    mutationFn: (body: ContactInfo) =>
      api<{ profile: Profile }>('/api/profile', { method: 'PUT', body, tenantId: null }),
    onSuccess: () => {
      toast.success('Contact info updated!');
      void refreshUser();
    },
  });

  const linkedinError = isOptionalHttpUrl(values.linkedin) ? null : LINKEDIN_INVALID;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (linkedinError) return;
    save.mutate({
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      phone: values.phone.trim(),
      linkedin: values.linkedin.trim(),
    });
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <div className="form-grid">
        <TextField
          label="First name"
          autoComplete="given-name"
          value={values.first_name}
          onChange={set('first_name')}
        />
        <TextField label="Last name" autoComplete="family-name" value={values.last_name} onChange={set('last_name')} />
      </div>
      <div className="form-grid">
        <TextField label="Phone" type="tel" autoComplete="tel" value={values.phone} onChange={set('phone')} />
        <TextField
          label="LinkedIn URL"
          type="url"
          inputMode="url"
          value={values.linkedin}
          onChange={set('linkedin')}
          error={linkedinError}
        />
      </div>
      {save.isError && <Alert tone="error">{errorMessage(save.error, 'Update failed')}</Alert>}
      <div className="form-actions">
        <Button type="submit" loading={save.isPending} disabled={Boolean(linkedinError)}>
          Save Contact Info
        </Button>
      </div>
    </form>
  );
}
