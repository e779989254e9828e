/**
 * First-load weight, part of `npm run bench`: the JavaScript Chromium downloads (bytes on the wire,
 * compressed as the API serves them) to show /login to a visitor with an empty cache, and to show
 * the admin dashboard to someone who has just signed in (a fresh load of that page).
 */
import { existsSync } from 'node:fs';
import type { Page, Request } from 'playwright-core';
import { SPA_DIR } from '../api/src/app';
import { signIn } from '../e2e/support';
import { launchChromium } from '../testing/browser';
import type { Figure } from './figures';

export interface FirstLoadInput {
  baseUrl: string;
  email: string;
  password: string;
  tenantId: string;
}

interface Weight {
  files: number;
  bytes: number;
}

/** Loads `path` in `page` and sums the scripts it downloaded until the network went quiet. */
async function scriptWeight(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<Weight> {
  const sizes: Promise<number>[] = [];
  const onFinished = (request: Request) => {
    if (request.resourceType() === 'script')
      sizes.push(
        request.sizes().then((s) => {
          if (process.env.BENCH_VERBOSE) console.log(`  ${s.responseBodySize} ${request.url()}`);
          return s.responseBodySize;
        }),
      );
  };
  page.on('requestfinished', onFinished);
  await page.goto(path, { waitUntil: 'networkidle' });
  await ready(page);
  page.off('requestfinished', onFinished);
  const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  return { files: sizes.length, bytes };
}

const kb = (bytes: number) => bytes / 1024;

export async function benchFirstLoad(input: FirstLoadInput): Promise<Figure[]> {
  if (!existsSync(`${SPA_DIR}/index.html`)) throw new Error('first load: build the web app first (npm run build)');
  const browser = await launchChromium();
  try {
    const visitor = await browser.newContext({ baseURL: input.baseUrl });
    const login = await scriptWeight(await visitor.newPage(), '/login', (page) =>
      page.getByRole('button', { name: 'Sign In', exact: true }).waitFor(),
    );

    const admin = await browser.newContext({ baseURL: input.baseUrl });
    const signedIn = await admin.newPage();
    await signIn(signedIn, input.email, input.password);
    await signedIn.waitForURL(/\/dashboard\/admin/);
    // The same session in a browser whose cache is empty: the dashboard's own first load.
    const returning = await browser.newContext({ baseURL: input.baseUrl, storageState: await admin.storageState() });
    const dashboard = await scriptWeight(
      await returning.newPage(),
      `/dashboard/admin?tenant_id=${input.tenantId}`,
      (page) => page.getByRole('heading', { level: 1 }).first().waitFor(),
    );
    await Promise.all([visitor.close(), admin.close(), returning.close()]);

    console.log(`\nFirst load (Chromium, empty cache, JavaScript as downloaded)\n`);
    console.log(`${'/login'.padEnd(30)} ${kb(login.bytes).toFixed(1).padStart(7)} KB in ${login.files} files`);
    console.log(
      `${'/dashboard/admin'.padEnd(30)} ${kb(dashboard.bytes).toFixed(1).padStart(7)} KB in ${dashboard.files} files`,
    );
    return [
      { name: 'JavaScript to show /login', value: kb(login.bytes), unit: 'KB', goal: { atMost: 150 } },
      { name: 'JavaScript to show the admin dashboard', value: kb(dashboard.bytes), unit: 'KB', goal: { atMost: 300 } },
    ];
  } finally {
    await browser.close();
  }
}
