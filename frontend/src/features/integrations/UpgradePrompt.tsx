import { Link } from 'react-router-dom';
import { Sparkles } from 'lucide-react';
import { useScope } from '../../lib/scope/scope-context';

/** In place of a section on a plan without integrations (tenant-portal §6): why, and the way to Billing. */
export function UpgradePrompt({ feature, message }: { feature: string; message: string }) {
  const { tenantPath } = useScope();
  return (
    <div className="integrations-upgrade">
      <span className="integrations-upgrade-icon" aria-hidden>
        <Sparkles size={18} />
      </span>
      <div className="integrations-upgrade-text">
        <p className="integrations-upgrade-title">Upgrade to use {feature}</p>
        <p>{message}</p>
      </div>
      <Link className="btn btn-primary btn-sm" to={tenantPath('/dashboard/admin/billing')}>
        Upgrade plan
      </Link>
    </div>
  );
}
