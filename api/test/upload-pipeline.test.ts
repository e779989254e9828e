import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Tenant } from '@portico/core';

import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorHandler } from '../src/http/errors';
import { receiveFileUpload } from '../src/http/upload';
import { makeSuperAdmin, makeWorkspace } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { exchange } from '../../testing/fuzz/multipart';
import { rawRequest, truncatedFilePart, upload } from './files-support';
import { createForm } from './forms-support';
import { createKey } from './public-api-support';

/*
 * Malformed and interrupted multipart bodies on every upload route (issue 8 §1): each is a 400 with
 * a sentence, the API keeps serving, and nothing is left in storage or in the database.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ MAX_UPLOAD_MB: '1' });
});
afterAll(() => app.close());

const UNREADABLE = 'The upload could not be read: the multipart body is malformed or incomplete. Please try again.';
const MULTIPART = (boundary = 'XyZ') => ({ 'Content-Type': `multipart/form-data; boundary=${boundary}` });

/** Every file below the tenant's storage folder, temporary `.part` files included. */
async function storedFiles(tenant: Tenant): Promise<string[]> {
  const root = path.join(app.config.storage.dir, tenant.id);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

async function expectServing(): Promise<void> {
  expect((await app.request('GET', '/health')).status).toBe(200);
}

/** The four upload routes, each with the caller and headers it needs, in a fresh workspace. */
async function uploadRoutes() {
  const { tenant, admin, member } = await makeWorkspace(app);
  const form = await createForm(app, tenant, admin, { fields: [{ id: 'cv', type: 'file', label: 'CV' }] });
  const { key } = await createKey(app, tenant, admin);
  const session = (token: string) => ({ Authorization: `Bearer ${token}`, 'x-tenant-id': tenant.id });
  return {
    tenant,
    routes: [
      { path: '/api/files/upload', headers: session(admin.token) },
      { path: `/api/forms/${form.id}/uploads`, headers: session(member.token) },
      { path: '/api/v1/files', headers: { Authorization: `Bearer ${key}` } },
      { path: '/api/tenant-config/logo', headers: session(admin.token) },
    ],
  };
}

describe('a malformed multipart body', () => {
  it('whose file part never reaches its boundary answers 400 on every upload route, and the API keeps serving', async () => {
    const { tenant, routes } = await uploadRoutes();
    for (const route of routes) {
      const res = await rawRequest(app, {
        path: route.path,
        headers: { ...route.headers, ...MULTIPART() },
        body: truncatedFilePart(),
      });
      expect(res, route.path).toEqual({ status: 400, body: { error: UNREADABLE } });
      await expectServing();
    }
    expect(await storedFiles(tenant)).toEqual([]);
    expect(await app.ctx.db.FileRecord.count({ where: { tenant_id: tenant.id } })).toBe(0);
  });

  it.each([
    ['a cut-short part that is not the file', truncatedFilePart('XyZ', 'attachment'), UNREADABLE],
    [
      'a body that ends after the file, before the closing boundary',
      `${truncatedFilePart()}--XyZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nQ1`,
      UNREADABLE,
    ],
    ['a boundary that never appears', 'just some bytes', UNREADABLE],
    [
      'a part header that never ends',
      `--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n`,
      UNREADABLE,
    ],
    [
      'two files',
      `${truncatedFilePart()}--XyZ\r\nContent-Disposition: form-data; name="file"; filename="b.txt"\r\n\r\ny\r\n--XyZ--\r\n`,
      'Send one file per upload.',
    ],
    [
      'a field longer than 64 KB, before the file',
      `--XyZ\r\nContent-Disposition: form-data; name="title"\r\n\r\n${'t'.repeat(70_000)}\r\n${truncatedFilePart()}--XyZ--\r\n`,
      'A form field of the upload is longer than 64 KB.',
    ],
    [
      'more than 60 parts',
      `${Array.from({ length: 61 }, (_, i) => `--XyZ\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('')}--XyZ--\r\n`,
      'The upload has too many parts: send one file and at most 50 fields.',
    ],
  ])('%s answers 400 and keeps nothing', async (_case, body, message) => {
    const { tenant, admin } = await makeWorkspace(app);
    const res = await rawRequest(app, {
      path: '/api/files/upload',
      headers: { Authorization: `Bearer ${admin.token}`, 'x-tenant-id': tenant.id, ...MULTIPART() },
      body,
    });
    expect(res).toEqual({ status: 400, body: { error: message } });
    await expectServing();
    expect(await storedFiles(tenant)).toEqual([]);
    expect(await app.ctx.db.FileRecord.count({ where: { tenant_id: tenant.id } })).toBe(0);
  });

  it('without a boundary answers that the body must be multipart', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const res = await rawRequest(app, {
      path: '/api/files/upload',
      headers: {
        Authorization: `Bearer ${admin.token}`,
        'x-tenant-id': tenant.id,
        'Content-Type': 'multipart/form-data',
      },
      body: truncatedFilePart(),
    });
    expect(res).toEqual({
      status: 400,
      body: { error: 'Send the file as multipart/form-data with a field named file.' },
    });
  });
});

/** Names every plain object already answers to, and the usual prototype-pollution set. */
const OBJECT_PROPERTY_NAMES = [
  ...Object.getOwnPropertyNames(Object.prototype),
  'prototype',
  'constructor.prototype',
  '__proto__.polluted',
];

describe('a field named like an Object property', () => {
  it('is an ordinary field on every upload route: the upload succeeds, the API keeps serving, nothing is polluted', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin, { fields: [{ id: 'cv', type: 'file', label: 'CV' }] });
    const { key } = await createKey(app, tenant, admin);
    const superAdmin = await makeSuperAdmin(app);
    const owner = await app.request('POST', '/onboarding-start', {
      body: {
        name: 'Olive Owner',
        email: `olive-${Date.now()}@acme.test`,
        password: 'correct-horse-battery',
        companyName: 'Acme Legal',
        source: 'Google',
        title: 'Owner/Founder',
      },
    });
    const image = { name: 'logo.png', type: 'image/png', content: 'png' };
    const routes = [
      {
        path: '/api/files/upload',
        token: admin.token,
        tenantId: tenant.id,
        fields: { user_id: member.user.id },
        status: 201,
      },
      {
        path: `/api/forms/${form.id}/uploads`,
        token: member.token,
        tenantId: tenant.id,
        fields: { question_id: 'cv' },
        status: 201,
      },
      { path: '/api/v1/files', token: key, fields: { user_id: member.user.id }, status: 201 },
      { path: '/api/tenant-config/logo', token: admin.token, tenantId: tenant.id, ...image, status: 200 },
      { path: '/api/tenant-config/favicon', token: admin.token, tenantId: tenant.id, ...image, status: 200 },
      { path: `/api/super/tenants/${tenant.id}/branding/logo`, token: superAdmin.token, ...image, status: 200 },
      { path: '/api/onboarding-logo', token: owner.body.session.access_token, ...image, status: 200 },
    ];
    const prototypeBefore = Object.getOwnPropertyNames(Object.prototype);
    for (const { status, fields = {}, ...route } of routes)
      for (const name of OBJECT_PROPERTY_NAMES) {
        // Once, and twice (a repeated field is a list).
        for (const values of [['x'], ['x', 'y']]) {
          const res = await upload(app, { ...route, fields: { ...fields, [name]: values } });
          expect(
            res.status,
            `${route.path} with the field ${name} ×${values.length}: ${JSON.stringify(res.body)}`,
          ).toBe(status);
        }
      }
    await expectServing();
    expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(prototypeBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 60_000);
});

describe('a throw inside a listener of the upload pipeline', () => {
  it('fails that request with a 500 and a sentence, and the process keeps serving', async () => {
    // A destination that fails while naming the file: the throw happens inside busboy's `file` listener.
    const destination = {
      key: (): string => {
        throw new Error('naming the stored file failed');
      },
      maxBytes: 1024,
      tooLarge: 'Too large.',
    };
    const probe = express();
    probe.post('/upload', async (req, res) => {
      const spec = { destination, fields: z.object({}), missingFile: 'No file.' };
      res.json(await receiveFileUpload(app.ctx, req, spec, async () => ({ stored: true })));
    });
    probe.use(errorHandler(app.ctx.logger));
    const server = probe.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const form = new FormData();
      form.append('title', 'x');
      form.append('file', new Blob(['hello']), 'notes.txt');
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/upload`, { method: 'POST', body: form });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ error: expect.any(String) });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    await expectServing();
  });
});

describe('a client that goes away mid-upload', () => {
  it('leaves no object, no temporary file and no row, on every upload route', async () => {
    const { tenant, routes } = await uploadRoutes();
    const halfAFile = `--XyZ\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n${'x'.repeat(200_000)}`;
    for (const route of routes) {
      // Hang up only once the server is writing the file, so there is something to clean up.
      const writing = () =>
        expect.poll(() => storedFiles(tenant), { timeout: 5000 }).toEqual([expect.stringMatching(/\.part$/)]);
      await rawRequest(app, {
        path: route.path,
        headers: { ...route.headers, ...MULTIPART() },
        body: halfAFile,
        hangUpWhen: writing,
      });
      await expect.poll(() => storedFiles(tenant), { timeout: 5000 }).toEqual([]);
    }
    expect(await app.ctx.db.FileRecord.count({ where: { tenant_id: tenant.id } })).toBe(0);
    await expectServing();
  });
});

describe('an upload refused before its body is read', () => {
  it('reaches the client whole, even when the client asked to close the connection', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const body = Buffer.concat([
      Buffer.from(
        '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n',
      ),
      Buffer.alloc(16 * 1024 * 1024, 0x78),
      Buffer.from('\r\n--XyZ--\r\n'),
    ]);
    // A workspace admin may not use the console's upload: refused at once, while most of the body is on its way.
    const head = [
      `POST /api/super/tenants/${tenant.id}/branding/logo HTTP/1.1`,
      'host: localhost',
      `authorization: Bearer ${admin.token}`,
      'content-type: multipart/form-data; boundary=XyZ',
      `content-length: ${body.length}`,
      'connection: close',
    ].join('\r\n');
    // A client that reads only once it has sent everything, as most do: a server that closed with
    // bytes still unread has reset the connection by then, and the reset drops the unread answer.
    for (let i = 0; i < 5; i++) {
      const sent = await exchange(app.url, { head, chunks: [body], readAfterSendingMs: 50 });
      expect([sent.ended, sent.status]).toEqual(['answered', 403]);
    }
    await expectServing();
  });
});

describe('a stored object that breaks while it is sent', () => {
  it('ends that answer only: downloads and brand images alike, and the API keeps serving', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const file = await upload(app, { token: admin.token, tenantId: tenant.id, fields: { user_id: member.user.id } });
    const logo = await upload(app, {
      path: '/api/tenant-config/logo',
      token: admin.token,
      tenantId: tenant.id,
      name: 'logo.png',
      type: 'image/png',
      content: 'png',
    });
    // A directory where the object was: the read fails after storage has opened it.
    for (const stored of await storedFiles(tenant)) {
      const where = path.join(app.config.storage.dir, tenant.id, stored);
      await rm(where);
      await mkdir(where);
    }
    const download = fetch(`${app.url}/api/files/${file.body.id}/download`, {
      headers: { authorization: `Bearer ${member.token}`, 'x-tenant-id': tenant.id },
    }).then((res) => res.text());
    await expect(download).rejects.toThrow();
    await expect(fetch(`${app.url}${logo.body.logo_url}`).then((res) => res.text())).rejects.toThrow();
    await expectServing();
  });
});
