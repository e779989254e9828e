import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { TestApp } from './harness';

export interface OnHostOptions {
  method?: string;
  token?: string;
  tenantId?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A request to the test app with its own Host header (fetch does not send one it is given). */
export function requestOnHost(
  app: Pick<TestApp, 'url'>,
  host: string,
  path: string,
  options: OnHostOptions = {},
): Promise<{ status: number; body: any; headers: IncomingHttpHeaders }> {
  const { port } = new URL(app.url);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: `/api${path}`,
        method: options.method ?? 'GET',
        headers: {
          host,
          ...(options.token && { authorization: `Bearer ${options.token}` }),
          ...(options.tenantId && { 'x-tenant-id': options.tenantId }),
          ...(body !== undefined && { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null, headers: res.headers }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
