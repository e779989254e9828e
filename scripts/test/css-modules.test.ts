/**
 * The web app's styles belong to their components (issue 30): each `*.module.css` is read by the files
 * that import it, every class they read exists (a typo would render unstyled, silently), colours come
 * only from the token file, and the few global sheets define each class once.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { transform } from 'lightningcss';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.join(import.meta.dirname, '..', '..', 'frontend', 'src');
const TOKENS = path.join(SRC, 'ui', 'tokens.css');

function filesUnder(dir: string, test: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const relative = (file: string) => path.relative(SRC, file);
const camelCase = (name: string) => name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** A class that a module's class takes in with `composes: name` (its own) or `composes: name from './other.module.css'`. */
interface Composed {
  by: string;
  module: string;
  name: string;
}

/**
 * The classes a module defines, named as components read them (Vite's `camelCaseOnly`), and the classes its own
 * and other modules' classes it composes; its keyframes are its own.
 */
function parseModule(moduleFile: string): { classes: Set<string>; composes: Composed[] } {
  const code = readFileSync(moduleFile);
  const keyframes = new Set([...code.toString().matchAll(/@keyframes\s+([\w-]+)/g)].map((match) => match[1]));
  const { exports } = transform({ filename: moduleFile, code, cssModules: true });
  const entries = Object.entries(exports ?? {}).filter(([name]) => !keyframes.has(name));
  // A class composed from the same module is named as lightningcss renamed it.
  const ownName = new Map(entries.map(([name, { name: renamed }]) => [renamed, name]));
  return {
    classes: new Set(entries.map(([name]) => camelCase(name))),
    composes: entries.flatMap(([name, { composes }]) =>
      composes.flatMap((reference) =>
        reference.type === 'global'
          ? []
          : [
              {
                by: `${relative(moduleFile)}: ${name}`,
                module:
                  reference.type === 'dependency'
                    ? path.resolve(path.dirname(moduleFile), reference.specifier)
                    : moduleFile,
                name: camelCase(
                  reference.type === 'local' ? (ownName.get(reference.name) ?? reference.name) : reference.name,
                ),
              },
            ],
      ),
    ),
  };
}

const classesOf = (moduleFile: string) => parseModule(moduleFile).classes;

interface ModuleUse {
  file: string;
  module: string;
  /** The classes read by name (`styles.card`, `styles['card']`). */
  read: Set<string>;
  /** Whether it also reads by a computed key (`styles[tone]`), which names no class in the source. */
  computed: boolean;
}

/** Each import of a CSS module in the source, and what the importing file reads of it. */
function moduleUses(): ModuleUse[] {
  const uses: ModuleUse[] = [];
  for (const file of filesUnder(SRC, (name) => /\.tsx?$/.test(name))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const specifier = statement.moduleSpecifier.text;
      const name = statement.importClause?.name?.text;
      if (!specifier.endsWith('.module.css') || !name) continue;
      const use: ModuleUse = {
        file,
        module: path.resolve(path.dirname(file), specifier),
        read: new Set(),
        computed: false,
      };
      const visit = (node: ts.Node) => {
        if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name)
          use.read.add(node.name.text);
        if (ts.isElementAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name) {
          if (ts.isStringLiteral(node.argumentExpression)) use.read.add(node.argumentExpression.text);
          else use.computed = true;
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      uses.push(use);
    }
  }
  return uses;
}

const modules = filesUnder(SRC, (name) => name.endsWith('.module.css'));
const globalSheets = filesUnder(SRC, (name) => name.endsWith('.css') && !name.endsWith('.module.css'));
const uses = moduleUses();
const composed = modules.flatMap((module) => parseModule(module).composes);

describe('CSS Modules', () => {
  it('every class a component reads is one its module defines', () => {
    const unknown = uses.flatMap(({ file, module, read }) => {
      const defined = classesOf(module);
      return [...read].filter((name) => !defined.has(name)).map((name) => `${relative(file)}: ${name}`);
    });
    expect(unknown).toEqual([]);
  });

  it('every class a module composes from another is one that module defines', () => {
    const unknown = composed
      .filter(({ module, name }) => !modules.includes(module) || !classesOf(module).has(name))
      .map(({ by, module, name }) => `${by} composes ${name} from ${relative(module)}`);
    expect(unknown).toEqual([]);
  });

  it('every class a module defines is read by a file that imports it or composed by another module', () => {
    const unread = modules.flatMap((module) => {
      const importers = uses.filter((use) => use.module === module);
      if (importers.some((use) => use.computed)) return [];
      const read = new Set([
        ...importers.flatMap((use) => [...use.read]),
        ...composed.filter((use) => use.module === module).map((use) => use.name),
      ]);
      return [...classesOf(module)].filter((name) => !read.has(name)).map((name) => `${relative(module)}: ${name}`);
    });
    expect(unread).toEqual([]);
  });

  it('colours come from the token file, so dark mode and white-label brands reach every component', () => {
    const colourLiteral = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\(|:\s*(?:white|black)\b/i;
    const literals = [...modules, ...globalSheets]
      .filter((sheet) => sheet !== TOKENS)
      .flatMap((sheet) =>
        readFileSync(sheet, 'utf8')
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .split('\n')
          .flatMap((line, i) => (colourLiteral.test(line) ? [`${relative(sheet)}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(literals).toEqual([]);
  });

  it('the global sheets are the tokens and the document-wide rules, each class defined in one of them', () => {
    expect(globalSheets.map(relative).sort()).toEqual(['ui/global.css', 'ui/tokens.css']);
  });
});
