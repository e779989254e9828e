import { pino, stdSerializers, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { Config } from './config';

export type { Logger };

/**
 * Fields of Sequelize's and pg's errors that repeat what a statement carried: its bound values
 * (`parameters`), the row a constraint refused (`detail`: `Key (email)=(…)`, `fields`), the record
 * being validated (`errors`, `instance`, `value`), and the driver's error again with the same
 * (`parent`, `original`: their code is kept as `sqlState`).
 */
const STATEMENT_VALUES = ['parameters', 'detail', 'fields', 'errors', 'aggregateErrors', 'instance', 'value'];
const DRIVER_ERRORS = ['parent', 'original'];

/** Characters of a normalised statement kept. */
const SQL_CHARS = 2000;

/**
 * The statement with its values taken out: quoted text and numbers become `?`, a list of them one
 * `?`, spaces collapse. Bound parameters (`$1`) stay as they are.
 */
export function normaliseSql(sql: string): string {
  return sql
    .replace(/'(?:[^']|'')*'/g, '?')
    .replace(/(?<![\w$."])-?\d+(?:\.\d+)?\b/g, '?')
    .replace(/\(\s*\?(?:\s*,\s*\?)+\s*\)/g, '(?)')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SQL_CHARS);
}

/**
 * pino's error serializer, without the values a failed statement carried: a log line names the
 * error, its message, its stack, its SQLSTATE and the statement with its literals taken out
 * (`normaliseSql`), never what was being written.
 */
export function errorWithoutValues(error: unknown): unknown {
  const serialized = stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (!serialized || typeof serialized !== 'object') return serialized;
  for (const key of STATEMENT_VALUES) delete serialized[key];
  for (const key of DRIVER_ERRORS) {
    const driver = serialized[key] as { code?: unknown } | undefined;
    if (driver && typeof driver.code === 'string') serialized.sqlState ??= driver.code;
    delete serialized[key];
  }
  if (typeof serialized.sql === 'string') serialized.sql = normaliseSql(serialized.sql);
  return serialized;
}

/**
 * JSON logs, to stdout unless another destination is given; credentials, tokens and the values of
 * failed statements never reach them.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, name: string, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    name,
    level: config.logLevel,
    serializers: { err: errorWithoutValues },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.current_password',
        '*.new_password',
        '*.refresh_token',
        '*.access_token',
        '*.token',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
