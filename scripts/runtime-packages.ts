/**
 * The runtime image's node_modules: what the Dockerfile's `server-packages` stage installs with
 * `npm ci --omit=dev -w api -w worker -w scheduler -w packages/core -w packages/common`, worked out
 * without Docker or an install (one takes 20 s and the registry): the packages package-lock.json
 * resolves from those workspaces' production dependencies, at the paths npm lays them out at, sized
 * from this checkout's node_modules, which holds the same versions at the same paths.
 */
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The workspaces the Dockerfile installs the production dependencies of. */
export const SERVER_WORKSPACES = ['api', 'worker', 'scheduler', 'packages/core', 'packages/common'];

interface LockPackage {
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  os?: string[];
  cpu?: string[];
  libc?: string[];
}

export interface RuntimePackages {
  /** The package folders installed, as package-lock.json names them (`node_modules/express`); workspace links are not counted. */
  packages: string[];
  /** Bytes of their files, without the folders of other packages nested in them. */
  bytes: number;
}

interface Machine {
  os: string;
  cpu: string;
  /** Only Linux has one npm looks at. */
  libc: string | undefined;
}

function thisMachine(): Machine {
  const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
  const libc = process.platform !== 'linux' ? undefined : report.header?.glibcVersionRuntime ? 'glibc' : 'musl';
  return { os: process.platform, cpu: process.arch, libc };
}

/** npm's `os`/`cpu`/`libc` rule: the value listed, or only other values excluded (`!win32`). */
function allows(list: string[] | undefined, value: string | undefined): boolean {
  if (!list || value === undefined || list.includes(value)) return true;
  return !list.includes(`!${value}`) && list.every((entry) => entry.startsWith('!'));
}

const fits = (pkg: LockPackage, machine: Machine) =>
  allows(pkg.os, machine.os) && allows(pkg.cpu, machine.cpu) && allows(pkg.libc, machine.libc);

/** The lockfile path Node loads `name` from for the package at `from` (its own node_modules, then each parent's). */
function resolveIn(packages: Record<string, LockPackage>, from: string, name: string): string | undefined {
  for (let dir = from; ;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return undefined;
    const nested = dir.lastIndexOf('/node_modules/');
    dir = nested >= 0 ? dir.slice(0, nested) : '';
  }
}

/** Bytes of the files under `dir`, leaving out its own node_modules (other packages). */
function folderBytes(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) bytes += entry.name === 'node_modules' ? 0 : folderBytes(full);
    else bytes += lstatSync(full).size;
  }
  return bytes;
}

/** The packages `npm ci --omit=dev -w <SERVER_WORKSPACES>` installs in `root`, and their size. */
export function runtimePackages(root: string): RuntimePackages {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockPackage>;
  };
  const { packages } = lock;
  const machine = thisMachine();
  const installed = new Set<string>();
  const visited = new Set<string>();
  const visit = (at: string) => {
    if (visited.has(at)) return;
    visited.add(at);
    const pkg = packages[at]!;
    // A workspace's link: its dependencies resolve from the workspace's own folder.
    if (pkg.link) return visit(pkg.resolved!);
    if (at.includes('node_modules/')) installed.add(at);
    const required = Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies });
    const peers = Object.keys(pkg.peerDependencies ?? {}).filter((name) => !pkg.peerDependenciesMeta?.[name]?.optional);
    for (const name of [...required, ...peers]) {
      const found = resolveIn(packages, at, name);
      if (found && fits(packages[found]!, machine)) visit(found);
      else if (!found && !(name in (pkg.optionalDependencies ?? {})))
        throw new Error(`package-lock.json resolves no ${name} for ${at}: run npm install.`);
    }
  };
  SERVER_WORKSPACES.forEach(visit);

  let bytes = 0;
  for (const at of installed) {
    const dir = path.join(root, at);
    if (!existsSync(dir)) throw new Error(`${at} is in package-lock.json but not installed: run npm ci.`);
    bytes += folderBytes(dir);
  }
  return { packages: [...installed].sort(), bytes };
}
