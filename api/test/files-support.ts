import type { TestApp } from '../../testing/harness';

export interface UploadOptions {
  token?: string;
  tenantId?: string;
  /** null sends no file part. */
  name?: string | null;
  type?: string;
  content?: string | Buffer;
  fields?: Record<string, string | string[]>;
  /** Where to post; the files upload by default. */
  path?: string;
}

/** POST a multipart/form-data upload (fields first, then the file), by default to /api/files/upload. */
export async function upload(app: TestApp, options: UploadOptions = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  if (options.name !== null) {
    const content = options.content ?? 'hello file';
    form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type: options.type ?? 'text/plain' }), options.name ?? 'notes.txt');
  }
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.tenantId) headers['x-tenant-id'] = options.tenantId;
  const res = await fetch(`${app.url}${options.path ?? '/api/files/upload'}`, { method: 'POST', headers, body: form });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body, headers: res.headers };
}
