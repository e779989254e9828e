import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { observeJobs } from '@portico/core';
import { createEmailWorker } from '../worker/src/email-worker';
import { createWebhookWorker } from '../worker/src/webhook-worker';
import { startTestApp, type TestApp } from './harness';
import { startSmtpServer } from './smtp';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this closed network needs (and `extraArgs`). */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...extraArgs,
    ],
  });
}

export interface E2E {
  app: TestApp;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  browser: Browser;
  /** A fresh browser profile: its own storage, as a different person's browser would be. */
  newPage: () => Promise<{ context: BrowserContext; page: Page }>;
  close: () => Promise<void>;
}

/**
 * The built web app served by the real API, the email worker delivering to a local SMTP server,
 * the webhooks worker, and Chromium. `env` adds settings (e.g. OUTBOUND_ALLOW_PRIVATE for a local
 * receiver); `browserArgs` Chromium flags (e.g. host resolver rules for workspace hosts).
 */
export async function startE2E(
  options: { env?: Record<string, string>; browserArgs?: readonly string[] } = {},
): Promise<E2E> {
  const smtp = await startSmtpServer();
  const app = await startTestApp({ SMTP_URL: smtp.url, ...options.env });
  const workers = [createEmailWorker(app.ctx), createWebhookWorker(app.ctx)];
  // As the worker process does: counted, and told to the console live.
  for (const worker of workers) observeJobs(worker, app.ctx);
  const browser = await launchChromium(options.browserArgs);
  const contexts: BrowserContext[] = [];
  return {
    app,
    smtp,
    browser,
    newPage: async () => {
      const context = await browser.newContext({ baseURL: app.url });
      contexts.push(context);
      const page = await context.newPage();
      return { context, page };
    },
    close: async () => {
      await Promise.all(contexts.map((c) => c.close()));
      await browser.close();
      await Promise.all(workers.map((w) => w.close()));
      await app.close();
      await smtp.close();
    },
  };
}

/** Serious and critical accessibility violations on the current page (axe-core). */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Axe reads colours as painted: a toast still fading in lacks contrast for a moment. Let finite
  // animations and transitions end first (a spinner's never does).
  await page.evaluate(`Promise.race([
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
    new Promise((resolve) => setTimeout(resolve, 2000)),
  ])`);
  // Only the violations are read: every other result type is reported by one example, not each node.
  const result = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
