/**
 * First-load JavaScript and CSS per route (issues 27 and 30): what Chromium downloads, on an empty cache, to show a
 * route of the production build — the entry chunk and its static imports (index.html's modulepreloads),
 * plus each shell and page the route loads lazily and their static imports (Vite's preload helper
 * fetches those with the page) — counted in bytes as the API sends them: served by its own
 * `webAppFiles()` through its own `compressAnswers()` to Chromium's Accept-Encoding (brotli, quality 4,
 * nothing under 1 KiB compressed). The chunks and their imports come from Vite's manifest.
 *
 * Checked against Chromium itself (`BENCH_ONLY=first-load npm run bench`, which sums what the browser
 * downloaded): the same files, and bytes within 0.2% (the bench also counts HTTP/1.1's chunk framing).
 * Timed figures stay in the bench; these are deterministic, so they are budgets of `npm test`, which
 * builds the web app before it runs the tests.
 *
 * The style sheets of the same chunks (each chunk's `css` in the manifest: the entry's global sheets,
 * and the CSS Modules of the shell and page) are counted gzip-compressed, as the API sends them to a
 * client that asks for gzip: issue 30 set the CSS budgets in gzip.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@portico/core';
import { compressAnswers, webAppFiles } from '../../api/src/http/static';

const WEB_APP = path.join(REPO_ROOT, 'frontend');
const DIST = path.join(WEB_APP, 'dist');
const MANIFEST = path.join(DIST, '.vite', 'manifest.json');
/** What the web app's build reads: a change to any of these after the build makes the figures stale. */
const BUILD_INPUTS = [
  path.join(WEB_APP, 'src'),
  path.join(WEB_APP, 'index.html'),
  path.join(WEB_APP, 'vite.config.ts'),
  path.join(REPO_ROOT, 'packages', 'common', 'src'),
];
/** What Chromium sends (Debian's Chromium 156, over http://127.0.0.1 as over https). */
const CHROMIUM_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const GZIP = 'gzip';
const KB = 1024;

interface RouteBudget {
  route: string;
  budgetKb: number;
  /** Its style sheets, gzip-compressed. */
  cssBudgetKb: number;
  /** The modules the route loads lazily to show itself (its shell, its page), as the manifest names them. */
  lazyModules: string[];
}

const BUDGETS: RouteBudget[] = [
  { route: '/login', budgetKb: 150, cssBudgetKb: 15, lazyModules: [] },
  // On the platform's host `/` is the landing page, which HomePage (in the entry) loads lazily.
  { route: '/ (landing)', budgetKb: 170, cssBudgetKb: 20, lazyModules: ['src/features/landing/LandingPage.tsx'] },
  {
    route: '/dashboard/admin',
    budgetKb: 300,
    cssBudgetKb: 20,
    lazyModules: ['src/app/shells/AdminShell.tsx', 'src/features/dashboard/AdminDashboardPage.tsx'],
  },
  {
    route: '/super (Mission Control)',
    budgetKb: 400,
    cssBudgetKb: 20,
    lazyModules: ['src/app/shells/SuperShell.tsx', 'src/features/console/MissionControlPage.tsx'],
  },
];

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The newest file under `paths` (a file or a folder each). */
function newestFile(paths: string[]): { file: string; mtimeMs: number } {
  let newest = { file: '', mtimeMs: 0 };
  for (const start of paths) {
    const files = statSync(start).isDirectory()
      ? readdirSync(start, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => path.join(entry.parentPath, entry.name))
      : [start];
    for (const file of files) {
      const { mtimeMs } = statSync(file);
      if (mtimeMs > newest.mtimeMs) newest = { file, mtimeMs };
    }
  }
  return newest;
}

/** The build's manifest, refused with a sentence when the build is missing or older than its sources. */
function readManifest(): Manifest {
  if (!existsSync(MANIFEST))
    throw new Error(
      `${path.relative(REPO_ROOT, MANIFEST)} is missing: build the web app first (npm run build; npm test does it before the tests).`,
    );
  const built = statSync(MANIFEST).mtimeMs;
  const newest = newestFile(BUILD_INPUTS);
  if (newest.mtimeMs > built)
    throw new Error(
      `The web app's build is older than ${path.relative(REPO_ROOT, newest.file)}: build it again (npm run build) so the budgets measure the code as it is.`,
    );
  return JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
}

/** The chunks of `keys` and of everything they import statically, transitively. */
function withStaticImports(manifest: Manifest, keys: string[]): ManifestChunk[] {
  const seen = new Map<string, ManifestChunk>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.set(key, chunk);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return [...seen.values()].filter((chunk) => chunk.file.endsWith('.js'));
}

/** The style sheets those chunks bring, each once. */
function styleSheets(chunks: ManifestChunk[]): string[] {
  return [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))];
}

/** The bytes of the body the server sends for `file` to a client accepting `acceptEncoding`, and their encoding. */
function sentBytes(
  baseUrl: string,
  file: string,
  acceptEncoding = CHROMIUM_ACCEPT_ENCODING,
): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    get(`${baseUrl}/${file}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`${file} answered ${res.statusCode}`));
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity' }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

const kb = (bytes: number) => (bytes / KB).toFixed(1);

describe('first-load JavaScript and CSS per route, as the API sends the production build', () => {
  let manifest: Manifest;
  let baseUrl: string;

  beforeAll(async () => {
    manifest = readManifest();
    const app = express();
    app.use(compressAnswers());
    app.use(webAppFiles(DIST));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  });

  /** The chunks a route loads, after checking that the test's list of them matches the build. */
  function routeChunks(route: string, lazyModules: string[]): ManifestChunk[] {
    const entry = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
    expect(entry, 'the build has one entry (index.html)').toHaveLength(1);
    const unknown = lazyModules.filter((key) => !manifest[key]?.isDynamicEntry);
    expect(unknown, `${route}: these modules are no chunk loaded lazily in the build; update this test's list`).toEqual(
      [],
    );
    return withStaticImports(manifest, [...entry, ...lazyModules]);
  }

  it.each(BUDGETS)('$route: at most $budgetKb KB of JavaScript', async ({ route, budgetKb, lazyModules }) => {
    const chunks = routeChunks(route, lazyModules);
    const sent = await Promise.all(chunks.map(async (chunk) => ({ chunk, ...(await sentBytes(baseUrl, chunk.file)) })));
    const total = sent.reduce((sum, s) => sum + s.bytes, 0);
    const encodings = [...new Set(sent.filter((s) => s.bytes >= KB).map((s) => s.encoding))].join(', ');
    console.log(`${route.padEnd(26)} ${kb(total).padStart(6)} KB in ${chunks.length} files (${encodings})`);

    const largest = sent
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 8)
      .map((s) => `${s.chunk.file} ${kb(s.bytes)} KB${s.chunk.src ? ` (${s.chunk.src})` : ''}`);
    expect(
      total / KB,
      `${route} downloads ${kb(total)} KB of JavaScript in ${chunks.length} files, over its budget of ${budgetKb} KB; largest first: ${largest.join(', ')}`,
    ).toBeLessThanOrEqual(budgetKb);
  });

  it.each(BUDGETS)('$route: at most $cssBudgetKb KB of CSS (gzip)', async ({ route, cssBudgetKb, lazyModules }) => {
    const sheets = styleSheets(routeChunks(route, lazyModules));
    const sent = await Promise.all(sheets.map(async (file) => ({ file, ...(await sentBytes(baseUrl, file, GZIP)) })));
    const total = sent.reduce((sum, s) => sum + s.bytes, 0);
    console.log(`${route.padEnd(26)} ${kb(total).padStart(6)} KB of CSS in ${sheets.length} files (gzip)`);

    const largest = sent
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 8)
      .map((s) => `${s.file} ${kb(s.bytes)} KB`);
    expect(
      total / KB,
      `${route} downloads ${kb(total)} KB of CSS (gzip) in ${sheets.length} files, over its budget of ${cssBudgetKb} KB; largest first: ${largest.join(', ')}`,
    ).toBeLessThanOrEqual(cssBudgetKb);
  });
});
