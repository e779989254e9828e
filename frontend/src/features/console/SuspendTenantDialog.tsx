import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { SuperTenant } from '../../lib/api/types';
import { useSuperTenants, useUpdateTenant } from './api/tenants';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { SelectField, TextField } from '../../ui/Field';
import { errorMessage } from '../../lib/api/http';
import { tenantsLoadError } from './tenant-display';

const ACTIVE_TENANTS = { q: '', tier: '', status: 'active' };

/** The reason a suspension is audited with, and the call; `tenant` null asks which (the palette, Mission Control). */
function SuspendForm({ tenant, onDone }: { tenant: SuperTenant | null; onDone: () => void }) {
  const active = useSuperTenants(ACTIVE_TENANTS);
  const update = useUpdateTenant();
  const [chosen, setChosen] = useState('');
  const [reason, setReason] = useState('');
  const target = tenant ?? active.data?.find((t) => t.id === chosen) ?? null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!target) return;
    update.mutate(
      { id: target.id, changes: { status: 'suspended', reason: reason.trim() } },
      {
        onSuccess: () => {
          toast.success(`${target.name} suspended. Its members now see the suspended page.`);
          onDone();
        },
      },
    );
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      {!tenant && (
        <SelectField
          label="Tenant"
          required
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          disabled={!active.isSuccess}
          error={active.isError ? tenantsLoadError(active.error) : null}
          help={active.isSuccess && active.data.length === 0 ? 'No active tenant to suspend.' : undefined}
        >
          <option value="">{active.isPending ? 'Loading tenants…' : 'Choose a tenant'}</option>
          {active.data?.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} ({t.slug})
            </option>
          ))}
        </SelectField>
      )}
      <TextField
        label="Reason"
        required
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        help="Kept in the audit log. Members see the suspended page until the tenant is reactivated."
      />
      {update.isError && <Alert tone="error">{errorMessage(update.error, 'The tenant could not be suspended.')}</Alert>}
      <div className="form-actions">
        <Button type="submit" variant="danger" loading={update.isPending} disabled={!target || reason.trim() === ''}>
          Suspend Tenant
        </Button>
      </div>
    </form>
  );
}

/** Suspend Tenant: the palette command, Mission Control's quick action and the tenant drawer. */
export function SuspendTenantDialog({
  open,
  tenant,
  onClose,
}: {
  open: boolean;
  tenant: SuperTenant | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={tenant ? `Suspend ${tenant.name}` : 'Suspend Tenant'}
      description="Its members are shut out at once, its API keys and webhooks stop and its domains get no certificates."
    >
      {open && <SuspendForm tenant={tenant} onDone={onClose} />}
    </Dialog>
  );
}
