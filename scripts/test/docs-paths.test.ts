import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** The map names core's files from inside packages/core/src (`scope.ts`, `db/statements.ts`), as it says. */
const CORE_SRC = path.join(ROOT, 'packages/core/src');

/** A code span that reads as a file or folder: path characters only, and a folder or a file extension. */
const PATH_SPAN = /^[\w.-]+(\/[\w.-]+)*\/?$/;
const FILE_EXTENSION = /\.(ts|tsx|js|mjs|json|md|yaml|yml)$/;

/**
 * The paths a markdown file names: code spans that look like a repository path (resolved from the
 * root, else from packages/core/src) and relative link targets (resolved from the file's folder).
 * Returns the ones that name nothing.
 */
function missingPaths(markdown: string, markdownDir: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\n]+)`/g)]
    .map((m) => m[1]!)
    .filter((span) => PATH_SPAN.test(span) && (span.includes('/') || FILE_EXTENSION.test(span)));
  const links = [...markdown.matchAll(/\]\(([^)\s#]+)(#[^)]*)?\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z]+:/.test(target));
  return [
    ...spans.filter((span) => !existsSync(path.join(ROOT, span)) && !existsSync(path.join(CORE_SRC, span))),
    ...links.filter((target) => !existsSync(path.resolve(markdownDir, target))),
  ];
}

const DOCS = path.join(ROOT, 'docs');
const DECISIONS = path.join(DOCS, 'decisions');

describe('docs/architecture.md and its decision records name only paths that exist', () => {
  it('docs/architecture.md', () => {
    expect(missingPaths(readFileSync(path.join(DOCS, 'architecture.md'), 'utf8'), DOCS)).toEqual([]);
  });

  it.each(readdirSync(DECISIONS).filter((name) => name.endsWith('.md')))('docs/decisions/%s', (name) => {
    expect(missingPaths(readFileSync(path.join(DECISIONS, name), 'utf8'), DECISIONS)).toEqual([]);
  });

  it('links every decision record from the map', () => {
    const map = readFileSync(path.join(DOCS, 'architecture.md'), 'utf8');
    const records = readdirSync(DECISIONS).filter((name) => /^\d{4}-.+\.md$/.test(name));
    expect(records.length).toBeGreaterThan(0);
    expect(records.filter((name) => !map.includes(`](decisions/${name})`))).toEqual([]);
  });

  it('keeps the map a map: at most 300 lines', () => {
    expect(readFileSync(path.join(DOCS, 'architecture.md'), 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(
      300,
    );
  });

  it('finds what a path check must find (a guard for the tests above)', () => {
    const text =
      'See `packages/core/src/scope.ts`, `kernel/audit.ts`, `api/src/gone.ts`, `files/nothing.ts`, ' +
      '`x-tenant-id`, `GET /api/auth/user`, `@portico/core/db`, [a record](decisions/0001-gone.md), ' +
      '[the map](architecture.md) and [a site](https://example.com/x.md).';
    expect(missingPaths(text, DOCS)).toEqual(['api/src/gone.ts', 'files/nothing.ts', 'decisions/0001-gone.md']);
  });
});
