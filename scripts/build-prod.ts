/**
 * `npm run build:prod`: the server processes compiled to plain JavaScript, one file each, for
 * production (the Docker image runs them with node, no tsx). Our own workspace packages are bundled
 * in; every other package stays an import of node_modules. The web app is built by `npm run build`.
 */
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');

/** What each process runs: output file → entry. */
export const PROD_ENTRIES: Record<string, string> = {
  api: 'api/src/main.ts',
  worker: 'worker/src/main.ts',
  scheduler: 'scheduler/src/main.ts',
  setup: 'scripts/setup.ts',
  'seed-demo': 'scripts/seed-demo.ts',
};

/** Packages of node_modules are imported at run time; @portico/* (TypeScript sources) are bundled. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@portico/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildProd(outdir = path.join(ROOT, 'dist')): Promise<void> {
  await build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(
      Object.entries(PROD_ENTRIES).map(([name, entry]) => [name, path.join(ROOT, entry)]),
    ),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    plugins: [externalPackages],
    logLevel: 'warning',
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const outdir = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
  buildProd(outdir).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
