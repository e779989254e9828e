import { connect } from 'node:net';
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
  for (const [name, value] of Object.entries(options.fields ?? {}))
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  if (options.name !== null) {
    const content = options.content ?? 'hello file';
    form.append(
      'file',
      new Blob([typeof content === 'string' ? content : new Uint8Array(content)], {
        type: options.type ?? 'text/plain',
      }),
      options.name ?? 'notes.txt',
    );
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

export interface RawMultipartOptions {
  path: string;
  headers: Record<string, string>;
  /** Sent as is: the test writes the multipart body by hand. */
  body: string | Buffer;
  /** Closes the connection once the body is written and this resolves, without reading an answer (a client that goes away mid-upload). */
  hangUpWhen?: () => Promise<unknown>;
}

/** Sends a hand-written request body over a plain socket (fetch cannot send a malformed multipart body or vanish mid-upload). */
export function rawRequest(app: TestApp, options: RawMultipartOptions): Promise<{ status: number; body: any } | null> {
  const { hostname, port } = new URL(app.url);
  const body = typeof options.body === 'string' ? Buffer.from(options.body) : options.body;
  // A client that hangs up announces more than it sends, as an interrupted upload does.
  const length = options.hangUpWhen ? body.length + 1024 * 1024 : body.length;
  const head = [
    `POST ${options.path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    `Content-Length: ${length}`,
    'Connection: close',
    ...Object.entries(options.headers).map(([k, v]) => `${k}: ${v}`),
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(head);
      socket.write(body, () => {
        if (!options.hangUpWhen) return;
        options.hangUpWhen().then(() => {
          socket.destroy();
          resolve(null);
        }, reject);
      });
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const status = Number(head.split(' ')[1]);
      const payload = rest.join('\r\n\r\n');
      // The answer may come chunked; its JSON is the part between the first '{' and the last '}'.
      const json = payload.slice(payload.indexOf('{'), payload.lastIndexOf('}') + 1);
      let parsed: unknown = payload;
      try {
        parsed = JSON.parse(json);
      } catch {
        // not JSON
      }
      resolve({ status, body: parsed });
    });
  });
}

/** A multipart body whose file part starts and never reaches its closing boundary. */
export function truncatedFilePart(boundary = 'XyZ', field = 'file', fileName = 'a.txt'): string {
  return `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: text/plain\r\n\r\nx\r\n`;
}
