import { Op, type Model, type ModelStatic, type Sequelize, type Transaction, type WhereOptions } from 'sequelize';

/** The ids a condition pins `column` to (`x`, `[x, y]`, `{[Op.eq]: x}`, `{[Op.in]: [...]}`, inside an AND), or null. */
export function pinnedValues(where: WhereOptions | undefined, column: string): string[] | null {
  if (where == null || typeof where !== 'object') return null;
  const record = where as Record<string | symbol, unknown>;
  const value = record[column];
  const asList = (v: unknown): string[] | null => {
    if (typeof v === 'string') return [v];
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
    return null;
  };
  if (value !== undefined) {
    const direct = asList(value);
    if (direct) return direct;
    if (value && typeof value === 'object') {
      const ops = value as Record<symbol, unknown>;
      const keys = Object.getOwnPropertySymbols(ops);
      if (keys.length === 1 && (keys[0] === Op.eq || keys[0] === Op.in)) return asList(ops[keys[0]]);
    }
    return null;
  }
  const and = record[Op.and];
  if (Array.isArray(and)) {
    for (const part of and) {
      const found = pinnedValues(part as WhereOptions, column);
      if (found) return found;
    }
  }
  return null;
}

/** Targets the rows pinned by `column`, or everything when the condition does not pin it. */
export function whereTargets<K extends string>(
  where: WhereOptions | undefined,
  column: string,
  kind: K,
): Partial<Record<K, string[]>> & Targets {
  const ids = pinnedValues(where, column);
  return (ids ? { [kind]: ids } : { everything: true }) as Partial<Record<K, string[]>> & Targets;
}

type HookOptions = { transaction?: Transaction | null };

/** What a cache's targets look like: lists of ids by kind (`users`, `tenants`…), or everything. */
export type Targets = { everything?: boolean };

/**
 * How a write to one of the models a cache is built from names what it changed: from the row it
 * wrote, or from the condition of a bulk update or destroy. A condition that does not pin the
 * column names everything (every entry is read again), which is always safe.
 */
export interface CacheSource<T extends Targets, M extends Model = Model> {
  model: ModelStatic<M>;
  ofRow: (row: M) => T;
  ofWhere: (where: WhereOptions | undefined) => T;
}

/** Declares one source with its row type (the hooks themselves handle any model). */
export function cacheSource<T extends Targets, M extends Model>(source: CacheSource<T, M>): CacheSource<T> {
  return source as unknown as CacheSource<T>;
}

function merged<T extends Targets>(all: T[]): T {
  const result: Record<string, unknown> = { everything: all.some((t) => t.everything) };
  for (const targets of all)
    for (const [kind, ids] of Object.entries(targets))
      if (kind !== 'everything' && ids)
        result[kind] = [...((result[kind] as string[] | undefined) ?? []), ...(ids as unknown as Iterable<string>)];
  return result as T;
}

/**
 * Every create, update, destroy, upsert, bulk create, bulk update and bulk destroy of these models
 * calls `invalidate` with what it changed, which sets new versions once it commits
 * (`kernel/versioned-cache.ts`), so no service can forget to. Raw SQL bypasses hooks: a statement
 * writing these tables calls the cache's invalidation itself (each cache's test fails when one does not).
 */
export function invalidateOnChange<T extends Targets>(
  hookName: string,
  invalidate: (sequelize: Sequelize | undefined, targets: T, transaction?: Transaction | null) => Promise<void>,
  sources: CacheSource<T>[],
): void {
  const everything = { everything: true } as T;
  for (const { model, ofRow, ofWhere } of sources) {
    const changed = (targets: T, options: HookOptions) => invalidate(model.sequelize, targets, options.transaction);
    const hooks: Record<string, (...args: never[]) => Promise<void>> = {
      afterCreate: (row: Model, options: HookOptions) => changed(ofRow(row), options),
      afterUpdate: (row: Model, options: HookOptions) => changed(ofRow(row), options),
      afterDestroy: (row: Model, options: HookOptions) => changed(ofRow(row), options),
      afterUpsert: (result: [Model, boolean | null], options: HookOptions) =>
        changed(Array.isArray(result) && result[0] ? ofRow(result[0]) : everything, options),
      afterBulkCreate: (rows: Model[], options: HookOptions) => changed(merged(rows.map(ofRow)), options),
      afterBulkUpdate: (options: HookOptions & { where?: WhereOptions }) => changed(ofWhere(options.where), options),
      afterBulkDestroy: (options: HookOptions & { where?: WhereOptions; truncate?: boolean }) =>
        changed(options.truncate ? everything : ofWhere(options.where), options),
    };
    for (const [type, hook] of Object.entries(hooks)) {
      model.addHook(type as never, hookName, hook as never);
    }
  }
}
