import type { Session } from './types';
import { readAnswer, reach, requestInit } from './http';
import type { RequestOptions } from './http';
import type { AuthClient } from './auth-client';

export interface TenantOption {
  /** The workspace the call is about: defaults to the stored active tenant; null sends no header. */
  tenantId?: string | null;
}

export interface ApiOptions extends Omit<RequestOptions, 'headers'>, TenantOption {}

export type Api = <T>(path: string, options?: ApiOptions) => Promise<T>;

/** Sends one call with the given session headers; called again, with the renewed ones, to retry it. */
export type Send = (headers: Record<string, string>) => Promise<Response>;

/** Sends a call as the signed-in person in a workspace (`undefined`: the stored active tenant). */
export type Authorized = (send: Send, tenantId: string | null | undefined) => Promise<Response>;

function headersFor(session: Session | null, tenantId: string | null): Record<string, string> {
  const headers: Record<string, string> = {};
  if (session) headers.authorization = `Bearer ${session.access_token}`;
  if (tenantId) headers['x-tenant-id'] = tenantId;
  return headers;
}

/**
 * The one authenticated path of the web app's calls: the bearer token (refreshed first when it is
 * expired) and `x-tenant-id`; on a 401 it refreshes once and sends once more. Both `api()` and the
 * typed client send through it.
 */
export function createAuthorized(auth: AuthClient, storedTenantId: () => string | null): Authorized {
  return async (send, tenantId = storedTenantId()) => {
    const session = await auth.getFreshSession();
    const response = await send(headersFor(session, tenantId));
    if (response.status !== 401 || !session) return response;
    const renewed = await auth.refreshSession().catch(() => null);
    return renewed ? send(headersFor(renewed, tenantId)) : response;
  };
}

/** Calls the API by path with an answer type the caller states; the typed client (`create-client.ts`) replaces it call by call. */
export function createApi(auth: AuthClient, storedTenantId: () => string | null): Api {
  const authorized = createAuthorized(auth, storedTenantId);
  return async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
    const { tenantId, ...rest } = options;
    const response = await authorized((headers) => reach(path, requestInit({ ...rest, headers })), tenantId);
    return readAnswer<T>(response, rest.responseType);
  };
}
