import { randomBytes } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { ensureSuperAdmin, type Tenant } from '@portico/core';
import type { E2E } from '../testing/browser';
import { DEFAULT_PASSWORD, addMember, makeTenant, makeUser } from '../testing/factories';

/** Upper bound for any single wait in these tests (page loads, redirects, elements appearing). */
export const WAIT_MS = 10_000;
/** For steps that include deliberate pauses in the app (the invitation signup waits ~3 s). */
export const SLOW_WAIT_MS = 15_000;

export const unique = () => randomBytes(4).toString('hex');

function withWaits(page: Page): Page {
  page.setDefaultTimeout(WAIT_MS);
  page.setDefaultNavigationTimeout(SLOW_WAIT_MS);
  return page;
}

/** A fresh browser profile (one person) whose actions and waits give up after WAIT_MS. */
export async function openBrowser(e2e: E2E): Promise<Page> {
  return withWaits((await e2e.newPage()).page);
}

/** Another tab of the browser profile `context` (its storage, so its session, shared), with the same waits. */
export async function openTab(context: BrowserContext): Promise<Page> {
  return withWaits(await context.newPage());
}

/** Waits until the element is visible; throws (failing the test) when it does not appear in time. */
export async function see(locator: Locator, timeout = WAIT_MS): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout });
}

/** Waits until the element is gone or hidden. */
export async function notSee(locator: Locator, timeout = WAIT_MS): Promise<void> {
  await locator.waitFor({ state: 'hidden', timeout });
}

export interface Where {
  /** The address' path, exactly, or a pattern it must match. */
  path: string | RegExp;
  /** Query parameters that must have these values; null means the parameter must be absent. */
  query?: Record<string, string | null>;
}

function matches(url: URL, where: Where): boolean {
  const pathOk = typeof where.path === 'string' ? url.pathname === where.path : where.path.test(url.pathname);
  if (!pathOk) return false;
  return Object.entries(where.query ?? {}).every(([key, value]) => url.searchParams.get(key) === value);
}

/** Waits until the browser is at the given place; returns the address. */
export async function waitForPlace(page: Page, where: Where, timeout = WAIT_MS): Promise<URL> {
  try {
    await page.waitForURL((url) => matches(url, where), { timeout });
  } catch (error) {
    throw new Error(
      `expected to be at ${String(where.path)} ${JSON.stringify(where.query ?? {})}, but the page is at ${page.url()}`,
      { cause: error },
    );
  }
  return new URL(page.url());
}

/** The current address of the page. */
export const here = (page: Page): URL => new URL(page.url());

/** Fills the sign-in form at /login (optionally with a query such as ?tenant_id=…) and submits it. */
export async function signIn(page: Page, email: string, password: string, query = ''): Promise<void> {
  await page.goto(`/login${query}`);
  await submitSignIn(page, email, password);
}

/** Submits the sign-in form already on screen. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** The sidebar of the tenant shells (its header shows the workspace name). */
export const sidebar = (page: Page): Locator => page.getByRole('complementary', { name: 'Sidebar' });

/** The super admin's scope bar above the admin pages. */
export const scopeBar = (page: Page): Locator => page.getByRole('region', { name: 'Scope' });

/** A link in an email's plain text that starts with `prefix` (e.g. `${app.url}/reset-password?`). */
export function linkIn(text: string, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = text.match(new RegExp(`${escaped}[^\\s\\]\\)>"']+`));
  if (!found) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return found[0];
}

/** The row of the super admin's tenant table for the tenant with this name. */
export const tenantRow = (page: Page, name: string): Locator =>
  page
    .getByRole('region', { name: 'Tenants' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });

/**
 * The 'View as Tenant' button of one tenant's row in the Tenants table (its accessible name also
 * carries the tenant's name; Quick Tenant Access has one too).
 */
export const viewAsTenant = (page: Page, name: string): Locator =>
  page.getByRole('region', { name: 'Tenants' }).getByRole('button', { name: `View as Tenant: ${name}`, exact: true });

/** A value the web app keeps in the page's local storage (null when absent). */
export function storedValue(page: Page, key: string): Promise<string | null> {
  return page.evaluate(
    (k) =>
      (globalThis as unknown as { localStorage: { getItem: (key: string) => string | null } }).localStorage.getItem(k),
    key,
  );
}

/** The platform super admin of this test server, created if needed, with its password. */
export async function superAdminOf(e2e: E2E): Promise<{ email: string; password: string }> {
  const { email } = await ensureSuperAdmin(e2e.app.ctx);
  return { email, password: e2e.app.config.superAdmin.password! };
}

/** A new workspace's admin ('Ada Admin'), signed in and on the admin dashboard. */
export async function adminOfNewTenant(e2e: E2E): Promise<{ tenant: Tenant; page: Page }> {
  const tenant = await makeTenant(e2e.app.ctx);
  const admin = await makeUser(e2e.app.ctx, { fullName: 'Ada Admin' });
  await addMember(e2e.app.ctx, tenant, admin, 'admin');
  const page = await openBrowser(e2e);
  await signIn(page, admin.email, DEFAULT_PASSWORD);
  await waitForPlace(page, { path: '/dashboard/admin', query: { tenant_id: tenant.id } });
  return { tenant, page };
}
