import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@portico/core';

const ROOTS = ['packages/core/src', 'api/src', 'worker/src', 'scheduler/src', 'scripts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'migrations' || name === 'test') return [];
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

/**
 * The processes' source files (not tests, migrations or dependencies) whose raw SQL writes one of
 * `tables` and that never call `announcer(`: model hooks cannot see raw SQL, so such a file must
 * announce its change to the cache built from those tables itself.
 */
export function rawWritesNotAnnounced(tables: string[], announcer: string): string[] {
  const write = new RegExp(
    `\\b(UPDATE|INSERT\\s+INTO|DELETE\\s+FROM|TRUNCATE(\\s+TABLE)?)\\s+"?(${tables.join('|')})\\b`,
    'i',
  );
  return ROOTS.flatMap((dir) => sourceFiles(path.join(REPO_ROOT, dir)))
    .filter((file) => {
      const text = readFileSync(file, 'utf8');
      return write.test(text) && !text.includes(`${announcer}(`);
    })
    .map((file) => path.relative(REPO_ROOT, file));
}
