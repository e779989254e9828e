import { zodResolver } from '@hookform/resolvers/zod';
import { completeProfileBody } from '@portico/common';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import type { z } from 'zod';
import { client } from '../../../lib/api/typed-client';
import { Alert } from '../../../ui/Alert';
import { AuthCard } from '../AuthCard';
import { Button } from '../../../ui/Button';
import { Form, FormGrid } from '../../../ui/Form';
import { TextField } from '../../../ui/Field';
import { errorMessage } from '../../../lib/api/http';
import { useScope } from '../../../lib/scope/scope-context';
import { useSession } from '../../../lib/session/session-context';
import { NO_USER, PROFILE_NOT_SAVED, hasBothNames, profileDestination } from './profile-destination';

type CompleteProfile = z.output<typeof completeProfileBody>;

export function CompleteProfilePage() {
  const navigate = useNavigate();
  const { user, profile, refreshUser } = useSession();
  const { activeTenantId } = useScope();
  const form = useForm<z.input<typeof completeProfileBody>, unknown, CompleteProfile>({
    resolver: zodResolver(completeProfileBody),
    defaultValues: {
      first_name: profile?.first_name ?? '',
      last_name: profile?.last_name ?? '',
      linkedin: profile?.linkedin ?? '',
    },
    mode: 'onChange',
  });
  const { errors, touchedFields } = form.formState;

  async function save(body: CompleteProfile): Promise<string> {
    if (!user) throw new Error(NO_USER);
    await client.PUT('/profile', { body, tenantId: null });
    const saved = await client.GET('/profile', { tenantId: null });
    if (!hasBothNames(saved.profile)) throw new Error(PROFILE_NOT_SAVED);
    const answer = await refreshUser();
    if (!answer) throw new Error(NO_USER);
    const destination = profileDestination({
      isSuperAdmin: answer.is_super_admin,
      memberships: answer.memberships,
      preferredTenantId: activeTenantId,
    });
    if ('error' in destination) throw new Error(destination.error);
    return destination.to;
  }

  const saveProfile = useMutation({
    mutationFn: save,
    onSuccess: (to) => {
      toast.success('Profile saved');
      navigate(to, { replace: true });
    },
  });

  return (
    <AuthCard title="Complete Your Profile" description="Tell us your name so your team knows who you are.">
      <Form onSubmit={form.handleSubmit((body) => saveProfile.mutate(body))} noValidate>
        <FormGrid>
          <TextField
            label="First name"
            autoComplete="given-name"
            required
            {...form.register('first_name')}
            error={touchedFields.first_name ? errors.first_name?.message : null}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            required
            {...form.register('last_name')}
            error={touchedFields.last_name ? errors.last_name?.message : null}
          />
        </FormGrid>
        <TextField
          label="LinkedIn URL (optional)"
          type="url"
          inputMode="url"
          placeholder="https://www.linkedin.com/in/…"
          {...form.register('linkedin')}
          error={errors.linkedin?.message}
        />
        {saveProfile.error && <Alert tone="error">{errorMessage(saveProfile.error, PROFILE_NOT_SAVED)}</Alert>}
        <Button
          type="submit"
          block
          loading={saveProfile.isPending || saveProfile.isSuccess}
          disabled={!form.formState.isValid}
        >
          Save and Continue
        </Button>
      </Form>
    </AuthCard>
  );
}
