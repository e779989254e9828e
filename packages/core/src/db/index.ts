/*
 * `@portico/core/db`: the database itself — models, the connection, migrations, the tenant-scope
 * guard and the raw-statement registry. Only packages/core, migrations, scripts and tests import
 * it; api/, worker/ and scheduler/ reach data through the services of `@portico/core` (lint
 * refuses a value import of this path there; a type import is allowed).
 */
export * from './connection';
export * from './migrator';
export * from './models';
export * from './statements';
export * from './tenant-scope';
