import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { newTenantInvitation, tenantDeletion } from '@portico/common';
import { z } from 'zod';
import type { SuperTenant } from '../../../lib/api/types';
import { useDeleteTenant, useUpdateTenant } from '../api/tenants';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { ReasonField } from '../ReasonField';
import { Form, FormActions } from '../../../ui/Form';
import { errorMessage } from '../../../lib/api/http';
import { TierSeatsFields } from '../TierSeatsFields';
import { BillingControl } from './BillingControl';
import styles from './ManageTab.module.css';
import { registeredField } from '../../../lib/forms/registered-field';

/** The plan fields, checked with the Create Tenant form's own schema. */
const planFields = newTenantInvitation.shape.tenant.pick({ tier: true, seats_total: true });
type Plan = z.output<typeof planFields>;

/** Tier and seats through PATCH /api/super/tenants/{id}; a plan the members do not fit in is refused with why. */
function PlanForm({ tenant }: { tenant: SuperTenant }) {
  const update = useUpdateTenant();
  const form = useForm<z.input<typeof planFields>, unknown, Plan>({
    resolver: zodResolver(planFields),
    defaultValues: { tier: tenant.tier, seats_total: tenant.seats_total },
    mode: 'onChange',
  });
  const { errors, isDirty, isValid } = form.formState;

  return (
    <Form
      aria-label="Plan"
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit((plan) =>
          update.mutate({ id: tenant.id, changes: plan }, { onSuccess: () => toast.success('Plan saved') }),
        )(event)
      }
    >
      <TierSeatsFields
        tier={form.register('tier')}
        seats={{ ...form.register('seats_total'), error: errors.seats_total?.message }}
      />
      {update.isError && <Alert tone="error">{errorMessage(update.error, 'The plan could not be saved.')}</Alert>}
      <FormActions>
        <Button type="submit" loading={update.isPending} disabled={!isDirty || !isValid}>
          Save plan
        </Button>
      </FormActions>
    </Form>
  );
}

/** A reactivation may say why; the audit log keeps it. */
const reactivation = z.object({ reason: z.string().trim().max(500, 'Reason must be at most 500 characters.') });

/** A suspended tenant comes back with a reason too (audited); suspending opens the dialog. */
function StatusControl({ tenant, onSuspend }: { tenant: SuperTenant; onSuspend: () => void }) {
  const update = useUpdateTenant();
  const form = useForm<z.input<typeof reactivation>, unknown, z.output<typeof reactivation>>({
    resolver: zodResolver(reactivation),
    defaultValues: { reason: '' },
  });
  if (tenant.status !== 'suspended')
    return (
      <FormActions>
        <Button variant="secondary" onClick={onSuspend}>
          Suspend Tenant
        </Button>
      </FormActions>
    );
  return (
    <Form
      aria-label="Reactivate"
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit(({ reason }) =>
          update.mutate(
            { id: tenant.id, changes: { status: 'active', ...(reason && { reason }) } },
            { onSuccess: () => toast.success(`${tenant.name} reactivated`) },
          ),
        )(event)
      }
    >
      <Alert tone="info">This tenant is suspended: its members see the suspended page.</Alert>
      <TextField label="Reason (optional)" maxLength={500} {...registeredField(form, 'reason')} />
      {update.isError && (
        <Alert tone="error">{errorMessage(update.error, 'The tenant could not be reactivated.')}</Alert>
      )}
      <FormActions>
        <Button type="submit" loading={update.isPending}>
          Reactivate
        </Button>
      </FormActions>
    </Form>
  );
}

/** Delete: the slug typed again and a reason, checked with the API's own schema; everything of the tenant goes. */
function DeleteForm({ tenant, onDeleted }: { tenant: SuperTenant; onDeleted: () => void }) {
  const remove = useDeleteTenant();
  const form = useForm<z.input<typeof tenantDeletion>, unknown, z.output<typeof tenantDeletion>>({
    resolver: zodResolver(
      tenantDeletion.refine((body) => body.slug.toLowerCase() === tenant.slug, {
        message: `Type ${tenant.slug} exactly.`,
        path: ['slug'],
      }),
    ),
    defaultValues: { slug: '', reason: '' },
    mode: 'onChange',
  });
  const { errors, touchedFields, isValid } = form.formState;

  return (
    <Form
      className={styles.dangerZone}
      aria-label="Delete tenant"
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit(({ slug, reason }) =>
          remove.mutate(
            { id: tenant.id, slug, reason },
            {
              onSuccess: () => {
                toast.success(`${tenant.name} deleted. Its files are being removed from storage.`);
                onDeleted();
              },
            },
          ),
        )(event)
      }
    >
      <h3>Delete tenant</h3>
      <p className={styles.warning}>
        Removes the workspace, its members’ access, files, forms, embeds, keys, webhooks and domains. This cannot be
        undone.
      </p>
      <TextField
        label={`Type ${tenant.slug} to confirm`}
        autoComplete="off"
        {...form.register('slug')}
        error={touchedFields.slug ? errors.slug?.message : null}
      />
      <ReasonField {...form.register('reason')} error={touchedFields.reason ? errors.reason?.message : null} />
      {remove.isError && <Alert tone="error">{errorMessage(remove.error, 'The tenant could not be deleted.')}</Alert>}
      <FormActions>
        <Button type="submit" variant="danger" loading={remove.isPending} disabled={!isValid}>
          Delete tenant
        </Button>
      </FormActions>
    </Form>
  );
}

/** Plan, status, billing and deletion of one tenant. */
export function ManageTab({
  tenant,
  onSuspend,
  onDeleted,
}: {
  tenant: SuperTenant;
  onSuspend: () => void;
  onDeleted: () => void;
}) {
  return (
    <>
      <PlanForm key={`${tenant.tier}-${tenant.seats_total}`} tenant={tenant} />
      <StatusControl tenant={tenant} onSuspend={onSuspend} />
      <BillingControl tenant={tenant} />
      <DeleteForm tenant={tenant} onDeleted={onDeleted} />
    </>
  );
}
