/**
 * `npx tsx scripts/screenshots.ts --out DIR [--dist DIR] [--compare BEFORE_DIR]`: a full-page
 * screenshot of every route in the web app's route table, at 1280 and 390 px wide, light and dark,
 * as the person each route is for sees it, then contact sheets of them (and, with --compare, sheets
 * of another run's shots beside these). It builds nothing: it serves the web app already built in
 * `--dist` (frontend/dist unless told) with the real API, on a new database and Redis prefix seeded
 * with the demo content, and needs PostgreSQL, Redis and /usr/bin/chromium as the browser tests do.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { BrowserContext, Page, Request, Response } from 'playwright-core';
import { EMBED_AUDIENCE_ALL, onboardingStartBody } from '@portico/common';
import { createShareLink, ensureSuperAdmin, startOnboarding, type AppContext } from '@portico/core';
import { SPA_DIR } from '../api/src/app';
import { signIn } from '../e2e/support';
import { ROUTES, type PageId, type RouteRow } from '../frontend/src/lib/routes/table';
import { launchChromium } from '../testing/browser';
import { DEFAULT_PASSWORD, scopeOf } from '../testing/factories';
import { createMigratedDatabase, startTestApp } from '../testing/harness';
import { DEMO_TENANTS } from './demo/content';
import { seedDemo } from './demo/seed';
import {
  MANIFEST_FILE,
  VARIANTS,
  shotFile,
  writeCompareSheets,
  writeContactSheets,
  type Manifest,
  type ShotRecord,
  type Variant,
} from './screenshot-sheets';

/** Who looks at a route: nobody for public pages, else someone the route is for. */
type Person = 'nobody' | 'superAdmin' | 'admin' | 'client' | 'newOwner';

const VIEWPORT_HEIGHT: Record<Variant['width'], number> = { 1280: 800, 390: 844 };
/** Skeletons and spinners still showing after this long are shot as they are, and said so. */
const SETTLE_MS = 30_000;
/** The tallest page shot, so a runaway layout cannot make a picture Chromium refuses to take. */
const MAX_PAGE_HEIGHT = 12_000;

/**
 * What still loads: skeletons, spinners, anything marked busy. Module classes keep their name inside
 * a hashed one (`_skeleton_x1y2z_1`), so the same selectors find them before and after CSS Modules.
 */
const BUSY_SELECTOR = [
  '[aria-busy="true"]',
  '[role="status"][aria-label="Loading"]',
  '[data-skeleton]',
  '[class*="skeleton"]',
  '[class*="spinner"]',
].join(', ');

/** What keeps the page from being shot yet, in words; empty once it has settled. */
const STILL_LOADING = `(() => {
  const reasons = [];
  const root = document.getElementById('root');
  if (!root || root.children.length === 0) reasons.push('nothing rendered');
  for (const element of document.querySelectorAll(${JSON.stringify(BUSY_SELECTOR)})) {
    if (element.getClientRects().length === 0) continue;
    const label = element.getAttribute('aria-label') ?? element.className;
    reasons.push(element.tagName.toLowerCase() + ' ' + (typeof label === 'string' ? label : '') + (element.getAttribute('aria-busy') === 'true' ? ' (busy)' : ''));
  }
  // The first session check, whatever its class.
  for (const status of document.querySelectorAll('[role="status"]'))
    if (status.textContent.trim() === 'Loading...') reasons.push('loading screen');
  if (document.fonts.status !== 'loaded') reasons.push('fonts');
  for (const image of document.images) if (!image.complete && image.loading !== 'lazy') reasons.push('image ' + image.src);
  return [...new Set(reasons)].join(', ');
})()`;

/**
 * How tall the window must be to show the whole page at once: the document's height, or more when a
 * scroll box filling most of the window (a shell whose content scrolls inside) holds more than it
 * shows. The window is made that tall rather than stitched, so sticky sidebars reach the bottom.
 */
const WHOLE_PAGE_HEIGHT = `(() => {
  let extra = 0;
  for (const element of document.querySelectorAll('body *')) {
    if (element.clientHeight < window.innerHeight / 2) continue;
    if (!/auto|scroll/.test(getComputedStyle(element).overflowY)) continue;
    extra = Math.max(extra, element.scrollHeight - element.clientHeight);
  }
  return Math.max(document.documentElement.scrollHeight, window.innerHeight + extra);
})()`;

interface DemoWorld {
  tenantId: string;
  /** The id each parameterised page is shot with. */
  ids: Partial<Record<PageId, string>>;
  accounts: Record<Exclude<Person, 'nobody'>, { email: string; password: string }>;
}

function personFor(route: RouteRow): Person {
  // The wizard shows only to someone setting up a workspace; anyone else is sent on.
  if (route.page === 'onboarding') return 'newOwner';
  switch (route.access.kind) {
    case 'public':
      return 'nobody';
    case 'superOnly':
      return 'superAdmin';
    case 'roles':
      return route.access.roles.includes('admin') ? 'admin' : 'client';
    case 'signedIn':
      return 'client';
  }
}

/** `/forms/:id/responses` → `forms-id-responses`; the same in every run, whatever the ids. */
function routeSlug(routePath: string): string {
  return routePath.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'index';
}

/** The token of a week-long share link to one of the workspace's files, made by its admin. */
async function demoShareLink(ctx: AppContext, tenantId: string, adminEmail: string): Promise<string | undefined> {
  const file = await ctx.db.FileRecord.findOne({ where: { tenant_id: tenantId }, attributes: ['id'] });
  const tenant = await ctx.db.Tenant.findByPk(tenantId);
  const admin = await ctx.db.User.findOne({ where: { email: adminEmail }, attributes: ['id'] });
  if (!file || !tenant || !admin) return undefined;
  const scope = await scopeOf(ctx, tenant, admin.id);
  return (await createShareLink(ctx, scope, { fileId: file.id, expiresInDays: 7 })).token;
}

/** The first demo workspace, its people and content, and a workspace owner half-way through signing up. */
async function seedWorld(ctx: AppContext): Promise<DemoWorld> {
  await seedDemo(ctx, { password: DEFAULT_PASSWORD });
  const demo = DEMO_TENANTS[0]!;
  const tenant = (await ctx.db.Tenant.findOne({ where: { slug: demo.slug }, attributes: ['id'] }))!;
  const admin = demo.people.find((p) => p.key === 'admin')!;
  const client = demo.people.find((p) => p.key === 'client')!;
  const answered = demo.forms.find((f) => f.responses.length > 0)?.title;
  const toFill = demo.forms.find(
    (f) => f.status === 'published' && f.roles.includes(client.role) && !f.responses.some((r) => r.person === 'client'),
  )?.title;
  const shownToAll = demo.embeds.find((e) => 'role' in e.audience && e.audience.role === EMBED_AUDIENCE_ALL)?.title;
  const where = (title: string | undefined) => ({
    where: { tenant_id: tenant.id, title: title ?? '' },
    attributes: ['id'],
  });
  const ids = {
    embed: (await ctx.db.Embed.findOne(where(shownToAll)))?.id,
    formResponses: (await ctx.db.Form.findOne(where(answered)))?.id,
    formFill: (await ctx.db.Form.findOne(where(toFill)))?.id,
    shareLink: await demoShareLink(ctx, tenant.id, admin.email),
  };

  const { email } = await ensureSuperAdmin(ctx);
  const owner = onboardingStartBody.parse({
    name: 'Hana Harbor',
    email: 'hana.harbor@harbor-legal.example',
    password: DEFAULT_PASSWORD,
    companyName: 'Harbor Legal',
    source: 'Google',
    title: 'Owner/Founder',
    plan: 'starter',
  });
  await startOnboarding(ctx, owner);

  return {
    tenantId: tenant.id,
    ids,
    accounts: {
      superAdmin: { email, password: ctx.config.superAdmin.password! },
      admin: { email: admin.email, password: DEFAULT_PASSWORD },
      client: { email: client.email, password: DEFAULT_PASSWORD },
      newOwner: { email: owner.email, password: DEFAULT_PASSWORD },
    },
  };
}

/** The address a route is shot at: its parameters filled, the workspace named for its members. */
function addressOf(route: RouteRow, person: Person, world: DemoWorld): string {
  const filled = route.path.replace(/:[a-z]+/gi, () => {
    const id = world.ids[route.page];
    if (!id) throw new Error(`No demo id to fill ${route.path} (page ${route.page}): add one to seedWorld.`);
    return id;
  });
  const query = new URLSearchParams();
  if (person === 'admin' || person === 'client') query.set('tenant_id', world.tenantId);
  // The form shows for any token; the API checks it only when the new password is sent.
  if (route.page === 'resetPassword') query.set('token', 'screenshot');
  const search = query.toString();
  return search ? `${filled}?${search}` : filled;
}

async function signedInPage(context: BrowserContext, person: Person, world: DemoWorld): Promise<Page> {
  const page = await context.newPage();
  if (person === 'nobody') return page;
  const { email, password } = world.accounts[person];
  await signIn(page, email, password);
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: SETTLE_MS });
  return page;
}

/** Checks in a row that must find nothing loading, a moment apart, before the page counts as settled. */
const QUIET_CHECKS = 3;
const CHECK_EVERY_MS = 150;

/** Waits until nothing loads any more; answers what was still loading when it gave up. */
async function settle(page: Page): Promise<string | null> {
  const deadline = Date.now() + SETTLE_MS;
  await page.waitForLoadState('networkidle', { timeout: SETTLE_MS }).catch(() => undefined);
  let quiet = 0;
  let loading = '';
  while (Date.now() < deadline) {
    // The page may be between two documents (a redirect): that is loading too.
    loading = await page.evaluate<string>(STILL_LOADING).catch((error: Error) => error.message.split('\n')[0]!);
    quiet = loading === '' ? quiet + 1 : 0;
    if (quiet === QUIET_CHECKS) return null;
    await page.waitForTimeout(CHECK_EVERY_MS);
  }
  return `still loading after ${SETTLE_MS / 1000} s: ${loading}`;
}

async function shoot(page: Page, address: string, variant: Variant, file: string): Promise<string[]> {
  const viewport = { width: variant.width, height: VIEWPORT_HEIGHT[variant.width] };
  await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme: variant.theme });
  const notes: string[] = [];
  // Calls the API refused or that never got an answer explain a page that looks wrong or never settles.
  const onResponse = (response: Response) => {
    const url = new URL(response.url());
    if (response.status() >= 400 && url.pathname.startsWith('/api/'))
      notes.push(`${response.request().method()} ${url.pathname}: ${response.status()}`);
  };
  const onFailure = (request: Request) => {
    const error = request.failure()?.errorText;
    // Requests cut short by leaving the page are no failure of the page.
    if (error !== 'net::ERR_ABORTED') notes.push(`${request.method()} ${request.url()}: ${error}`);
  };
  page.on('response', onResponse);
  page.on('requestfailed', onFailure);
  await page.goto(address);
  const unsettled = await settle(page);
  page.off('response', onResponse);
  page.off('requestfailed', onFailure);
  if (unsettled) notes.push(unsettled);
  const landed = new URL(page.url());
  if (landed.pathname !== new URL(address, landed).pathname) notes.push(`landed at ${landed.pathname}`);
  const width = await page.evaluate<number>('document.documentElement.scrollWidth');
  if (width > viewport.width) notes.push(`${width} px wide: wider than the window, it scrolls sideways`);
  const height = Math.min(MAX_PAGE_HEIGHT, await page.evaluate<number>(WHOLE_PAGE_HEIGHT));
  if (height > viewport.height) {
    await page.setViewportSize({ ...viewport, height });
    await page.waitForTimeout(100);
  }
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return notes;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, dist: { type: 'string' }, compare: { type: 'string' } },
  });
  if (!values.out)
    throw new Error('Usage: npx tsx scripts/screenshots.ts --out DIR [--dist DIR] [--compare BEFORE_DIR]');
  const outDir = path.resolve(values.out);
  const webAppDir = path.resolve(values.dist ?? SPA_DIR);
  await mkdir(outDir, { recursive: true });
  const started = Date.now();

  const database = await createMigratedDatabase('portico_shots');
  const app = await startTestApp({}, { database, webAppDir });
  const browser = await launchChromium();
  try {
    const world = await seedWorld(app.ctx);
    const pages = new Map<Person, Page>();
    const pageOf = async (person: Person): Promise<Page> => {
      let page = pages.get(person);
      if (!page) {
        const context = await browser.newContext({ baseURL: app.url });
        page = await signedInPage(context, person, world);
        pages.set(person, page);
      }
      return page;
    };

    const shots: ShotRecord[] = [];
    for (const route of ROUTES) {
      const person = personFor(route);
      const page = await pageOf(person);
      const address = addressOf(route, person, world);
      const slug = routeSlug(route.path);
      const seenIn = new Map<string, Set<string>>();
      for (const variant of VARIANTS) {
        const file = path.join(outDir, shotFile(slug, variant));
        for (const note of await shoot(page, address, variant, file))
          seenIn.set(note, new Set(seenIn.get(note)).add(`${variant.width} ${variant.theme}`));
      }
      const notes = [...seenIn].map(([note, variants]) =>
        variants.size === VARIANTS.length ? note : `${note} (${[...variants].join(', ')})`,
      );
      shots.push({ path: route.path, slug, person, address, notes });
      console.log(`${route.path.padEnd(32)} as ${person.padEnd(10)} ${notes.join('; ')}`);
    }

    const manifest: Manifest = { dist: webAppDir, takenAt: new Date().toISOString(), shots };
    await writeFile(path.join(outDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    const sheets = await writeContactSheets(browser, outDir, manifest);
    const compared = values.compare
      ? await writeCompareSheets(browser, outDir, path.resolve(values.compare), manifest)
      : 0;
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(
      `\n${shots.length} routes, ${shots.length * VARIANTS.length} shots, ${sheets} contact sheets` +
        `${values.compare ? `, ${compared} compare sheets` : ''} in ${outDir} (${seconds} s).`,
    );
    const unreached = shots.filter((s) => s.notes.length > 0);
    if (unreached.length > 0) console.log(`Routes to look at: ${unreached.map((s) => s.path).join(', ')}`);
  } finally {
    await browser.close();
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
