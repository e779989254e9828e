import { useState } from 'react';
import type { FormEvent } from 'react';
import { useSuperTenants } from '../../api/queries';
import type { InviteAnswer } from '../../api/types';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { SelectField, TextField } from '../../components/Field';
import { isEmail } from '../../lib/validation';
import { tenantsLoadError } from './tenant-display';
import { inviteFailure, useInvite } from './use-invite';

const INVITE_ROLES = ['owner', 'admin', 'member'] as const;
const ALL_TENANTS = { q: '', tier: '', status: '' };

export function ExistingTenantForm({ onCreated }: { onCreated: (answer: InviteAnswer) => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('');
  const [tenantId, setTenantId] = useState('');
  const tenants = useSuperTenants(ALL_TENANTS);
  const invite = useInvite(onCreated);

  const valid = isEmail(email) && role !== '' && tenantId !== '';
  const tenantsError = tenants.isError ? tenantsLoadError(tenants.error) : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (valid) invite.mutate({ email: email.trim(), role, tenant_id: tenantId });
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Email"
        type="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={email && !isEmail(email) ? 'Enter a valid email address.' : null}
      />
      <SelectField label="Role" required value={role} onChange={(e) => setRole(e.target.value)}>
        <option value="" disabled>
          Choose a role
        </option>
        {INVITE_ROLES.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Tenant"
        required
        value={tenantId}
        onChange={(e) => setTenantId(e.target.value)}
        disabled={!tenants.isSuccess}
        error={tenantsError}
      >
        <option value="" disabled>
          {tenants.isPending ? 'Loading tenants…' : 'Choose a tenant'}
        </option>
        {tenants.data?.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </SelectField>
      {invite.isError && <Alert tone="error">{inviteFailure(invite.error)}</Alert>}
      <div className="form-actions">
        <Button type="submit" loading={invite.isPending} disabled={!valid}>
          Send Invite
        </Button>
      </div>
    </form>
  );
}
