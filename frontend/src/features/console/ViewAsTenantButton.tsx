import { Button } from '../../ui/Button';
import { useScope } from '../../lib/scope/scope-context';

/** Opens a workspace's admin dashboard as the super admin (the tenant table, Quick Tenant Access). */
export function ViewAsTenantButton({ tenant }: { tenant: { id: string; name: string } }) {
  const { setActiveTenant } = useScope();
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={`View as Tenant: ${tenant.name}`}
      onClick={() => setActiveTenant(tenant.id, { to: '/dashboard/admin' })}
    >
      View as Tenant
    </Button>
  );
}
