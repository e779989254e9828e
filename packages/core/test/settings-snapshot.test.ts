import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { getSettings, isFlagOn, saveSettingsSection, setFlag, SETTINGS_FRESH_MS } from '../src';
import { makeUser } from '../../../testing/factories';
import { startTestContext, type TestContext } from '../../../testing/harness';

/*
 * The settings snapshot (settings/settings.ts): one read of PostgreSQL per process per
 * SETTINGS_FRESH_MS, never a wait after the first, a save seen at once by the process that made it.
 * A row written straight to PostgreSQL stands for a save made by another process.
 */

let t: TestContext;
beforeAll(async () => {
  t = await startTestContext();
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => t.close());

const appName = async () => (await getSettings(t.ctx)).brand.appName;

/** Lets the process's monotonic clock jump past the snapshot's freshness, and stop there, while PostgreSQL and Redis keep real time. */
function passFreshness(): void {
  vi.spyOn(performance, 'now').mockReturnValue(performance.now() + SETTINGS_FRESH_MS + 1);
}

it('reads PostgreSQL once while fresh, then again in the background, serving the last snapshot meanwhile', async () => {
  const reads = vi.spyOn(t.ctx.db.PlatformSetting, 'findAll');
  expect(await appName()).toBe('Portico');
  await t.ctx.db.PlatformSetting.upsert({ section: 'brand', value: { appName: 'Elsewhere' } });
  for (let i = 0; i < 5; i++) expect(await appName()).toBe('Portico');
  expect(reads).toHaveBeenCalledTimes(1);

  passFreshness();
  // The stale snapshot answers at once; the read it starts brings the other process's save.
  expect(await appName()).toBe('Portico');
  await vi.waitFor(async () => expect(await appName()).toBe('Elsewhere'));
  expect(reads).toHaveBeenCalledTimes(2);
  reads.mockRestore();
});

it('sees its own save at once, settings and flags alike', async () => {
  const admin = await makeUser(t.ctx);
  await getSettings(t.ctx);
  await saveSettingsSection(
    t.ctx,
    { userId: admin.id },
    { section: 'brand', values: { ...(await getSettings(t.ctx)).brand, appName: 'Mine' } },
  );
  expect(await appName()).toBe('Mine');
  expect(await isFlagOn(t.ctx, 'forms')).toBe(true);
  await setFlag(t.ctx, { userId: admin.id }, { key: 'forms', enabled: false });
  expect(await isFlagOn(t.ctx, 'forms')).toBe(false);
  await t.ctx.db.FeatureFlag.destroy({ where: { key: 'forms' } });
});

it('keeps the last snapshot when reading PostgreSQL again fails', async () => {
  const before = await appName();
  await t.ctx.sequelize.query('ALTER TABLE platform_settings RENAME TO platform_settings_away');
  try {
    passFreshness();
    expect(await appName()).toBe(before);
    // The failed background read is over; the next read tries again and still answers.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await appName()).toBe(before);
  } finally {
    await t.ctx.sequelize.query('ALTER TABLE platform_settings_away RENAME TO platform_settings');
  }
  await t.ctx.db.PlatformSetting.upsert({ section: 'brand', value: { appName: 'Back' } });
  // A read still under way from before the save may bring the older row and, the clock being
  // stopped, would stay fresh for ever: each look moves the clock past freshness again.
  await vi.waitFor(async () => {
    passFreshness();
    expect(await appName()).toBe('Back');
  });
});
