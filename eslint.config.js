import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Every model class of packages/core, read from its source so the list never falls behind. */
const modelsDir = new URL('./packages/core/src/db/models/', import.meta.url);
const MODEL_NAMES = readdirSync(modelsDir).flatMap((file) =>
  [...readFileSync(new URL(file, modelsDir), 'utf8').matchAll(/^export class (\w+) extends Model\b/gm)].map(
    (m) => m[1],
  ),
);

/** Folders of packages/core/src that are floors, not domains: their files may be imported one by one. */
const CORE_FLOORS = ['db', 'kernel', 'mail', 'storage'];
/** The domains of packages/core: every other folder of src, read from the tree so the list never falls behind. */
const coreSrc = new URL('./packages/core/src/', import.meta.url);
const CORE_DOMAINS = readdirSync(coreSrc, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !CORE_FLOORS.includes(entry.name))
  .map((entry) => entry.name);

/** A file inside another domain's folder (`../billing/billing-ending`, or `./billing/…` from the top of src). */
const INTO_A_DOMAIN = {
  regex: `^(\\./|(\\.\\./)+)(${CORE_DOMAINS.join('|')})/.`,
  message:
    'Import another domain through its index (`../billing`), its public face, not a file inside it; files of one domain import each other as `./file`.',
};

/** A model class as a value: only bound copies (`ctx.db`, `bindModels` in db/models) reach a database. */
const MODEL_FROM_CONTEXT = {
  importNames: MODEL_NAMES,
  allowTypeImports: true,
  message:
    'Reach models through the context (`ctx.db`), bound to its connection; the classes in db/models are only their types. Type imports are allowed.',
};

/**
 * `sequelize.transaction(` on any Sequelize instance (`sequelize`, `ctx.sequelize`, `Model.sequelize!`),
 * not a `{ transaction }` option nor a read of `ctx.transaction`.
 */
const DIRECT_TRANSACTION = [
  {
    selector:
      "CallExpression[callee.property.name='transaction']:matches([callee.object.name='sequelize'], [callee.object.property.name='sequelize'], [callee.object.expression.name='sequelize'], [callee.object.expression.property.name='sequelize'])",
    message:
      "Transact with inTransaction(ctx, work) from packages/core/src/scope.ts: it joins the caller's transaction when there is one (a route's `transaction: true`), and reruns a deadlocked one it owns. A transaction deliberately apart from the caller's is inTransaction({ ...ctx, transaction: undefined }, work), with the reason in a comment.",
  },
];

/** A domain's model calls and SQL live in its data file (`<domain>-data.ts`); its other files call that. */
const DATA_IN_THE_DATA_FILE_MESSAGE =
  "Reads and writes go in the domain's data file (`<domain>-data.ts`): the services call a data function instead.";
const DATA_IN_THE_DATA_FILE = [
  { selector: "MemberExpression[property.name='db']", message: DATA_IN_THE_DATA_FILE_MESSAGE },
  { selector: "CallExpression[callee.property.name='query']", message: DATA_IN_THE_DATA_FILE_MESSAGE },
];
const STATEMENTS_IN_THE_DATA_FILE = { regex: '(^|/)db/statements$', message: DATA_IN_THE_DATA_FILE_MESSAGE };
/** Where core reads and writes as it is: the data files, the data layer, the composition root, the statement telemetry. */
const CORE_DATA_FILES = [
  'packages/core/src/**/*-data.ts',
  'packages/core/src/db/**',
  'packages/core/src/wiring.ts',
  'packages/core/src/slow-queries.ts',
];

/** Time comes from the context's clock in packages/core, so a test can set it. */
const TIME_FROM_CLOCK = [
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: "Read the time from the context's clock (`ctx.clock.now()`); a duration uses performance.now().",
  },
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: "Read the time from the context's clock (`ctx.clock.now()`), not `new Date()`.",
  },
];

/**
 * What the person may do comes from the API (`useAbilities()`); pages and shells do not decide it
 * from a role key or kind.
 */
const PERMISSION_FROM_ROLE = [
  {
    selector:
      "BinaryExpression[operator=/^[!=]==?$/]:matches([left.name=/^(role|roleKind)$/], [left.property.name=/^(role|roleKind|role_kind)$/]):matches([right.value='owner'], [right.value='admin'], [right.value='team'], [right.value='recruitpro'])",
    message:
      "Ask useAbilities() (frontend/src/lib/scope/use-abilities.ts) what the person may do; the API's policies decide it, not the role in the SPA.",
  },
];

/** Role helpers that would let the SPA decide a permission itself (see PERMISSION_FROM_ROLE). */
const ROLE_HELPERS = {
  name: '@portico/common',
  importNames: ['isTenantAdminRole', 'isSuperAdminRole', 'TENANT_ADMIN_ROLES', 'roleKindOf'],
  message: 'Ask useAbilities() what the person may do; the API decides it from the role.',
};

/**
 * The SPA's floors, top down (frontend/README.md): app/ (router, page table, shells), features/<domain>/,
 * lib/ (API client, session, scope, route table), ui/ (the kit). Nothing imports a floor above its own,
 * and a feature is reached only through its index.
 */
const SPA = 'frontend/src';
const spaImports = (patterns, paths = []) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns }],
});
const UI_IMPORTS_NO_FLOOR = {
  regex: '^(\\.\\./)+(lib|features|app)(/|$)',
  message:
    'ui/ is the floor every other one uses: it imports nothing from lib/, features/ or app/; pass what a piece needs as a prop.',
};
const LIB_IMPORTS_NO_FEATURE = {
  regex: '^(\\.\\./)+(features|app)(/|$)',
  message:
    'lib/ sits below every feature and app/: move what it needs down into lib/ or ui/, or let the feature pass it in.',
};
const FEATURE_THROUGH_INDEX = {
  regex: '^(\\.\\./)+features/[^/]+/.',
  message:
    'Import a feature through its index (`features/files`), which exposes what others may use; not a file inside it.',
};
/** How deep a source file sits inside its feature's folder (1 = features/<domain>/file.ts), read from the tree. */
const FEATURE_DEPTHS = [
  ...new Set(
    readdirSync(new URL(`./${SPA}/features/`, import.meta.url), { recursive: true })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => file.split(path.sep).length - 1),
  ),
];
/** For a file `depth` folders inside its feature: `../` × depth reaches features/, one more reaches src/. */
const featureRules = (depth) => [
  {
    regex: `^(\\.\\./){${depth}}(?!\\.)[^/]+/.`,
    message:
      "Import another feature through its index (`../files`), its public face, not a file inside it; export what you need from that feature's index.ts.",
  },
  {
    regex: `^(\\.\\./){${depth + 1}}(app|features)(/|$)`,
    message: 'A feature imports no app/ (router, shells): the app puts features together, not the other way round.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Services are the only way to models: the processes import `@portico/core`, never its database.
    files: ['api/src/**', 'worker/src/**', 'scheduler/src/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@portico/core/db',
              message:
                'Models and the database are not reached from api/, worker/ or scheduler/: call (or add) a service of @portico/core instead. Type imports are allowed.',
              allowTypeImports: true,
            },
            {
              name: '@portico/core',
              importNames: MODEL_NAMES,
              message:
                'Models are not called from api/, worker/ or scheduler/: call (or add) a service of @portico/core instead. Type imports are allowed.',
              allowTypeImports: true,
            },
          ],
          patterns: [
            {
              group: ['@portico/core/*', '!@portico/core/db'],
              message:
                'Import @portico/core (services, types, errors); its internal files are not part of its public face.',
            },
            {
              group: ['**/packages/core/**'],
              message: 'Import @portico/core (services, types, errors) rather than a path into packages/core.',
            },
          ],
        },
      ],
    },
  },
  {
    // A domain of core is reached only through its index; the whole rule, and no circles between
    // domains: packages/core/test/import-graph.test.ts.
    files: ['packages/core/src/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            INTO_A_DOMAIN,
            { regex: '(^|/)db(/models)?$', ...MODEL_FROM_CONTEXT },
            STATEMENTS_IN_THE_DATA_FILE,
          ],
        },
      ],
    },
  },
  {
    files: CORE_DATA_FILES,
    ignores: ['packages/core/src/db/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [INTO_A_DOMAIN, { regex: '(^|/)db(/models)?$', ...MODEL_FROM_CONTEXT }] },
      ],
    },
  },
  {
    // The data layer is a floor below the services and the context built on it (a type import ties
    // the files as much as any); hooks that reach services are wired in wiring.ts. The whole rule,
    // and no circles anywhere in core: packages/core/test/import-graph.test.ts.
    files: ['packages/core/src/db/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+((${['kernel', 'mail', 'storage', ...CORE_DOMAINS].join('|')})(/|$)|(context|scope|wiring|live|metrics|process)$)`,
              message:
                'db/ imports nothing above it: take what it needs as a parameter, or install the hook in packages/core/src/wiring.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // One way to transact; scope.ts is where inTransaction opens the transactions it owns.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['packages/core/src/scope.ts'],
    rules: { 'no-restricted-syntax': ['error', ...DIRECT_TRANSACTION] },
  },
  {
    // Time comes from the context (`ctx.clock.now()`), so a test can set it; durations use performance.now().
    // A later block's no-restricted-syntax replaces an earlier one's, so this one repeats the transaction rule.
    files: ['packages/core/src/**'],
    ignores: ['packages/core/src/clock.ts', ...CORE_DATA_FILES],
    rules: { 'no-restricted-syntax': ['error', ...TIME_FROM_CLOCK, ...DIRECT_TRANSACTION, ...DATA_IN_THE_DATA_FILE] },
  },
  {
    files: CORE_DATA_FILES,
    rules: { 'no-restricted-syntax': ['error', ...TIME_FROM_CLOCK, ...DIRECT_TRANSACTION] },
  },
  {
    files: ['packages/core/src/scope.ts'],
    rules: { 'no-restricted-syntax': ['error', ...TIME_FROM_CLOCK] },
  },
  {
    // Features and shells show what the API's abilities allow; the route table and layouts still pick the shell and home by kind.
    files: [`${SPA}/features/**`, `${SPA}/app/shells/**`],
    rules: { 'no-restricted-syntax': ['error', ...PERMISSION_FROM_ROLE, ...DIRECT_TRANSACTION] },
  },
  { files: [`${SPA}/ui/**`], rules: spaImports([UI_IMPORTS_NO_FLOOR]) },
  { files: [`${SPA}/lib/**`], rules: spaImports([LIB_IMPORTS_NO_FEATURE]) },
  // The page table imports LoginPage and HomePage by path, and loads every other page by path with
  // import() (which this rule does not read), so that each page stays its own chunk.
  { files: [`${SPA}/app/**`], ignores: [`${SPA}/app/pages.tsx`], rules: spaImports([FEATURE_THROUGH_INDEX]) },
  { files: [`${SPA}/app/shells/**`], rules: spaImports([FEATURE_THROUGH_INDEX], [ROLE_HELPERS]) },
  ...FEATURE_DEPTHS.map((depth) => ({
    files: [`${SPA}/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: spaImports(featureRules(depth), [ROLE_HELPERS]),
  })),
  {
    files: ['scripts/**', 'bench/**', 'loadtests/**', 'testing/**', '**/test/**', 'e2e/**'],
    // Tests read loosely-typed JSON answers; console output is the point of scripts and benches.
    rules: {
      'no-console': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^@portico/core/db$|(^|/)src/db(/models)?$', ...MODEL_FROM_CONTEXT }] },
      ],
    },
  },
  {
    // k6 scripts run in k6's JavaScript runtime, with its globals.
    files: ['loadtests/k6/**'],
    languageOptions: { globals: { open: 'readonly', __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly' } },
  },
  // Layout is Prettier's (120 columns, `prettier --check` in `npm run lint`): no ESLint rule argues with it.
  prettier,
);
