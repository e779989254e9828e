import { Link } from 'react-router-dom';
import { Building2 } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';

export function NoWorkspace() {
  return (
    <EmptyState icon={Building2} message="Choose a tenant to see its files.">
      <Link className="btn btn-secondary btn-sm" to="/super">
        Browse tenants
      </Link>
    </EmptyState>
  );
}
