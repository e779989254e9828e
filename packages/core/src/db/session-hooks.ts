import { Op, type Model, type ModelStatic, type Transaction, type WhereOptions } from 'sequelize';
import { invalidateSessions, type SessionTargets } from '../services/session-cache';

/**
 * How a write to one of the models a session is built from names what it changed: from the row it
 * wrote, or from the condition of a bulk update or destroy. A condition that does not pin the
 * column names everything (every cached session is read again), which is always safe.
 */
export interface SessionSource<M extends Model = Model> {
  model: ModelStatic<M>;
  ofRow: (row: M) => SessionTargets;
  ofWhere: (where: WhereOptions | undefined) => SessionTargets;
}

/** Declares one source with its row type (the hooks themselves handle any model). */
export function sessionSource<M extends Model>(source: SessionSource<M>): SessionSource {
  return source as unknown as SessionSource;
}

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
export function whereTargets(
  where: WhereOptions | undefined,
  column: string,
  kind: 'users' | 'families',
): SessionTargets {
  const ids = pinnedValues(where, column);
  return ids ? { [kind]: ids } : { everything: true };
}

type Options = { transaction?: Transaction | null };

/**
 * Every create, update, destroy, upsert, bulk create, bulk update and bulk destroy of these models
 * sets new session versions once it commits (`services/session-cache.ts`), so no service can forget to.
 * Raw SQL bypasses hooks: a statement writing these tables calls `invalidateSessions` itself
 * (`packages/core/test/session-cache.test.ts` fails when one does not).
 */
export function invalidateSessionsOnChange(sources: SessionSource[]): void {
  for (const { model, ofRow, ofWhere } of sources) {
    const changed = (targets: SessionTargets, options: Options) =>
      invalidateSessions(model.sequelize, targets, options.transaction);
    const merge = (rows: Model[]): SessionTargets => {
      const all = rows.map(ofRow);
      return {
        everything: all.some((t) => t.everything),
        users: all.flatMap((t) => [...(t.users ?? [])]),
        families: all.flatMap((t) => [...(t.families ?? [])]),
      };
    };
    const hooks: Record<string, (...args: never[]) => Promise<void>> = {
      afterCreate: (row: Model, options: Options) => changed(ofRow(row), options),
      afterUpdate: (row: Model, options: Options) => changed(ofRow(row), options),
      afterDestroy: (row: Model, options: Options) => changed(ofRow(row), options),
      afterUpsert: (result: [Model, boolean | null], options: Options) =>
        changed(Array.isArray(result) && result[0] ? ofRow(result[0]) : { everything: true }, options),
      afterBulkCreate: (rows: Model[], options: Options) => changed(merge(rows), options),
      afterBulkUpdate: (options: Options & { where?: WhereOptions }) => changed(ofWhere(options.where), options),
      afterBulkDestroy: (options: Options & { where?: WhereOptions; truncate?: boolean }) =>
        changed(options.truncate ? { everything: true } : ofWhere(options.where), options),
    };
    for (const [type, hook] of Object.entries(hooks)) {
      // initModels may run more than once per process; the hook is registered once.
      model.removeHook(type as never, 'sessionVersions');
      model.addHook(type as never, 'sessionVersions', hook as never);
    }
  }
}
