/** A failed call: `status` is the HTTP status (0 when the server could not be reached). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** The answer's `details` (e.g. a form submission's problems by question), when it sent any. */
  readonly details: unknown;

  constructor(status: number, message: string, code?: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** How a 2xx answer is read: JSON (default), or the raw bytes of a download such as a CSV export. */
  responseType?: 'json' | 'blob';
}

function errorFrom(status: number, data: unknown): ApiError {
  const payload = (data ?? {}) as { error?: unknown; code?: unknown; details?: unknown };
  const message = typeof payload.error === 'string' && payload.error ? payload.error : `Request failed (${status})`;
  return new ApiError(status, message, typeof payload.code === 'string' ? payload.code : undefined, payload.details);
}

/** A JSON (or download) request without any session handling; throws ApiError carrying the server's `error` sentence. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, headers = {}, signal, responseType = 'json' } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(0, 'Network request failed');
  }
  if (response.status === 204) return undefined as T;
  if (response.ok && responseType === 'blob') return (await response.blob()) as T;
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) throw errorFrom(response.status, data);
  return data as T;
}

export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

export function errorStatus(err: unknown): number | null {
  return err instanceof ApiError ? err.status : null;
}
