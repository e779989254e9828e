import clsx from 'clsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { newTenantInvitation } from '@portico/common';
import type { z } from 'zod';
import type { SuperTenant } from '../../../lib/api/types';
import { useDeleteTenant, useUpdateTenant } from '../api/tenants';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { errorMessage } from '../../../lib/api/http';
import { TierSeatsFields } from '../TierSeatsFields';
import { BillingControl } from './BillingControl';
import styles from './ManageTab.module.css';

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
    <form
      className="form"
      aria-label="Plan"
      noValidate
      onSubmit={form.handleSubmit((plan) =>
        update.mutate({ id: tenant.id, changes: plan }, { onSuccess: () => toast.success('Plan saved') }),
      )}
    >
      <TierSeatsFields
        tier={form.register('tier')}
        seats={{ ...form.register('seats_total'), error: errors.seats_total?.message }}
      />
      {update.isError && <Alert tone="error">{errorMessage(update.error, 'The plan could not be saved.')}</Alert>}
      <div className="form-actions">
        <Button type="submit" loading={update.isPending} disabled={!isDirty || !isValid}>
          Save plan
        </Button>
      </div>
    </form>
  );
}

/** A suspended tenant comes back with a reason too (audited); suspending opens the dialog. */
function StatusControl({ tenant, onSuspend }: { tenant: SuperTenant; onSuspend: () => void }) {
  const update = useUpdateTenant();
  const [reason, setReason] = useState('');
  if (tenant.status !== 'suspended')
    return (
      <div className="form-actions">
        <Button variant="secondary" onClick={onSuspend}>
          Suspend Tenant
        </Button>
      </div>
    );
  return (
    <form
      className="form"
      aria-label="Reactivate"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          { id: tenant.id, changes: { status: 'active', ...(reason.trim() && { reason: reason.trim() }) } },
          { onSuccess: () => toast.success(`${tenant.name} reactivated`) },
        );
      }}
    >
      <Alert tone="info">This tenant is suspended: its members see the suspended page.</Alert>
      <TextField label="Reason (optional)" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      {update.isError && (
        <Alert tone="error">{errorMessage(update.error, 'The tenant could not be reactivated.')}</Alert>
      )}
      <div className="form-actions">
        <Button type="submit" loading={update.isPending}>
          Reactivate
        </Button>
      </div>
    </form>
  );
}

/** Delete: the slug typed again and a reason; everything of the tenant goes. */
function DeleteForm({ tenant, onDeleted }: { tenant: SuperTenant; onDeleted: () => void }) {
  const remove = useDeleteTenant();
  const [slug, setSlug] = useState('');
  const [reason, setReason] = useState('');
  const matches = slug.trim().toLowerCase() === tenant.slug;

  return (
    <form
      className={clsx('form', styles.dangerZone)}
      aria-label="Delete tenant"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        remove.mutate(
          { id: tenant.id, slug: slug.trim(), reason: reason.trim() },
          {
            onSuccess: () => {
              toast.success(`${tenant.name} deleted. Its files are being removed from storage.`);
              onDeleted();
            },
          },
        );
      }}
    >
      <h3>Delete tenant</h3>
      <p className="field-help">
        Removes the workspace, its members’ access, files, forms, embeds, keys, webhooks and domains. This cannot be
        undone.
      </p>
      <TextField
        label={`Type ${tenant.slug} to confirm`}
        value={slug}
        autoComplete="off"
        onChange={(e) => setSlug(e.target.value)}
      />
      <TextField label="Reason" required value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      {remove.isError && <Alert tone="error">{errorMessage(remove.error, 'The tenant could not be deleted.')}</Alert>}
      <div className="form-actions">
        <Button type="submit" variant="danger" loading={remove.isPending} disabled={!matches || reason.trim() === ''}>
          Delete tenant
        </Button>
      </div>
    </form>
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
