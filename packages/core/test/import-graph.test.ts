import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { circles, describeCircle, importGraph } from '../../../testing/import-graph';

/*
 * The shape of packages/core's import graph: no file reaches itself through its imports (a type-only
 * import counts: it ties the files as tightly for a reader), and the data layer (`db/`) imports
 * nothing of the services, the context or what they build on it. Hooks on models that reach
 * services are installed by `wiring.ts`, which createContext calls. The services live in a folder
 * per domain, reached from outside it only through its `index.ts`; the kernel below them imports none.
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

// A migration names its type from the migrator, and the migrator lists the migrations: a loop by design.
const isMigrationLoop = (component: string[]) =>
  component.every((file) => file === 'db/migrator.ts' || file.startsWith('db/migrations/'));

/** What the data layer may import outside `db/`: the ground floor of core, which imports nothing of it. */
const BELOW_DB = new Set(['config.ts', 'logger.ts', 'clock.ts']);

/** Folders of `src` that are floors rather than domains: each file of theirs may be imported directly. */
const FLOORS = new Set(['db', 'kernel', 'mail', 'storage']);

/** The domain folder a file belongs to, or null for a floor or a top-level file. */
function domainOf(file: string): string | null {
  const [folder, ...rest] = file.split('/');
  return rest.length > 0 && !FLOORS.has(folder!) ? folder! : null;
}

describe("packages/core's import graph", () => {
  const graph = importGraph(SRC);

  it('has no circles', () => {
    const found = circles(graph).filter((component) => !isMigrationLoop(component));
    expect(found.map((component) => describeCircle(graph, component)).join('\n\n')).toBe('');
  });

  it('keeps the data layer below the services, the context and what is built on them', () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      file.startsWith('db/')
        ? targets.filter((t) => !t.startsWith('db/') && !BELOW_DB.has(t)).map((t) => `${file} -> ${t}`)
        : [],
    );
    expect(upward).toEqual([]);
  });

  it("reaches into a domain from outside it only through the domain's index", () => {
    const deep = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((t) => domainOf(t) !== null && domainOf(t) !== domainOf(file) && t !== `${domainOf(t)}/index.ts`)
        .map((t) => `${file} -> ${t}`),
    );
    expect(deep).toEqual([]);
  });

  it('keeps the kernel below the domains', () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      file.startsWith('kernel/') ? targets.filter((t) => domainOf(t) !== null).map((t) => `${file} -> ${t}`) : [],
    );
    expect(upward).toEqual([]);
  });

  it('is read whole (a guard for the tests above)', () => {
    expect(graph.get('wiring.ts')).toContain('db/models/index.ts');
    expect(graph.get('onboarding/checkout.ts')).toContain('billing/index.ts');
    expect(graph.get('billing/billing.ts')).toContain('kernel/errors.ts');
    expect(domainOf('billing/billing.ts')).toBe('billing');
    expect(circles(graph).some(isMigrationLoop)).toBe(true);
  });
});
