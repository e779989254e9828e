import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { circles, describeCircle, importGraph } from '../../testing/import-graph';

/*
 * No file of api/src reaches itself through its imports (issue 29), a type-only import included.
 * Where two files need one piece, it moves below both (`http/declared-route.ts`); where a file needs
 * what is built from it, that comes in as an argument (the OpenAPI document, `routes/index.ts`).
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

describe("api/src's import graph", () => {
  const graph = importGraph(SRC);

  it('has no circles', () => {
    expect(
      circles(graph)
        .map((component) => describeCircle(graph, component))
        .join('\n\n'),
    ).toBe('');
  });

  it('is read whole, and a circle would be found (a guard for the test above)', () => {
    expect(graph.get('app.ts')).toContain('routes/index.ts');
    expect(graph.get('routes/index.ts')).toContain('routes/health.ts');
    expect(graph.get('http/errors.ts')).toContain('http/declared-route.ts');
    const closed = new Map([...graph, ['routes/health.ts', [...graph.get('routes/health.ts')!, 'routes/index.ts']]]);
    expect(circles(closed)).toEqual([['routes/health.ts', 'routes/index.ts']]);
  });
});
