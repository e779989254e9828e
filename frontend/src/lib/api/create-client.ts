import createOpenApiClient from 'openapi-fetch';
import type { Client, ClientPathsWithMethod, FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import { errorFrom, reach } from './http';
import type { AuthClient } from './auth-client';
import { createAuthorized, type TenantOption } from './create-api';
import type { components, paths } from './schema';

type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';
type Path<M extends Method> = ClientPathsWithMethod<Client<paths>, M>;
type Init<P extends Path<M>, M extends Method> = MaybeOptionalInit<paths[P], M> & TenantOption;

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** The init is optional when nothing in it is required (no path parameter, no required body or query). */
type InitArgs<I> = RequiredKeys<I> extends never ? [init?: I] : [init: I];

type Answered<P extends Path<M>, M extends Method, I> = NonNullable<
  FetchResponse<paths[P][M] & Record<string | number, unknown>, I, `${string}/${string}`>['data']
>;
/** The 2xx answer's body as the API declares it; nothing for a 204. */
type Answer<P extends Path<M>, M extends Method, I> = [Answered<P, M, I>] extends [never]
  ? undefined
  : Answered<P, M, I>;

type Call<M extends Method> = <P extends Path<M>, I extends Init<P, M>>(
  path: P,
  ...init: InitArgs<I>
) => Promise<Answer<P, M, I>>;

/** The 2xx answer of `METHOD path` as the API declares it, for the types a page passes around. */
export type ApiAnswer<M extends Method, P extends Path<M>> = Answer<P, M, object>;

/** The request body `METHOD path` takes. */
export type ApiBody<M extends Method, P extends Path<M>> =
  Init<P, M> extends { body?: infer B } ? NonNullable<B> : never;

/** One of the document's named schemas (`WorkspaceFile`, `Member`, `Form`, …). */
export type ApiSchema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** The API by its OpenAPI document: paths, parameters, bodies and answers typed from the server (`schema.ts`). */
export interface TypedClient {
  GET: Call<'get'>;
  PUT: Call<'put'>;
  POST: Call<'post'>;
  PATCH: Call<'patch'>;
  DELETE: Call<'delete'>;
}

/**
 * openapi-fetch over the one authenticated path (`createAuthorized`): a call resolves with its 2xx
 * answer and rejects with an ApiError carrying the server's sentence, as `api()` does. Paths are the
 * document's, relative to `baseUrl` (`/files`, not `/api/files`).
 */
export function createClient(auth: AuthClient, storedTenantId: () => string | null, baseUrl = '/api'): TypedClient {
  const client = createOpenApiClient<paths>({ baseUrl });
  const authorized = createAuthorized(auth, storedTenantId);
  const call =
    (method: Method) =>
    async (path: string, init: TenantOption & Record<string, unknown> = {}): Promise<unknown> => {
      const { tenantId, ...rest } = init;
      // A retry sends the request again, so each attempt sends a copy (a body can be read once).
      const send = (request: Request) =>
        authorized((headers) => {
          const attempt = request.clone();
          for (const [name, value] of Object.entries(headers)) attempt.headers.set(name, value);
          return reach(attempt);
        }, tenantId);
      // The path and init were checked against the document by `Call`'s signature.
      const { data, error, response } = await client.request(method, path as never, { ...rest, fetch: send } as never);
      if (!response.ok) throw errorFrom(response.status, error);
      return data;
    };
  return {
    GET: call('get') as Call<'get'>,
    PUT: call('put') as Call<'put'>,
    POST: call('post') as Call<'post'>,
    PATCH: call('patch') as Call<'patch'>,
    DELETE: call('delete') as Call<'delete'>,
  };
}
