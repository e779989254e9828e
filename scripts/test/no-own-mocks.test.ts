/**
 * The component tests fake only the network (fake-fetch.ts) and render the real providers: a
 * `vi.mock` of our own code would let a test pass while the module it replaced is broken. This
 * lists every `vi.mock`/`vi.doMock` of a module under frontend/src or packages/ (or `@portico/*`),
 * and every `vi.spyOn` on a namespace import of one, in frontend/test/components.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(import.meta.dirname, '..', '..');
const COMPONENT_TESTS = path.join(ROOT, 'frontend', 'test', 'components');
const OURS = [path.join(ROOT, 'frontend', 'src'), path.join(ROOT, 'packages')];

/** Whether `specifier`, imported from `file`, names one of our modules. */
function isOurs(file: string, specifier: string): boolean {
  if (specifier.startsWith('@portico/')) return true;
  if (!specifier.startsWith('.')) return false;
  const target = path.resolve(path.dirname(file), specifier);
  return OURS.some((dir) => target === dir || target.startsWith(dir + path.sep));
}

/** The module a `vi.mock` names: `'path'`, or `import('path')`. */
function mockedPath(arg: ts.Expression | undefined): string | null {
  if (arg && ts.isStringLiteralLike(arg)) return arg.text;
  if (arg && ts.isCallExpression(arg) && arg.expression.kind === ts.SyntaxKind.ImportKeyword) {
    const [inner] = arg.arguments;
    return inner && ts.isStringLiteralLike(inner) ? inner.text : null;
  }
  return null;
}

/** `vi.<name>(…)` */
function viCall(node: ts.Node, names: readonly string[]): node is ts.CallExpression {
  return (
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    ts.isIdentifier(node.expression.expression) &&
    node.expression.expression.text === 'vi' &&
    names.includes(node.expression.name.text)
  );
}

/** Each mock of our code in `file` (whose text is `text`), as `file:line what`. */
function ownMocksIn(file: string, text = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const ourNamespaces = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings) && isOurs(file, statement.moduleSpecifier.text))
      ourNamespaces.add(bindings.name.text);
  }
  const found: string[] = [];
  const at = (node: ts.Node, what: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${path.relative(ROOT, file)}:${line + 1} ${what}`);
  };
  const visit = (node: ts.Node) => {
    if (viCall(node, ['mock', 'doMock'])) {
      const mocked = mockedPath(node.arguments[0]);
      if (mocked !== null && isOurs(file, mocked)) at(node, `mocks ${mocked}`);
    }
    if (viCall(node, ['spyOn'])) {
      const [target] = node.arguments;
      if (target && ts.isIdentifier(target) && ourNamespaces.has(target.text)) at(node, `spies on ${target.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('component tests', () => {
  it('mock none of our own modules, only the network', () => {
    const files = readdirSync(COMPONENT_TESTS)
      .filter((name) => /\.tsx?$/.test(name))
      .map((name) => path.join(COMPONENT_TESTS, name));
    expect(files.length).toBeGreaterThan(0);
    expect(files.flatMap((file) => ownMocksIn(file))).toEqual([]);
  });

  it('would see a mock of our code in each form it takes, and leave a third-party one', () => {
    const file = path.join(COMPONENT_TESTS, 'example.test.tsx');
    const text = [
      "import * as people from '../../src/features/people/api/people';",
      "import * as sonner from 'sonner';",
      "vi.mock('../../src/lib/api/client', () => ({}));",
      "vi.doMock(import('../../../packages/common/src/roles'));",
      "vi.mock('@portico/common');",
      "vi.spyOn(people, 'useInviteMember');",
      "vi.mock('sonner');",
      "vi.spyOn(sonner, 'toast');",
    ].join('\n');
    expect(ownMocksIn(file, text)).toEqual([
      'frontend/test/components/example.test.tsx:3 mocks ../../src/lib/api/client',
      'frontend/test/components/example.test.tsx:4 mocks ../../../packages/common/src/roles',
      'frontend/test/components/example.test.tsx:5 mocks @portico/common',
      'frontend/test/components/example.test.tsx:6 spies on people',
    ]);
  });
});
