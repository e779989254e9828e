import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * The shape of packages/core's import graph: no file reaches itself through its imports (a type-only
 * import counts: it ties the files as tightly for a reader), and the data layer (`db/`) imports
 * nothing of the services, the context or what they build on it. Hooks on models that reach
 * services are installed by `wiring.ts`, which createContext calls. The services live in a folder
 * per domain, reached from outside it only through its `index.ts`; the kernel below them imports none.
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The file of `src` a relative specifier names, or null for a package. */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  throw new Error(`${relative(SRC, from)} imports ${specifier}, which names no file.`);
}

/** Every file of `src` (relative paths) with the files it imports, statically or with `import()`. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const specifiers: string[] = [];
    const visit = (node: ts.Node) => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier)
        specifiers.push((node.moduleSpecifier as ts.StringLiteral).text);
      else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      )
        specifiers.push(node.arguments[0].text);
      else if (
        ts.isImportTypeNode(node) &&
        ts.isLiteralTypeNode(node.argument) &&
        ts.isStringLiteral(node.argument.literal)
      )
        specifiers.push(node.argument.literal.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
    const targets = specifiers.flatMap((s) => resolveImport(file, s) ?? []).map((t) => relative(SRC, t));
    graph.set(relative(SRC, file), [...new Set(targets)].sort());
  }
  return graph;
}

/** The strongly connected components of more than one file, or of one file that imports itself (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const connect = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || graph.get(file)?.includes(file)) found.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) connect(file);
  return found;
}

/** How a circle closes, one import per line, for the failure message. */
function describeCircle(graph: Map<string, string[]>, component: string[]): string {
  const members = new Set(component);
  return component
    .flatMap((file) => (graph.get(file) ?? []).filter((t) => members.has(t)).map((t) => `  ${file} -> ${t}`))
    .join('\n');
}

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
  const graph = importGraph();

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
