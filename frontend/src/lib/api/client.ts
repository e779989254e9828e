import { browserStorage } from '../key-value-store';
import { localStore } from '../local-store';
import { createApi } from './create-api';
import { AuthClient } from './auth-client';
import type { Lock } from './auth-client';

/** Where the active tenant id is kept for the `x-tenant-id` header (tenant-portal §3). */
export const ACTIVE_TENANT_KEY = 'portico.activeTenantId';

/** The workspace a call is about when it names none. */
export const activeTenantId = () => localStore.get(ACTIVE_TENANT_KEY);

function browserLock(): Lock | undefined {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return undefined;
  return <T>(run: () => Promise<T>) => locks.request('portico-auth-refresh', run) as Promise<T>;
}

export const auth = new AuthClient({ storage: browserStorage(), lock: browserLock() });

export const api = createApi(auth, activeTenantId);
