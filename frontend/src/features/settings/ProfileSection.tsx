import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { profileBody, type ProfileChangesBody, type ProfileInput } from '@portico/common';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Profile } from '../../lib/api/types';
import { client } from '../../lib/api/typed-client';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { errorMessage } from '../../lib/api/http';
import { useSession } from '../../lib/session/session-context';
import { SettingsSection } from '../../ui/SettingsSection';
import { registeredField } from '../../lib/forms/registered-field';
import { Form, FormActions, FormGrid } from '../../ui/Form';

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

/**
 * The contact-info form: react-hook-form with the API's own schema (`profileBody` from
 * @portico/common), so the form refuses exactly what the server would, with the same sentence.
 */
function ContactForm({ initial }: { initial: ContactInfo }) {
  const { refreshUser } = useSession();
  const form = useForm<ProfileInput, unknown, ProfileChangesBody>({
    resolver: zodResolver(profileBody),
    defaultValues: initial,
    mode: 'onTouched',
  });

  const save = useMutation({
    mutationFn: (body: ProfileChangesBody) => client.PUT('/profile', { body, tenantId: null }),
    onSuccess: () => {
      toast.success('Contact info updated!');
      void refreshUser();
    },
  });

  return (
    <Form onSubmit={form.handleSubmit((body) => save.mutate(body))} noValidate>
      <FormGrid>
        <TextField label="First name" autoComplete="given-name" {...registeredField(form, 'first_name')} />
        <TextField label="Last name" autoComplete="family-name" {...registeredField(form, 'last_name')} />
      </FormGrid>
      <FormGrid>
        <TextField label="Phone" type="tel" autoComplete="tel" {...registeredField(form, 'phone')} />
        <TextField label="LinkedIn URL" type="url" inputMode="url" {...registeredField(form, 'linkedin')} />
      </FormGrid>
      {save.isError && <Alert tone="error">{errorMessage(save.error, 'Update failed')}</Alert>}
      <FormActions>
        <Button type="submit" loading={save.isPending}>
          Save Contact Info
        </Button>
      </FormActions>
    </Form>
  );
}
