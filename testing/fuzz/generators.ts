import fc from 'fast-check';
import {
  BAD_EMAILS,
  BAD_IDS,
  BAD_NUMBERS,
  BAD_STRINGS,
  BAD_URLS,
  badCursors,
  INHERITED_NAMES,
  type Labelled,
} from './corpus';
import type { JsonSchema } from './openapi';

/*
 * Values from an operation's own schemas: `valid` derives fast-check arbitraries that pass the
 * schema (right types, enums, formats, lengths), fed with real things of the world where a field
 * names one (ids, role keys, tokens), so requests get past validation into services and the
 * database. `leavesOf` lists the fields one can mutate, and `badValues`/`badValueArb` give the
 * known-bad and random bad values for each kind of field.
 */

export type FieldKind =
  | 'id'
  | 'cursor'
  | 'url'
  | 'email'
  | 'password'
  | 'enum'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'array'
  | 'object'
  | 'string'
  | 'null'
  | 'unknown';

/** A field the generators are asked about: where it is and what its schema says. */
export interface FieldRef {
  location: 'path' | 'query' | 'body';
  /** The field's own name (the last named step of its path). */
  name: string;
  /** Steps from the top of the body (one step for path and query parameters). */
  path: Array<string | number>;
  schema: JsonSchema;
}

/** In a list of real values: also generate from the schema (mixes known-good values with generated ones). */
export const FROM_SCHEMA = Symbol('from schema');

/** Real values of the world for a field, in the acting tenant and in the other one. */
export interface ValueSource {
  own(field: FieldRef): readonly unknown[] | undefined;
  foreign(field: FieldRef): readonly unknown[] | undefined;
  /** The keys a dictionary field takes (the question ids of a form's answers). */
  keys?(field: FieldRef): readonly string[] | undefined;
}

/** Whether text is well-formed UTF-16 (no lone surrogate); String#isWellFormed needs lib es2024. */
export function isWellFormedText(text: string): boolean {
  return !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

const UUID_PATTERN = /\[0-9a-fA-F\]\{8\}/;
const ID_NAME = /(^id$|_id$|Id$|^ids$|_ids$|^kid$|^tid$|^uid$|^fam$)/;

/** The branches of a schema that are not `null`. */
function nonNull(schema: JsonSchema): JsonSchema[] {
  if (Array.isArray(schema.anyOf)) return schema.anyOf.filter((s: JsonSchema) => s.type !== 'null');
  if (Array.isArray(schema.type))
    return schema.type.filter((t: string) => t !== 'null').map((t: string) => ({ ...schema, type: t }));
  return [schema];
}

export function nullable(schema: JsonSchema): boolean {
  return (
    (Array.isArray(schema.anyOf) && schema.anyOf.some((s: JsonSchema) => s.type === 'null')) ||
    (Array.isArray(schema.type) && schema.type.includes('null'))
  );
}

export function kindOf(schema: JsonSchema, name: string): FieldKind {
  const main = nonNull(schema)[0] ?? schema;
  if (name === 'cursor') return 'cursor';
  if (main.enum) return 'enum';
  const type = main.type ?? (main.anyOf ? 'union' : undefined);
  if (type === 'string' || type === 'union' || type === undefined) {
    if (
      main.format === 'uuid' ||
      (typeof main.pattern === 'string' && UUID_PATTERN.test(main.pattern)) ||
      (ID_NAME.test(name) && main.format !== 'binary')
    )
      return 'id';
    if (main.format === 'uri' || /url$|linkedin/i.test(name)) return 'url';
    if (main.format === 'email' || /email/i.test(name)) return 'email';
    if (/password/i.test(name)) return 'password';
    if (type === 'union') return 'unknown';
    return type === 'string' ? 'string' : 'unknown';
  }
  if (
    type === 'integer' ||
    type === 'number' ||
    type === 'boolean' ||
    type === 'array' ||
    type === 'object' ||
    type === 'null'
  )
    return type;
  return 'unknown';
}

const WORDS = ['intake', 'Résumé', 'contract', 'Onboarding', 'brief', 'plan', 'Zoë', 'invoice', '季度', 'notes'];

/** Text that passes a string schema: well-formed, no NUL, not blank when a minimum is set. */
function text(schema: JsonSchema): fc.Arbitrary<string> {
  const min = Math.max(schema.minLength ?? 0, 0);
  const max = Math.min(schema.maxLength ?? 40, 40);
  const words = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
  const random = fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.max(min, max) });
  return fc
    .oneof({ arbitrary: words, weight: 3 }, { arbitrary: random, weight: 1 })
    .map((s) => (s.length > max && max >= min ? s.slice(0, max) : s))
    .filter(
      (s) => isWellFormedText(s) && !s.includes('\u0000') && s.length >= min && (min === 0 || s.trim().length >= min),
    );
}

const emailArb = fc.stringMatching(/^[a-z][a-z0-9]{2,10}$/).map((local) => `fuzz-${local}@example.test`);

/** Options of `valid`. */
export interface ValidOptions {
  /** Give every optional property and at least one array item (a full base for mutations). */
  full?: boolean;
  source?: ValueSource;
  location: FieldRef['location'];
}

/** An arbitrary of values that pass the schema, preferring the world's real values where a field names one. */
export function valid(
  schema: JsonSchema,
  options: ValidOptions,
  path: Array<string | number> = [],
  name = '',
): fc.Arbitrary<unknown> {
  const field: FieldRef = { location: options.location, name, path, schema };
  const own = options.source?.own(field);
  if (own && own.length > 0) {
    const known = own.filter((v) => v !== FROM_SCHEMA);
    // A full base (the corpus mutates it field by field) takes the first real value, so it gets deep.
    if (options.full && known.length > 0) return fc.constant(known[0]);
    if (known.length === own.length) return fc.constantFrom(...known);
    const generated = valid(schema, { ...options, source: undefined }, path, name);
    return known.length > 0 ? fc.oneof(fc.constantFrom(...known), generated) : generated;
  }

  if (schema.const !== undefined) return fc.constant(schema.const);
  const branches = nonNull(schema);
  if (branches.length > 1) return fc.oneof(...branches.map((b) => valid(b, options, path, name)));
  const main = branches[0] ?? schema;
  if (main.enum) return fc.constantFrom(...(main.enum as unknown[]));

  switch (kindOf(main, name)) {
    case 'id':
      return fc.uuid();
    case 'url':
      return fc.constantFrom('https://tools.fuzz.example.test/x', 'https://docs.fuzz.example.test/a/b?c=1');
    case 'email':
      return emailArb;
    case 'password':
      return fc.string({ unit: 'grapheme-ascii', minLength: 8, maxLength: 24 });
    case 'cursor':
      return fc.constant(undefined);
    default:
      break;
  }
  switch (main.type) {
    case 'string':
      if (main.format === 'binary') return fc.constant('file');
      if (typeof main.pattern === 'string') {
        const pattern = new RegExp(main.pattern);
        const max = main.maxLength ?? 64;
        return fc.stringMatching(pattern).filter((s) => s.length <= max && s.length >= (main.minLength ?? 0));
      }
      return text(main);
    case 'integer':
      return fc.integer({
        min: Math.max(main.minimum ?? -1000, -1_000_000),
        max: Math.min(main.maximum ?? 1000, 1_000_000),
      });
    case 'number':
      return fc.integer({
        min: Math.max(main.minimum ?? 0, -1_000_000),
        max: Math.min(main.maximum ?? 1000, 1_000_000),
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = Math.max(main.minItems ?? 0, options.full ? 1 : 0);
      const maxLength = Math.max(minLength, Math.min(main.maxItems ?? 4, 4));
      return fc.array(valid(main.items ?? {}, options, [...path, 0], name), { minLength, maxLength });
    }
    case 'object': {
      const properties: Record<string, JsonSchema> = main.properties ?? {};
      if (Object.keys(properties).length === 0 && main.additionalProperties) {
        return fc.dictionary(
          // Keys are the caller's: now and then one every object already has (issue 25).
          fc.oneof(
            { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 12 }), weight: 4 },
            { arbitrary: fc.constantFrom(...INHERITED_NAMES), weight: 1 },
          ),
          valid(main.additionalProperties, options, [...path, '*'], name),
          { maxKeys: 4 },
        );
      }
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, valid(value, options, [...path, key], key)]),
      );
      const required: string[] = options.full ? Object.keys(properties) : (main.required ?? []);
      return fc
        .record(model, { requiredKeys: required.filter((key) => key in properties) })
        .map((value) => dropUndefined(value));
    }
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
  }
}

function dropUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

/**
 * Every field of a schema one can mutate: properties, and into nested objects and the first item
 * of arrays; for a dictionary (`additionalProperties`), the keys `keysOf` knows (a form's question ids).
 */
export function leavesOf(
  schema: JsonSchema,
  location: FieldRef['location'],
  path: Array<string | number> = [],
  name = '',
  depth = 0,
  keysOf?: (field: FieldRef) => readonly string[] | undefined,
): FieldRef[] {
  const main = nonNull(schema)[0] ?? schema;
  const here: FieldRef[] = path.length > 0 ? [{ location, name, path, schema }] : [];
  if (depth > 3) return here;
  if (main.type === 'object' && main.properties) {
    return [
      ...here,
      ...Object.entries(main.properties as Record<string, JsonSchema>).flatMap(([key, value]) =>
        leavesOf(value, location, [...path, key], key, depth + 1, keysOf),
      ),
    ];
  }
  if (main.type === 'object' && main.additionalProperties && typeof main.additionalProperties === 'object') {
    const keys = keysOf?.({ location, name, path, schema }) ?? [];
    return [
      ...here,
      ...keys.flatMap((key) => leavesOf(main.additionalProperties, location, [...path, key], key, depth + 1, keysOf)),
    ];
  }
  if (main.type === 'array' && main.items) {
    const items = nonNull(main.items)[0] ?? main.items;
    if (items.type === 'object' || items.type === 'array')
      return [...here, ...leavesOf(main.items, location, [...path, 0], name, depth + 1, keysOf)];
    return [...here, { location, name, path: [...path, 0], schema: main.items }];
  }
  return here;
}

/** A copy of `base` (an object, else a new one) with these own keys set; `__proto__` is a key like any other. */
export function withOwnKeys(base: unknown, entries: Iterable<readonly [string, unknown]>): Record<string, unknown> {
  const copy = base && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : {};
  // An assignment to `__proto__` would set the prototype rather than send the key.
  for (const [key, value] of entries)
    Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** The value at `path` in `base`, own properties only. */
export function getAt(base: unknown, path: Array<string | number>): unknown {
  let value = base;
  for (const step of path) {
    if (!value || typeof value !== 'object' || !Object.hasOwn(value, step)) return undefined;
    value = (value as Record<string | number, unknown>)[step];
  }
  return value;
}

/** A copy of `base` with the value at `path` replaced (intermediate objects and arrays created). */
export function setAt(base: unknown, path: Array<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const [step, ...rest] = path as [string | number, ...Array<string | number>];
  if (typeof step === 'number') {
    const list = Array.isArray(base) ? [...base] : [];
    list[step] = setAt(list[step], rest, value);
    return list;
  }
  return withOwnKeys(base, [[step, setAt(getAt(base, [step]), rest, value)]]);
}

/** A copy of `base` without the property at `path`. */
export function deleteAt(base: unknown, path: Array<string | number>): unknown {
  if (path.length === 0 || !base || typeof base !== 'object') return base;
  const [step, ...rest] = path as [string | number, ...Array<string | number>];
  if (rest.length === 0) {
    if (Array.isArray(base)) return base.filter((_, i) => i !== step);
    const { [step]: _removed, ...kept } = base as Record<string, unknown>;
    return kept;
  }
  return setAt(base, [step], deleteAt((base as any)[step], rest));
}

const l = <T>(label: string, value: T): Labelled<T> => ({ label, value });

const TYPE_CONFUSION: Labelled[] = [
  l('wrong type: number', 12345),
  l('wrong type: boolean', true),
  l('wrong type: null', null),
  l('wrong type: array', ['a', 'b']),
  l('wrong type: object', { a: 1 }),
];
const SHORT_STRINGS = BAD_STRINGS.filter((v) =>
  ['empty string', 'lone surrogate', 'NUL character', '10k characters', 'right-to-left override', '70 emoji'].includes(
    v.label,
  ),
);

/** The fixed bad values for a field, by its kind; `nestedField` gets a shorter list. */
export function badValues(
  field: FieldRef,
  source: ValueSource | undefined,
  sampleId: string,
  nestedField = false,
): Labelled[] {
  const kind = kindOf(field.schema, field.name);
  const foreign = (source?.foreign(field) ?? []).slice(0, 2).map((value) => l("the other tenant's id", value));
  const own = (source?.own(field) ?? [])
    .filter((v): v is string => typeof v === 'string' && /^[0-9a-f-]{36}$/.test(v))
    .slice(0, 1);
  const ownUpper = own.map((id) => l('own id in capitals', id.toUpperCase()));
  const confusion = nestedField ? [TYPE_CONFUSION[0]!, TYPE_CONFUSION[2]!] : TYPE_CONFUSION;
  let specific: Labelled[];
  switch (kind) {
    case 'id':
      specific = nestedField
        ? [...BAD_IDS.slice(0, 2), ...foreign.slice(0, 1), ...SHORT_STRINGS.slice(1, 3)]
        : [...BAD_IDS, ...foreign, ...ownUpper, ...SHORT_STRINGS];
      break;
    case 'cursor':
      specific = badCursors(sampleId);
      break;
    case 'url':
      specific = [...(nestedField ? BAD_URLS.slice(0, 4) : BAD_URLS), ...SHORT_STRINGS.slice(0, 3)];
      break;
    case 'email':
      specific = nestedField
        ? [...BAD_EMAILS.slice(0, 3), ...SHORT_STRINGS.slice(0, 3)]
        : [...BAD_EMAILS, ...SHORT_STRINGS.slice(0, 4)];
      break;
    case 'enum': {
      const first = String((nonNull(field.schema)[0] ?? field.schema).enum?.[0] ?? 'x');
      specific = [
        l('enum value in capitals', first.toUpperCase()),
        l('unknown enum value', 'no-such-value'),
        ...SHORT_STRINGS.slice(0, nestedField ? 2 : 3),
      ];
      break;
    }
    case 'integer':
    case 'number':
      specific = nestedField ? BAD_NUMBERS.slice(0, 5) : BAD_NUMBERS;
      break;
    case 'boolean':
      specific = [l('boolean as string', 'true'), l('boolean as number', 1)];
      break;
    case 'array':
      specific = [
        l('empty array', []),
        l(
          'array of 1 001 items',
          Array.from({ length: 1001 }, (_, i) => `item-${i}`),
        ),
        l('array of nulls', [null, null]),
        l('nested arrays', [['a']]),
        l('array of lone surrogates', ['\ud800']),
      ];
      break;
    case 'object':
      specific = [l('empty object', {}), l('object with odd keys', { '\ud800': 1, '': 2, __proto__x: 3 })];
      break;
    case 'password':
      specific = [
        l('password of 10k characters', 'p'.repeat(10_000)),
        ...SHORT_STRINGS.slice(0, nestedField ? 2 : 4),
        l('password of 7 characters', 'seven77'),
      ];
      break;
    default:
      specific = nestedField ? SHORT_STRINGS.slice(0, 4) : BAD_STRINGS;
  }
  return [...confusion, ...specific];
}

/** One UTF-16 unit at a time, often a troublesome one. */
const unit16 = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      '\ud800',
      '\udfff',
      '\u0000',
      '\u202e',
      '\u0301',
      '🎉',
      'é',
      '漢',
      '%',
      '\\',
      '"',
      "'",
      '/',
      '.',
      ' ',
    ),
    weight: 1,
  },
  { arbitrary: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }), weight: 2 },
);

/** Random bad values, with a label from what they turned out to be. */
export function badValueArb(
  field: FieldRef,
  source: ValueSource | undefined,
  sampleId: string,
): fc.Arbitrary<Labelled> {
  const fixed = badValues(field, source, sampleId);
  const randomString = fc.oneof(
    fc.string({ unit: unit16, maxLength: 40 }),
    fc.string({ unit: unit16, minLength: 200, maxLength: 3000 }),
  );
  const randomAny = fc.oneof(
    randomString,
    fc.double(),
    fc.integer(),
    fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map((n) => Number(n)),
    fc.boolean(),
    fc.constant(null),
    fc.jsonValue({ maxDepth: 2 }),
  );
  return fc.oneof(
    { arbitrary: fc.constantFrom(...fixed), weight: 1 },
    { arbitrary: randomAny.map((value) => ({ label: classify(value), value })), weight: 2 },
  );
}

/** The group a random value's failures are filed under. */
export function classify(value: unknown): string {
  if (typeof value === 'string') {
    if (!isWellFormedText(value)) return 'random: text with a lone surrogate';
    if (value.includes('\u0000')) return 'random: text with NUL';
    if (value.length > 1000) return 'random: long text';
    return 'random: text';
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return 'random: non-finite number (sent as null)';
    if (!Number.isInteger(value)) return 'random: fraction';
    if (!Number.isSafeInteger(value)) return 'random: integer beyond 2^53';
    return value < 0 ? 'random: negative integer' : 'random: integer';
  }
  if (value === null) return 'random: null';
  if (Array.isArray(value)) return 'random: array';
  return `random: ${typeof value}`;
}
