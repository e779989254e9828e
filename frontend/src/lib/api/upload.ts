import { auth } from './client';
import { ApiError } from './http';

/**
 * POSTs multipart form data with the session and workspace headers (none for a call about no workspace), reporting upload progress
 * (fetch cannot). Resolves with the JSON answer of a 2xx, rejects with the server's sentence; `signal` aborts the request,
 * which then rejects with an AbortError, as fetch does.
 */
export async function sendForm<T>(
  path: string,
  tenantId: string | null,
  form: FormData,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  const session = await auth.getFreshSession();
  signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    signal?.addEventListener(
      'abort',
      () => {
        xhr.abort();
        reject(signal.reason);
      },
      { once: true },
    );
    xhr.open('POST', path);
    if (session) xhr.setRequestHeader('authorization', `Bearer ${session.access_token}`);
    if (tenantId) xhr.setRequestHeader('x-tenant-id', tenantId);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as (T & { error?: string }) | null;
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body);
      else reject(new ApiError(xhr.status, body?.error ?? `Request failed (${xhr.status})`));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network request failed'));
    xhr.send(form);
  });
}
