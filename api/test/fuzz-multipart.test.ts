import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { QueryTypes } from 'sequelize';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchange, FIELD_NAME_BODIES, MALFORMED_BODIES, type UploadTarget } from '../../testing/fuzz/multipart';
import { crashExcerpt, exitSummary, serverErrors, writeReport } from '../../testing/fuzz/runner';
import { startFuzzSuite, type FuzzSuite } from '../../testing/fuzz/suite';
import { PNG } from '../../testing/fuzz/world';

/*
 * Issue 8 §1: malformed multipart/form-data bodies to every upload route of the OpenAPI document,
 * on raw sockets; issue 25: well-formed ones whose field names every object already has
 * (`toString`, `__proto__`) or that name a path to a prototype. After each, the API process must still run and answer GET /api/health; the
 * request must get an answer that is not a 5xx (unless the client itself went away). When the
 * process dies, the failure is recorded with its last output and the process is started again, so
 * one run shows every body that kills it.
 */

let suite: FuzzSuite;
/** An owner in the middle of onboarding, for the onboarding logo upload. */
let ownerToken = '';
beforeAll(async () => {
  suite = await startFuzzSuite();
  const res = await fetch(`${suite.api.url}/api/onboarding-start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Fuzz Owner',
      email: `fuzz-owner-${Date.now()}@fuzz.example.test`,
      password: 'correct-horse-battery',
      companyName: 'Fuzz Owner Co',
      source: 'Google',
      title: 'Owner/Founder',
    }),
  });
  ownerToken = ((await res.json()) as { session: { access_token: string } }).session.access_token;
}, 120_000);
afterAll(() => suite?.close());

interface Finding {
  route: string;
  caller: string;
  body: string;
  outcome: string;
  log: string;
}

/** Exits of the API process after which the run stops sending. */
const MAX_EXITS = 12;

const findings: Finding[] = [];
const leftovers: Finding[] = [];

/** Storage keys (files under STORAGE_DIR) that no file row, logo or favicon points at. */
async function unreferencedKeys(): Promise<string[]> {
  const keys: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
      else keys.push(`${prefix}${entry.name}`);
    }
  };
  if (existsSync(suite.api.storageDir)) walk(suite.api.storageDir, '');
  // Every tenant's rows on purpose: an object is orphaned when no row of any tenant points at it.
  const rows = await suite.ctx.db.FileRecord.findAll({ attributes: ['storage_key'], allTenants: true });
  // A file's earlier versions keep their objects until the file is purged.
  const versions = await suite.ctx.sequelize.query<{ storage_key: string }>('SELECT storage_key FROM file_versions', {
    type: QueryTypes.SELECT,
  });
  const tenants = await suite.ctx.db.Tenant.findAll({ attributes: ['id', 'logo_url', 'favicon_url'] });
  const onboardings = await suite.ctx.db.OnboardingState.findAll({ attributes: ['workspace_id', 'logo_url'] });
  const referenced = new Set([
    ...rows.map((r) => r.storage_key),
    ...versions.map((v) => v.storage_key),
    ...onboardings.filter((o) => o.logo_url).map((o) => `${o.workspace_id}/brand/${o.logo_url!.split('/').pop()}`),
    ...tenants.flatMap((t) =>
      [t.logo_url, t.favicon_url]
        .filter((u): u is string => Boolean(u))
        .map((u) => `${t.id}/brand/${u.split('/').pop()}`),
    ),
  ]);
  return keys.filter((key) => !referenced.has(key));
}

function targets(): UploadTarget[] {
  const uploads = suite.operations.filter((op) => op.body?.mediaType === 'multipart/form-data');
  const t = suite.world.tenants[0];
  const maxBytes = Number(suite.api.env.MAX_UPLOAD_MB) * 1024 * 1024;
  return uploads.flatMap((op): UploadTarget[] => {
    const path = `/api${op.path.replace('/forms/{id}/', `/forms/${t.formId}/`).replace('/super/tenants/{id}/', `/super/tenants/${t.id}/`).replace('/files/{id}/', `/files/${t.files[0]}/`)}`;
    if (path.includes('{'))
      throw new Error(`${op.key} is an upload route this suite does not know how to address yet: add it to targets().`);
    const base = {
      opKey: op.key,
      path,
      fields: [] as Array<[string, string]>,
      file: { name: 'notes.txt', type: 'text/plain', content: Buffer.from('fuzz') },
      maxBytes,
    };
    if (op.schemes.includes('apiKey'))
      return [{ ...base, caller: `key of ${t.name}`, headers: { authorization: `Bearer ${t.key.key}` } }];
    const admin = {
      ...base,
      caller: t.admin.label,
      headers: { authorization: `Bearer ${t.admin.token}`, 'x-tenant-id': t.id },
    };
    const logo = { file: { name: 'logo.png', type: 'image/png', content: PNG }, maxBytes: 2 * 1024 * 1024 };
    if (op.path.startsWith('/tenant-config/')) return [{ ...admin, ...logo }];
    if (op.path === '/onboarding-logo')
      return [{ ...base, ...logo, caller: 'owner signing up', headers: { authorization: `Bearer ${ownerToken}` } }];
    // The console's upload for a workspace: the super admin's, and refused to the workspace's own admin.
    if (op.path.startsWith('/super/'))
      return [
        {
          ...base,
          ...logo,
          caller: suite.world.superAdmin.label,
          headers: { authorization: `Bearer ${suite.world.superAdmin.token}` },
        },
        { ...admin, ...logo },
      ];
    if (op.path.includes('{id}')) {
      const fields: Array<[string, string]> = [['question_id', 'doc']];
      return [
        { ...admin, fields },
        {
          ...base,
          fields,
          caller: t.client.label,
          headers: { authorization: `Bearer ${t.client.token}`, 'x-tenant-id': t.id },
        },
      ];
    }
    return [
      admin,
      { ...base, caller: t.client.label, headers: { authorization: `Bearer ${t.client.token}`, 'x-tenant-id': t.id } },
    ];
  });
}

describe('malformed multipart bodies to every upload route', () => {
  it('the document has upload routes to send them to', () => {
    expect(suite.operations.filter((op) => op.body?.mediaType === 'multipart/form-data').map((op) => op.key)).toEqual(
      expect.arrayContaining([
        'POST /files/upload',
        'POST /forms/{id}/uploads',
        'POST /v1/files',
        'POST /tenant-config/logo',
        'POST /super/tenants/{id}/branding/logo',
        'POST /onboarding-logo',
      ]),
    );
  });

  it('answers each without a 5xx, and the process stays up and healthy after each', async () => {
    const started = Date.now();
    let sent = 0;
    let known = new Set(await unreferencedKeys());
    bodies: for (const target of targets()) {
      for (const body of [...MALFORMED_BODIES, ...FIELD_NAME_BODIES]) {
        // Each exit costs a restart of several seconds: past a few, the findings have said enough.
        if (suite.api.exits.length >= MAX_EXITS) {
          findings.push({
            route: target.opKey,
            caller: target.caller,
            body: body.label,
            outcome: `not sent: the run stopped after ${MAX_EXITS} exits of the API process`,
            log: '',
          });
          break bodies;
        }
        const mark = suite.api.output().length;
        const result = await exchange(suite.api.url, body.plan(target));
        sent++;
        // A crash may follow the answer (a stream error nobody listens to): give it a moment.
        await new Promise((r) => setTimeout(r, 40));
        const healthy = await suite.api.healthy();
        const clientLeft = /disconnect|goes away|stops inside/.test(body.label);
        const output = suite.api.output().slice(mark);
        const where = { route: target.opKey, caller: target.caller, body: body.label };
        if (!healthy) {
          await new Promise((r) => setTimeout(r, 200));
          const exit = suite.api.exits.at(-1);
          const outcome = `the API process exited (code ${exit?.code ?? '?'}${exit?.signal ? `, ${exit.signal}` : ''}); the client saw: ${result.ended}${result.status ? ` ${result.status}` : ''}`;
          findings.push({ ...where, outcome, log: crashExcerpt(suite.api.output().slice(mark)) });
          await suite.api.restart();
        } else if (result.status !== undefined && result.status >= 500) {
          findings.push({ ...where, outcome: `answered ${result.status}`, log: serverErrors(output) });
        } else if (result.status === undefined && !clientLeft) {
          findings.push({
            ...where,
            outcome: `no answer: ${result.ended} after ${result.ms} ms`,
            log: serverErrors(output),
          });
        }
        // What the request left in storage (a crash leaves its temporary file; a refused or broken upload must leave nothing).
        // Cleaning up after a broken upload may take a moment: wait up to a second for it.
        let left = (await unreferencedKeys()).filter((key) => !known.has(key));
        for (let waited = 0; left.length > 0 && waited < 1000; waited += 250) {
          await new Promise((r) => setTimeout(r, 250));
          left = (await unreferencedKeys()).filter((key) => !known.has(key));
        }
        const answered = result.status ? `answered ${result.status}` : result.ended;
        if (left.length > 0)
          leftovers.push({
            ...where,
            outcome: `${answered}${healthy ? '' : ', and the process died'}; left ${left.length} object(s) no row points at`,
            log: left.join('\n'),
          });
        known = new Set([...known, ...left]);
      }
    }
    // Whatever is still there now (seconds later) was never going to be cleaned up.
    const remaining = new Set(await unreferencedKeys());
    for (const leftover of leftovers)
      if (leftover.log.split('\n').some((key) => remaining.has(key)))
        leftover.outcome += `; still there at the end of the run`;
    console.log(
      `fuzz multipart: ${sent} malformed or oddly named bodies to ${targets().length} route × caller pairs in ${((Date.now() - started) / 1000).toFixed(1)} s, ${findings.length} failures, ${suite.api.exits.length} process exits`,
    );
    const report = format(findings);
    const file = writeReport('multipart', 0, `${report}\n\nLeft in storage:\n${format(leftovers)}`);
    expect(findings.length, `${report}\n\n(also in ${file})`).toBe(0);
  }, 600_000);

  it('leaves nothing behind in storage when an upload is refused, broken off or kills the process', () => {
    expect(leftovers.length, format(leftovers)).toBe(0);
  });

  it('never had the API process exit (a crash, or a polluted prototype: testing/fuzz/prototype-guard.ts)', () => {
    expect(exitSummary(suite.api.exits)).toEqual([]);
  });
});

function format(list: Finding[]): string {
  return list
    .map(
      (f, i) =>
        `${i + 1}. ${f.route} as ${f.caller} — ${f.body}: ${f.outcome}${f.log ? `\n     ${f.log.split('\n').join('\n     ')}` : ''}`,
    )
    .join('\n');
}
