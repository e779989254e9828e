import type { Session } from './types';
import { ApiError, request } from './http';
import type { RequestOptions } from './http';
import type { AuthClient } from './auth-client';

export interface ApiOptions extends Omit<RequestOptions, 'headers'> {
  /** The workspace the call is about: defaults to the stored active tenant; null sends no header. */
  tenantId?: string | null;
}

export type Api = <T>(path: string, options?: ApiOptions) => Promise<T>;

function headersFor(session: Session | null, tenantId: string | null): Record<string, string> {
  const headers: Record<string, string> = {};
  if (session) headers.authorization = `Bearer ${session.access_token}`;
  if (tenantId) headers['x-tenant-id'] = tenantId;
  return headers;
}

/** Calls the API with the bearer token and `x-tenant-id`; on 401 refreshes once and retries once. */
export function createApi(auth: AuthClient, storedTenantId: () => string | null): Api {
  return async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
    const { tenantId = storedTenantId(), ...rest } = options;
    const send = (session: Session | null) => request<T>(path, { ...rest, headers: headersFor(session, tenantId) });
    const session = await auth.getFreshSession();
    try {
      return await send(session);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 401 || !session) throw err;
      const renewed = await auth.refreshSession().catch(() => null);
      if (!renewed) throw err;
      return send(renewed);
    }
  };
}
