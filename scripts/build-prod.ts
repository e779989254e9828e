/**
 * `npm run build:prod`: the server processes compiled to plain JavaScript, one file each, for
 * production (the Docker image runs them with node, no tsx). Our own workspace packages are bundled
 * in; every other package stays an import of node_modules, unless node_modules holds another
 * version of it for the importing workspace than for dist/ (npm nests a workspace's own version
 * when the root has an older one): such a package is bundled from the copy its importer resolves,
 * so the compiled processes run exactly the versions the tests of the sources ran. The web app is
 * built by `npm run build`. It also prints what the image's node_modules holds (scripts/runtime-packages.ts),
 * which scripts/test/runtime-packages.test.ts bounds.
 */
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { runtimePackages, SERVER_WORKSPACES } from './runtime-packages';

const ROOT = path.resolve(import.meta.dirname, '..');

/** What each process runs: output file → entry. */
export const PROD_ENTRIES: Record<string, string> = {
  api: 'api/src/main.ts',
  worker: 'worker/src/main.ts',
  scheduler: 'scheduler/src/main.ts',
  setup: 'scripts/setup.ts',
  'seed-demo': 'scripts/seed-demo.ts',
  'webhook-receiver': 'loadtests/webhook-receiver.ts',
};

/** The package a bare import names: `ipaddr.js`, `@scope/name` (without a subpath). */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The folder Node loads `name` from for a file in `fromDir` (node_modules of each folder upward). */
export function packageDirFrom(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return realpathSync(candidate);
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * Packages of node_modules are imported at run time, where dist/ resolves the same copy as the
 * importing source; @portico/* (TypeScript sources) and packages whose copy differs are bundled.
 */
function externalPackages(outdir: string): Plugin {
  return {
    name: 'external-packages',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@portico/') || args.path.startsWith('node:')) return undefined;
        const name = packageName(args.path);
        const fromSource = packageDirFrom(name, args.resolveDir);
        const fromDist = packageDirFrom(name, outdir);
        if (fromSource && fromDist && fromSource !== fromDist) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}

export async function buildProd(outdir = path.join(ROOT, 'dist'), entries = PROD_ENTRIES): Promise<void> {
  await build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, path.join(ROOT, entry)])),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    plugins: [externalPackages(outdir)],
    logLevel: 'warning',
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const outdir = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
  buildProd(outdir)
    .then(() => {
      const { packages, bytes } = runtimePackages(ROOT);
      const mib = (bytes / 2 ** 20).toFixed(1);
      console.log(
        `The runtime image's node_modules: ${packages.length} production packages, ${mib} MiB (npm ci --omit=dev -w ${SERVER_WORKSPACES.join(' -w ')})`,
      );
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
