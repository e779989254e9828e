import { Link } from 'react-router-dom';
import { Building2 } from 'lucide-react';
import { buttonClassName } from './Button';
import { EmptyState } from './EmptyState';

/** What a workspace page shows a super admin who has no tenant chosen: why, and the way to the tenant list. */
export function ChooseTenant({ message }: { message: string }) {
  return (
    <EmptyState icon={Building2} message={message}>
      <Link className={buttonClassName({ variant: 'secondary', size: 'sm' })} to="/super">
        Browse tenants
      </Link>
    </EmptyState>
  );
}
