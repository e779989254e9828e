import { pino, type Logger } from 'pino';
import type { Config } from './config';

export type { Logger };

/** JSON logs; credentials and tokens never reach them. */
export function createLogger(config: Pick<Config, 'logLevel'>, name: string): Logger {
  return pino({
    name,
    level: config.logLevel,
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
  });
}
