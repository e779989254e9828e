import { Op, type Model, type ModelStatic, type WhereOptions } from 'sequelize';

declare module 'sequelize' {
  interface FindOptions {
    /** Deliberately reads across tenants (platform console, system jobs, a user's own memberships). */
    allTenants?: boolean;
  }
  interface CountOptions {
    allTenants?: boolean;
  }
  interface UpdateOptions {
    allTenants?: boolean;
  }
  interface DestroyOptions {
    allTenants?: boolean;
  }
}

export class TenantScopeError extends Error {
  constructor(model: string, operation: string) {
    super(`${operation} on ${model} must be scoped by tenant_id (or pass allTenants: true deliberately).`);
    this.name = 'TenantScopeError';
  }
}

type AnyModel = ModelStatic<Model>;

const tenantOwned = new WeakSet<AnyModel>();

export function isTenantOwned(model: AnyModel): boolean {
  return tenantOwned.has(model);
}

/** True when the condition pins tenant_id at its top level or inside a top-level AND. */
export function whereHasTenant(where: WhereOptions | undefined): boolean {
  if (where == null || typeof where !== 'object') return false;
  const record = where as Record<string | symbol, unknown>;
  if (Object.prototype.hasOwnProperty.call(record, 'tenant_id') && record.tenant_id !== undefined) return true;
  const and = record[Op.and];
  return Array.isArray(and) && and.some((part) => whereHasTenant(part as WhereOptions));
}

interface IncludeLike {
  model?: AnyModel;
  where?: WhereOptions;
  include?: IncludeLike[];
}

function assertIncludesScoped(includes: unknown, allTenants: boolean | undefined): void {
  if (!Array.isArray(includes)) return;
  for (const include of includes as IncludeLike[]) {
    if (include.model && isTenantOwned(include.model) && !allTenants && !whereHasTenant(include.where)) {
      throw new TenantScopeError(include.model.name, 'include');
    }
    assertIncludesScoped(include.include, allTenants);
  }
}

/**
 * Makes tenant scoping structural: every find, count, bulk update and bulk destroy of a
 * tenant-owned model (and every include of one) must name a tenant_id, or it throws.
 */
export function enforceTenantScope(models: { owned: AnyModel[]; all: AnyModel[] }): void {
  for (const model of models.owned) {
    tenantOwned.add(model);
    const guard = (operation: string) => (options: { where?: WhereOptions; allTenants?: boolean }) => {
      if (!options.allTenants && !whereHasTenant(options.where)) throw new TenantScopeError(model.name, operation);
    };
    model.addHook('beforeFind', 'tenantScope', guard('find'));
    model.addHook('beforeCount', 'tenantScope', guard('count'));
    model.addHook('beforeBulkUpdate', 'tenantScope', guard('update'));
    model.addHook('beforeBulkDestroy', 'tenantScope', guard('destroy'));
  }
  for (const model of models.all) {
    model.addHook(
      'beforeFindAfterExpandIncludeAll',
      'tenantScopeIncludes',
      (options: { include?: unknown; allTenants?: boolean }) =>
        assertIncludesScoped(options.include, options.allTenants),
    );
  }
}
