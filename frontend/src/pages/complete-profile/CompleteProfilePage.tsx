import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import type { Profile } from '../../api/types';
import { api } from '../../auth/client';
import { Alert } from '../../components/Alert';
import { AuthCard } from '../../components/AuthCard';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { errorMessage } from '../../lib/http';
import { LINKEDIN_INVALID, isOptionalHttpUrl } from '../../lib/validation';
import { useScope } from '../../scope/scope-context';
import { useSession } from '../../session/session-context';
import { NO_USER, PROFILE_NOT_SAVED, hasBothNames, profileDestination } from './profile-destination';

export function CompleteProfilePage() {
  const navigate = useNavigate();
  const { user, profile, refreshUser } = useSession();
  const { activeTenantId } = useScope();
  const [firstName, setFirstName] = useState(profile?.first_name ?? '');
  const [lastName, setLastName] = useState(profile?.last_name ?? '');
  const [linkedin, setLinkedin] = useState(profile?.linkedin ?? '');

  const linkedinError = isOptionalHttpUrl(linkedin) ? null : LINKEDIN_INVALID;
  const valid = firstName.trim() !== '' && lastName.trim() !== '' && !linkedinError;

  async function save(): Promise<string> {
    if (!user) throw new Error(NO_USER);
    await api('/api/profile', {
      method: 'PUT',
      body: { first_name: firstName.trim(), last_name: lastName.trim(), linkedin: linkedin.trim() },
      tenantId: null,
    });
    const saved = await api<{ profile: Profile | null }>('/api/profile', { tenantId: null });
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

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (valid) saveProfile.mutate();
  }

  return (
    <AuthCard title="Complete Your Profile" description="Tell us your name so your team knows who you are.">
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="form-grid">
          <TextField
            label="First name"
            autoComplete="given-name"
            required
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            required
            value={lastName}
            onChange={(e) => setLastName(e.target.value)}
          />
        </div>
        <TextField
          label="LinkedIn URL (optional)"
          type="url"
          inputMode="url"
          placeholder="https://www.linkedin.com/in/…"
          value={linkedin}
          onChange={(e) => setLinkedin(e.target.value)}
          error={linkedinError}
        />
        {saveProfile.error && <Alert tone="error">{errorMessage(saveProfile.error, PROFILE_NOT_SAVED)}</Alert>}
        <Button
          type="submit"
          className="btn-block"
          loading={saveProfile.isPending || saveProfile.isSuccess}
          disabled={!valid}
        >
          Save and Continue
        </Button>
      </form>
    </AuthCard>
  );
}
