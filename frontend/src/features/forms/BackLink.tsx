import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import styles from './BackLink.module.css';

/** "All forms" above the builder, the responses page and the assignment grid; `to` is the tenant's path. */
export function BackLink({ to }: { to: string }) {
  return (
    <Link className={styles.back} to={to}>
      <ArrowLeft size={16} aria-hidden />
      All forms
    </Link>
  );
}
