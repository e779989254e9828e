import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { TENANT_TIERS } from '@portico/common';
import type { SuperTenant } from '../../../api/types';
import { useDeleteTenant, useUpdateTenant } from '../../../api/tenants';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { SelectField, TextField } from '../../../components/Field';
import { errorMessage } from '../../../lib/http';

/** Tier and seats through PATCH /api/super/tenants/{id}; a plan the members do not fit in is refused with why. */
function PlanForm({ tenant }: { tenant: SuperTenant }) {
  const update = useUpdateTenant();
  const [tier, setTier] = useState(tenant.tier);
  const [seats, setSeats] = useState(String(tenant.seats_total));
  const seatsValid = /^\d+$/.test(seats) && Number(seats) >= 1 && Number(seats) <= 10_000;
  const changed = tier !== tenant.tier || Number(seats) !== tenant.seats_total;

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      { id: tenant.id, changes: { tier, seats_total: Number(seats) } },
      { onSuccess: () => toast.success('Plan saved') },
    );
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Plan">
      <div className="form-grid-2">
        <SelectField label="Tier" value={tier} onChange={(e) => setTier(e.target.value as SuperTenant['tier'])}>
          {TENANT_TIERS.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Seats"
          type="number"
          min={1}
          step={1}
          value={seats}
          onChange={(e) => setSeats(e.target.value)}
          error={seatsValid ? null : 'Seats must be a whole number of at least 1.'}
        />
      </div>
      {update.isError && <Alert tone="error">{errorMessage(update.error, 'The plan could not be saved.')}</Alert>}
      <div className="form-actions">
        <Button type="submit" loading={update.isPending} disabled={!changed || !seatsValid}>
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
      className="form danger-zone"
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

/** Plan, status and deletion of one tenant. */
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
      <DeleteForm tenant={tenant} onDeleted={onDeleted} />
    </>
  );
}
