import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { requiredText } from '@portico/common';
import { toast } from 'sonner';
import type { SuperTenant } from '../../lib/api/types';
import { useSuperTenants, useUpdateTenant } from './api/tenants';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { SelectField } from '../../ui/Field';
import { ReasonField } from './ReasonField';
import { Form, FormActions } from '../../ui/Form';
import { errorMessage } from '../../lib/api/http';
import { tenantsLoadError } from './tenant-display';

const ACTIVE_TENANTS = { q: '', tier: '', status: 'active' };

/** Which tenant (when the dialog did not open on one) and the reason, which the audit log keeps. */
const suspension = z.object({
  tenant_id: z.string().min(1, 'Choose a tenant.'),
  reason: requiredText('Reason', 500),
});
type Suspension = z.output<typeof suspension>;

/** The reason a suspension is audited with, and the call; `tenant` null asks which (the palette, Mission Control). */
function SuspendForm({ tenant, onDone }: { tenant: SuperTenant | null; onDone: () => void }) {
  const active = useSuperTenants(ACTIVE_TENANTS);
  const update = useUpdateTenant();
  const form = useForm<z.input<typeof suspension>, unknown, Suspension>({
    resolver: zodResolver(suspension),
    defaultValues: { tenant_id: tenant?.id ?? '', reason: '' },
    mode: 'onChange',
  });
  const { errors, touchedFields, isValid } = form.formState;

  function submit({ tenant_id, reason }: Suspension) {
    const name = tenant?.name ?? active.data?.find((t) => t.id === tenant_id)?.name ?? 'The tenant';
    update.mutate(
      { id: tenant_id, changes: { status: 'suspended', reason } },
      {
        onSuccess: () => {
          toast.success(`${name} suspended. Its members now see the suspended page.`);
          onDone();
        },
      },
    );
  }

  return (
    <Form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate>
      {!tenant && (
        <SelectField
          label="Tenant"
          required
          {...form.register('tenant_id')}
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
      <ReasonField
        {...form.register('reason')}
        error={touchedFields.reason ? errors.reason?.message : null}
        help="Kept in the audit log. Members see the suspended page until the tenant is reactivated."
      />
      {update.isError && <Alert tone="error">{errorMessage(update.error, 'The tenant could not be suspended.')}</Alert>}
      <FormActions>
        <Button type="submit" variant="danger" loading={update.isPending} disabled={!isValid}>
          Suspend Tenant
        </Button>
      </FormActions>
    </Form>
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
