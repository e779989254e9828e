import { ConnectionError, DatabaseError } from 'sequelize';

/*
 * What a failed statement says about the database, read from the driver's error that Sequelize
 * keeps as `parent` (PostgreSQL's SQLSTATE in `code`, or Node's socket code such as ECONNREFUSED).
 */

/** The driver's error under Sequelize's wrapper, or the error itself when it is not wrapped. */
function driverError(error: unknown): { code?: unknown; message?: unknown } {
  const wrapped = error as { parent?: unknown } | null;
  const inner = wrapped && typeof wrapped === 'object' && wrapped.parent ? wrapped.parent : error;
  return inner && typeof inner === 'object' ? (inner as { code?: unknown; message?: unknown }) : {};
}

/** PostgreSQL's SQLSTATE of a failed statement (`40P01`), or Node's code of a failed socket (`ECONNREFUSED`). */
export function sqlStateOf(error: unknown): string | undefined {
  const { code } = driverError(error);
  return typeof code === 'string' ? code : undefined;
}

/** A deadlock (40P01) or a serialization failure (40001): the transaction lost to another and may simply run again. */
export function isTransactionConflict(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state === '40P01' || state === '40001';
}

/** Socket codes of a connection to the database that could not be made or was cut. */
const SOCKET_FAILURES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);

/**
 * SQLSTATEs of a server that is going away or not there yet: class 08 (connection exception) and
 * 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting up, shutting down).
 */
const UNAVAILABLE_STATE = /^(08...|57P0[123])$/;

/**
 * pg's own errors for a connection that ended under a statement (it gives them no code): the
 * server closed it (`Connection terminated unexpectedly`) or an earlier failure left it unusable.
 */
const CONNECTION_LOST = /^Connection terminated|is not queryable$/;

/**
 * The statement failed because the database could not be reached — refused, cut, restarting or
 * shutting down, or no pooled connection came free in time — not because of what it asked. The
 * same statement may well succeed a few seconds later, so the API answers 503 with Retry-After.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof ConnectionError) return true;
  // Only a statement's failure counts: a socket code of another dependency (S3, a webhook) says nothing of the database.
  if (!(error instanceof DatabaseError)) return false;
  const state = sqlStateOf(error);
  if (state && (UNAVAILABLE_STATE.test(state) || SOCKET_FAILURES.has(state))) return true;
  const { message } = driverError(error);
  return state === undefined && typeof message === 'string' && CONNECTION_LOST.test(message);
}
