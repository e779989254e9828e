import { zodResolver } from '@hookform/resolvers/zod';
import { NAME_GIVES_NO_SLUG, newTenantInvitation, slugFromName } from '@portico/common';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { InviteAnswer } from '../../lib/api/types';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { CheckboxField, TextField } from '../../ui/Field';
import { Form, FormActions } from '../../ui/Form';
import { TierSeatsFields } from './TierSeatsFields';
import { inviteFailure, useInvite } from './use-invite';

type NewTenantFields = z.input<typeof newTenantInvitation>;

/**
 * A new workspace and its first admin, checked with the API's own schema (`newTenantInvitation`);
 * the slug is the one the API would make from the name.
 */
export function NewTenantForm({ onCreated }: { onCreated: (answer: InviteAnswer) => void }) {
  const form = useForm<NewTenantFields, unknown, z.output<typeof newTenantInvitation>>({
    resolver: zodResolver(newTenantInvitation),
    defaultValues: {
      tenant: { name: '', tier: 'starter', seats_total: 3 },
      admin: { email: '' },
      bypass_billing: false,
    },
    mode: 'onChange',
  });
  const invite = useInvite(onCreated);
  const { errors, touchedFields } = form.formState;
  const name = useWatch({ control: form.control, name: 'tenant.name' });
  const slug = slugFromName(name);
  const slugError = name.trim() !== '' && slug.length < 2 ? NAME_GIVES_NO_SLUG : null;

  return (
    <Form
      onSubmit={(event) =>
        void form.handleSubmit((body) => invite.mutate({ ...body, tenant: { ...body.tenant, slug } }))(event)
      }
      noValidate
    >
      <TextField
        label="Tenant name"
        required
        {...form.register('tenant.name')}
        error={touchedFields.tenant?.name ? errors.tenant?.name?.message : null}
      />
      <TextField label="Slug" value={slug} readOnly help="Generated from the name." error={slugError} />
      <TierSeatsFields
        tier={form.register('tenant.tier')}
        seats={{ ...form.register('tenant.seats_total'), error: errors.tenant?.seats_total?.message }}
      />
      <TextField
        label="First admin email"
        type="email"
        required
        {...form.register('admin.email')}
        error={touchedFields.admin?.email ? errors.admin?.email?.message : null}
      />
      <CheckboxField label="Bypass Billing" {...form.register('bypass_billing')} />
      {invite.isError && <Alert tone="error">{inviteFailure(invite.error)}</Alert>}
      <FormActions>
        <Button type="submit" loading={invite.isPending} disabled={!form.formState.isValid || slugError !== null}>
          Create Tenant
        </Button>
      </FormActions>
    </Form>
  );
}
