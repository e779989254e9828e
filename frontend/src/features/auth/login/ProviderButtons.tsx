import type { SignInProviderRow } from '@portico/common';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/http';
import { buttonClassName } from '../../../ui/Button';
import styles from './ProviderButtons.module.css';

/** Where a provider's button goes: the API starts the flow there and sends the browser to the provider. */
export function providerStartPath(key: string, tenantId: string | null): string {
  const query = tenantId ? `?${new URLSearchParams({ tenant_id: tenantId }).toString()}` : '';
  return `/api/auth/oauth/${encodeURIComponent(key)}/start${query}`;
}

/** The providers this sign-in page offers: none where its workspace hid them. */
function providersPath(tenantId: string | null): string {
  return tenantId
    ? `/api/auth/providers?${new URLSearchParams({ tenant_id: tenantId }).toString()}`
    : '/api/auth/providers';
}

/**
 * "Continue with Google" and the like, for the providers Super Settings switched on: plain links, since
 * the flow is a round of redirects through the provider that comes back to this page with its code.
 * They start on this page's own address, the platform's or a workspace's, and the flow ends here.
 */
export function ProviderButtons({ tenantId }: { tenantId: string | null }) {
  const providers = useQuery({
    queryKey: ['auth', 'providers', tenantId],
    queryFn: async () => (await request<{ providers: SignInProviderRow[] }>(providersPath(tenantId))).providers,
    staleTime: 60_000,
  });
  // A sign-in page without the buttons still signs in: a failed list shows none.
  if (!providers.data?.length) return null;
  return (
    <div className={styles.providers}>
      <p className={styles.divider}>or</p>
      <ul className={styles.list} aria-label="Sign in with another account">
        {providers.data.map((provider) => (
          <li key={provider.key}>
            <a
              className={buttonClassName({ variant: 'secondary', block: true })}
              href={providerStartPath(provider.key, tenantId)}
            >
              Continue with {provider.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
