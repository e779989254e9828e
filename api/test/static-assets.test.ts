import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorkspace } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { compressAnswers, webAppFiles } from '../src/http/static';
import { upload } from './files-support';

/** A GET that shows the answer as sent: no decompression, every header. */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

const SCRIPT = `export const answer = ${JSON.stringify('portico '.repeat(1000))};\n`;

let dir: string;
let server: Server;
let spa: string;
let app: TestApp;

beforeAll(async () => {
  // A web app build as Vite lays it out: index.html and content-hashed files under assets/.
  dir = mkdtempSync(path.join(tmpdir(), 'portico-spa-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Portico</title><script type="module" src="/assets/index-B1a2c3d4.js"></script>',
  );
  writeFileSync(path.join(dir, 'assets', 'index-B1a2c3d4.js'), SCRIPT);
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const web = express();
  web.use(compressAnswers());
  web.use(webAppFiles(dir));
  server = web.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  spa = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  app = await startTestApp();
});

afterAll(async () => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
  await app.close();
});

describe('the web app’s files', () => {
  it('caches content-hashed assets for a year, immutable', async () => {
    const res = await rawGet(`${spa}/assets/index-B1a2c3d4.js`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.toString()).toBe(SCRIPT);
  });

  it('has index.html revalidated on every use, for every path of the app and by its own name', async () => {
    for (const url of ['/', '/dashboard/admin', '/index.html']) {
      const res = await rawGet(`${spa}${url}`);
      expect([url, res.status, res.headers['cache-control']]).toEqual([url, 200, 'no-cache']);
      expect(res.body.toString()).toContain('<title>Portico</title>');
    }
    expect((await rawGet(`${spa}/favicon.svg`)).headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for an asset that is not in this build, not the web app’s page', async () => {
    const res = await rawGet(`${spa}/assets/index-OldBuild.js`);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('compresses scripts for clients that accept it, and not for others', async () => {
    const gzipped = await rawGet(`${spa}/assets/index-B1a2c3d4.js`, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzipped.body).toString()).toBe(SCRIPT);
    expect(gzipped.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(
      (await rawGet(`${spa}/assets/index-B1a2c3d4.js`, { 'accept-encoding': 'br' })).headers['content-encoding'],
    ).toBe('br');
    expect((await rawGet(`${spa}/assets/index-B1a2c3d4.js`)).headers['content-encoding']).toBeUndefined();
  });
});

describe('API answers', () => {
  it('are compressed when large enough and accepted', async () => {
    const res = await rawGet(`${app.url}/api/openapi.json`, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.body).toString()).openapi).toMatch(/^3\.1/);
  });

  it('leave a download byte for byte as stored, with its length', async () => {
    const ws = await makeWorkspace(app);
    const content = 'a text file that would compress well '.repeat(200);
    const uploaded = await upload(app, {
      token: ws.admin.token,
      tenantId: ws.tenant.id,
      name: 'notes.txt',
      type: 'text/plain',
      content,
      fields: { assigned_roles: 'role2' },
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const res = await rawGet(`${app.url}/api/files/${uploaded.body.id}/download`, {
      authorization: `Bearer ${ws.admin.token}`,
      'x-tenant-id': ws.tenant.id,
      'accept-encoding': 'gzip, br',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(content.length));
    expect(res.body.toString()).toBe(content);
  });
});
