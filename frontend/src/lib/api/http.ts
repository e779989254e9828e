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

/** The ApiError of a non-2xx answer whose body read as `data`: the server's `error` sentence, `code` and `details`. */
export function errorFrom(status: number, data: unknown): ApiError {
  const payload = (data ?? {}) as { error?: unknown; code?: unknown; details?: unknown };
  const message = typeof payload.error === 'string' && payload.error ? payload.error : `Request failed (${status})`;
  return new ApiError(status, message, typeof payload.code === 'string' ? payload.code : undefined, payload.details);
}

/** `fetch`, with a server that could not be reached as an ApiError of status 0 (an abort stays an abort). */
export async function reach(input: string | Request, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (err) {
    const signal = init?.signal ?? (typeof input === 'string' ? undefined : input.signal);
    if (signal?.aborted) throw err;
    throw new ApiError(0, 'Network request failed');
  }
}

/** The init of a JSON call to the API (a body is sent as JSON). */
export function requestInit(options: RequestOptions): RequestInit {
  const { method = 'GET', body, headers = {}, signal } = options;
  return {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  };
}

/** What a JSON (or download) call answered; throws ApiError carrying the server's `error` sentence. */
export async function readAnswer<T>(
  response: Response,
  responseType: RequestOptions['responseType'] = 'json',
): Promise<T> {
  if (response.status === 204) return undefined as T;
  if (response.ok && responseType === 'blob') return (await response.blob()) as T;
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) throw errorFrom(response.status, data);
  return data as T;
}

/** A JSON (or download) request without any session handling; throws ApiError carrying the server's `error` sentence. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return readAnswer<T>(await reach(path, requestInit(options)), options.responseType);
}

export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

export function errorStatus(err: unknown): number | null {
  return err instanceof ApiError ? err.status : null;
}
