import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/http';
import { buttonClassName } from '../../../ui/Button';
import styles from './WorkspaceSsoButton.module.css';

interface SsoButton {
  tenant_id: string;
  name: string;
  start_url: string;
}

/**
 * "Sign in with Acme": the workspace's own single sign-on, when it has it on (issue 31). A plain
 * link, like the providers' buttons: the flow is a round of redirects that comes back to /login
 * with its one-time code, on the address it started on (the workspace's own, or the platform's).
 */
export function WorkspaceSsoButton({ tenantId, divider = false }: { tenantId: string; divider?: boolean }) {
  const sso = useQuery({
    queryKey: ['auth', 'sso', tenantId],
    queryFn: async () =>
      (await request<{ sso: SsoButton | null }>(`/api/auth/sso/${encodeURIComponent(tenantId)}/button`)).sso,
    staleTime: 60_000,
  });
  // Without it the page still signs in: a failed answer shows no button.
  if (!sso.data) return null;
  return (
    <div className={styles.sso}>
      {divider && <p className={styles.divider}>or</p>}
      <a className={buttonClassName({ variant: 'primary', block: true })} href={sso.data.start_url}>
        Sign in with {sso.data.name}
      </a>
    </div>
  );
}
