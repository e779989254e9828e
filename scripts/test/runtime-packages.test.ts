import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runtimePackages, SERVER_WORKSPACES } from '../runtime-packages';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/*
 * Bounds a little above the figures of 2026-11-27: 407 packages, 126.0 MiB of files. Checked once
 * against the real thing: `npm ci --omit=dev -w api -w worker -w scheduler -w packages/core -w
 * packages/common` into an empty folder holding only the package.json files, package-lock.json and
 * .npmrc (as the Dockerfile's server-packages stage does) installed the same 407 packages and 126.1
 * MiB of files, the difference being npm's own node_modules/.package-lock.json. A dependency that
 * crosses a bound is a decision: raise it in the same change and say why there.
 */
const MAX_PACKAGES = 425;
const MAX_MIB = 133;

describe("the runtime image's node_modules (npm run build:prod prints it)", () => {
  const { packages, bytes } = runtimePackages(ROOT);

  it('installs what the Dockerfile installs', () => {
    const install = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8').match(/^RUN npm ci --omit=dev (.+)$/m);
    expect(install?.[1]).toBe(SERVER_WORKSPACES.map((workspace) => `-w ${workspace}`).join(' '));
  });

  it('holds the server workspaces’ production dependencies only', () => {
    expect(packages).toEqual(
      expect.arrayContaining(['node_modules/express', 'node_modules/argon2', 'node_modules/pg']),
    );
    // The web app's and the tools' packages are in the built files or not needed at run time.
    for (const devOnly of [
      'node_modules/vite',
      'node_modules/vitest',
      'node_modules/recharts',
      'node_modules/typescript',
    ])
      expect(packages).not.toContain(devOnly);
  });

  it(`stays within ${MAX_PACKAGES} packages and ${MAX_MIB} MiB`, () => {
    const mib = bytes / 2 ** 20;
    expect(packages.length, `${packages.length} production packages`).toBeLessThanOrEqual(MAX_PACKAGES);
    expect(mib, `${mib.toFixed(1)} MiB in node_modules`).toBeLessThanOrEqual(MAX_MIB);
  });
});
