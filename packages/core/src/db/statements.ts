import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';

/**
 * The raw SQL of the services, reviewed in one place per domain: its data file
 * (`<domain>/<domain>-data.ts`, e.g. `files/files-data.ts`).
 * Every statement is declared once at module level, so `listStatements()` names them all and a
 * test reads each: a tenant's statement takes the tenant id as its first bound parameter (`$1`) and
 * filters by it; one that reaches across tenants says why. Sequelize's own queries are scoped by
 * `db/tenant-scope.ts`; these are the ones it cannot see.
 */
export interface Statement {
  /** `<domain>.<what>`, unique. */
  readonly name: string;
  readonly sql: string;
  /** Why this statement reads or writes across tenants on purpose; absent for a tenant's own. */
  readonly crossTenant?: string;
}

const registry = new Map<string, Statement>();

function register(statement: Statement): Statement {
  if (registry.has(statement.name)) throw new Error(`Two SQL statements are named ${statement.name}.`);
  registry.set(statement.name, statement);
  return statement;
}

/** A statement of one tenant's data: `$1` is the tenant id. */
export function tenantStatement(name: string, sql: string): Statement {
  return register({ name, sql });
}

/** A statement that reaches across tenants on purpose (the platform console, a person's own memberships); `why` is read in review. */
export function crossTenantStatement(name: string, why: string, sql: string): Statement {
  return register({ name, sql, crossTenant: why });
}

/** Every statement declared so far (each query file declares its statements when it is loaded). */
export function listStatements(): Statement[] {
  return [...registry.values()];
}

/** What a statement runs on: the connection, and the request's transaction when there is one (a `ServiceContext` is one). */
type Runner = { sequelize: Sequelize; transaction?: Transaction };

/** Runs a SELECT; the rows as plain objects. Inside the request's transaction when there is one. */
export async function select<T extends object>(
  ctx: Runner,
  statement: Statement,
  bind: unknown[],
  transaction = ctx.transaction,
): Promise<T[]> {
  return ctx.sequelize.query<T>(statement.sql, { bind, type: QueryTypes.SELECT, transaction });
}

/** Runs a statement that changes rows; answers how many it changed (or returned, with RETURNING). */
export async function execute(
  ctx: Runner,
  statement: Statement,
  bind: unknown[],
  transaction = ctx.transaction,
): Promise<number> {
  const [, affected] = await ctx.sequelize.query(statement.sql, { bind, transaction, type: QueryTypes.RAW });
  return typeof affected === 'number' ? affected : ((affected as { rowCount?: number } | undefined)?.rowCount ?? 0);
}
