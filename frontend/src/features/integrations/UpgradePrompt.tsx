import { Link } from 'react-router-dom';
import { Sparkles } from 'lucide-react';
import { useScope } from '../../lib/scope/scope-context';
import { buttonClassName } from '../../ui/Button';
import styles from './UpgradePrompt.module.css';

/** In place of a section on a plan without integrations (tenant-portal §6): why, and the way to Billing. */
export function UpgradePrompt({ feature, message }: { feature: string; message: string }) {
  const { tenantPath } = useScope();
  return (
    <div className={styles.upgrade}>
      <span className={styles.icon} aria-hidden>
        <Sparkles size={18} />
      </span>
      <div className={styles.text}>
        <p className={styles.title}>Upgrade to use {feature}</p>
        <p>{message}</p>
      </div>
      <Link className={buttonClassName({ size: 'sm' })} to={tenantPath('/dashboard/admin/billing')}>
        Upgrade plan
      </Link>
    </div>
  );
}
