import { zodResolver } from '@hookform/resolvers/zod';
import { existingTenantInvitation } from '@portico/common';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSuperTenants } from './api/tenants';
import type { InviteAnswer } from '../../lib/api/types';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { SelectField, TextField } from '../../ui/Field';
import { Form, FormActions } from '../../ui/Form';
import { tenantsLoadError } from './tenant-display';
import { inviteFailure, useInvite } from './use-invite';

const INVITE_ROLES = existingTenantInvitation.shape.role.options;
const ALL_TENANTS = { q: '', tier: '', status: '' };

type ExistingTenantFields = z.input<typeof existingTenantInvitation>;

/** Someone invited into a workspace that exists; checked with the API's own schema (`existingTenantInvitation`). */
export function ExistingTenantForm({ onCreated }: { onCreated: (answer: InviteAnswer) => void }) {
  const form = useForm<ExistingTenantFields, unknown, z.output<typeof existingTenantInvitation>>({
    resolver: zodResolver(existingTenantInvitation),
    defaultValues: { email: '', role: '' as ExistingTenantFields['role'], tenant_id: '' },
    mode: 'onChange',
  });
  const tenants = useSuperTenants(ALL_TENANTS);
  const invite = useInvite(onCreated);
  const tenantsError = tenants.isError ? tenantsLoadError(tenants.error) : null;
  const { errors, touchedFields } = form.formState;

  return (
    <Form onSubmit={(event) => void form.handleSubmit((body) => invite.mutate(body))(event)} noValidate>
      <TextField
        label="Email"
        type="email"
        required
        {...form.register('email')}
        error={touchedFields.email ? errors.email?.message : null}
      />
      <SelectField label="Role" required {...form.register('role')}>
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
        {...form.register('tenant_id')}
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
      <FormActions>
        <Button type="submit" loading={invite.isPending} disabled={!form.formState.isValid}>
          Send Invite
        </Button>
      </FormActions>
    </Form>
  );
}
