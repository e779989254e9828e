import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * The repository root (the image's /app): the nearest folder above this file whose package.json is
 * Portico's own, so it is the same from the sources and from the compiled `dist/`. Dev secrets,
 * local storage and the built web app live below it unless configured otherwise.
 */
export const REPO_ROOT = findRepoRoot(import.meta.dirname);

function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    try {
      if ((JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string }).name === 'portico')
        return dir;
    } catch {
      // No package.json here: look further up.
    }
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
  .default('false')
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** proxy-addr's names for address ranges, as Express's `trust proxy` setting takes them. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/** TRUST_PROXY: the proxies whose X-Forwarded-For is believed; none unless the operator names them. */
const trustedProxies = optional
  .transform((v) =>
    v
      ? v
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean)
      : [],
  )
  .refine(
    (entries) => entries.every(isProxyAddress),
    'TRUST_PROXY must list IP addresses, CIDR ranges (10.0.0.0/8) or loopback, linklocal, uniquelocal, separated by commas',
  );

/** OUTBOUND_ALLOW_HOSTS: host names, compared in lower case. */
const hostNames = optional.transform((v) =>
  v
    ? v
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean)
    : [],
);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: optional,
  PUBLIC_URL: optional.pipe(
    z.url({ message: 'PUBLIC_URL must be a URL such as https://portal.example.com' }).optional(),
  ),
  BASE_DOMAIN: z.string().default('localhost'),
  TRUST_PROXY: trustedProxies,
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/portico'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('portico'),
  JWT_SECRET: optional,
  SECRETS_KEY: optional,
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SUPERADMIN_EMAIL: z
    .email({ message: 'SUPERADMIN_EMAIL must be an email address' })
    .default('admin@portico.localhost'),
  SUPERADMIN_PASSWORD: optional.pipe(z.string().min(8, 'SUPERADMIN_PASSWORD must be at least 8 characters').optional()),
  DEMO_PASSWORD: optional,
  SMTP_URL: optional,
  SENDGRID_SMTP_URL: z.string().default('smtp://smtp.sendgrid.net:587'),
  MAIL_FROM: z.string().default('Portico <no-reply@portico.localhost>'),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  STORAGE_DIR: optional,
  S3_ENDPOINT: optional,
  S3_ACCESS_KEY: optional,
  S3_SECRET_KEY: optional,
  S3_BUCKET: z.string().default('user-files'),
  S3_REGION: z.string().default('us-east-1'),
  S3_PART_SIZE_MB: z.coerce.number().int().min(5).max(5120).default(8),
  MAX_UPLOAD_MB: z.coerce.number().positive().default(100),
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_URL: optional.pipe(
    z.url({ message: 'STRIPE_API_URL must be a URL such as http://127.0.0.1:12111' }).optional(),
  ),
  OAUTH_ISSUER_GOOGLE: optional.pipe(
    z.url({ message: 'OAUTH_ISSUER_GOOGLE must be a URL such as https://accounts.google.com' }).optional(),
  ),
  OAUTH_ISSUER_MICROSOFT: optional.pipe(
    z
      .url({ message: 'OAUTH_ISSUER_MICROSOFT must be a URL such as https://login.microsoftonline.com/common/v2.0' })
      .optional(),
  ),
  OAUTH_BASE_GITHUB: optional.pipe(
    z.url({ message: 'OAUTH_BASE_GITHUB must be a URL such as https://github.example.com' }).optional(),
  ),
  OAUTH_BASE_SLACK: optional.pipe(
    z.url({ message: 'OAUTH_BASE_SLACK must be a URL such as https://slack.com' }).optional(),
  ),
  DNS_SERVERS: optional.transform((v, ctx) => {
    const servers = (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const server of servers) {
      const [host = '', port] = server.includes('[')
        ? [server.slice(1, server.indexOf(']')), server.split(']:')[1]]
        : server.split(':');
      if (isIP(host) === 0 || (port !== undefined && !/^\d{1,5}$/.test(port)))
        ctx.addIssue({
          code: 'custom',
          message: `DNS_SERVERS must list resolvers as address or address:port, separated by commas ("${server}" is not one)`,
        });
    }
    return servers;
  }),
  PROXY_URL: optional.pipe(z.url({ message: 'PROXY_URL must be a URL such as https://proxy:443' }).optional()),
  CERTIFICATE_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  PROMETHEUS_URL: optional,
  METRICS_TOKEN: z
    .string()
    .min(16, 'METRICS_TOKEN must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  SLOW_QUERY_MS: z.coerce.number().min(0).default(200),
  ENVIRONMENT_NAME: optional,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  OUTBOUND_ALLOW_PRIVATE: flag,
  OUTBOUND_ALLOW_HOSTS: hostNames,
  OUTBOUND_CA_FILE: optional,
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(64).max(4_194_304).default(65_536),
  PASSWORD_HASH_PASSES: z.coerce.number().int().min(1).max(100).default(3),
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(5000),
  WEBHOOK_DISABLE_AFTER: z.coerce.number().int().min(1).default(5),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(10),
  WEBHOOK_LOCK_MS: z.coerce.number().int().min(500).default(30_000),
  WEBHOOK_FANOUT_BATCH: z.coerce.number().int().min(1).max(5000).default(500),
  EMAIL_LOCK_MS: z.coerce.number().int().min(500).default(30_000),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
  DATA_DIR: optional,
});

export type Env = z.infer<typeof envSchema>;

/** The least argon2id cost OWASP's Password Storage Cheat Sheet accepts (19 MiB, 2 passes). */
export const PASSWORD_HASH_FLOOR = { memoryKib: 19_456, passes: 2 };

/** The argon2id cost of new password hashes; a stored hash keeps the cost it was made with. */
export interface PasswordHashCost {
  memoryKib: number;
  passes: number;
}

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  /** The address the API listens on (HOST); unset: every interface. */
  host: string | undefined;
  publicUrl: string;
  baseDomain: string;
  /** Proxies whose X-Forwarded-For names the client (TRUST_PROXY); empty: the connection's own address. */
  trustedProxies: string[];
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  jwtSecret: string;
  secretsKey: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  superAdmin: { email: string; password: string | undefined };
  demoPassword: string | undefined;
  smtpUrl: string | undefined;
  /** SendGrid's SMTP relay, used instead of SMTP_URL once a SendGrid API key is saved; only tests point it elsewhere. */
  sendgridSmtpUrl: string;
  mailFrom: string;
  /** Outbox delivery (the worker's `emails` queue). */
  emails: {
    /** BullMQ lock of a job in progress; a crashed worker's email is sent again after it, with its Message-ID. */
    lockMs: number;
  };
  storage: {
    driver: 'local' | 's3';
    dir: string;
    /** `partSize`: bytes per part of a multipart upload, the most one upload holds in memory. */
    s3: {
      endpoint?: string;
      accessKey?: string;
      secretKey?: string;
      bucket: string;
      region: string;
      partSize: number;
    };
  };
  maxUploadBytes: number;
  /** `apiUrl`: another base address for stripe-node (STRIPE_API_URL; tests use a local server). */
  stripe: { secretKey?: string; webhookSecret?: string; apiUrl?: string };
  /**
   * Other issuers for the OpenID Connect sign-in providers (OAUTH_ISSUER_GOOGLE, OAUTH_ISSUER_MICROSOFT,
   * OAUTH_BASE_SLACK — Sign in with Slack is OpenID Connect; tests run a local one), and GitHub's base
   * address (OAUTH_BASE_GITHUB: a GitHub Enterprise Server's layout, API under /api/v3); unset: the real ones.
   */
  oauthIssuers: { google?: string; microsoft?: string; slack?: string; github?: string };
  domains: {
    /** Resolvers asked for verification TXT records (DNS_SERVERS); empty: the system's. */
    dnsServers: string[];
    /** Where certificate checks reach the proxy (PROXY_URL); unset: the domain itself, through DNS. */
    proxyUrl: string | undefined;
    /** First retry of a certificate check; each doubles it, eight attempts in all (about an hour at 30 s). */
    certificateRetryBaseMs: number;
  };
  prometheusUrl: string | undefined;
  /** A bearer token that may read /metrics from anywhere (loopback and private networks need none). */
  metricsToken: string | undefined;
  /** Where the worker and the scheduler serve their metrics (unset: 9464 and 9465; 0: any free port). */
  metricsPort: number | undefined;
  /** Statements at least this slow are kept for the console's Slow Queries table (0: none). */
  slowQueryMs: number;
  /** What the console's environment badge shows (ENVIRONMENT_NAME; production or development by NODE_ENV). */
  environmentName: string;
  logLevel: Env['LOG_LEVEL'];
  outboundAllowPrivate: boolean;
  /**
   * Host names outbound calls may reach although they resolve to private addresses
   * (OUTBOUND_ALLOW_HOSTS: a load-test stack's webhook-receiver); every other host stays checked.
   */
  outboundAllowHosts: string[];
  /** PEM of an extra certificate authority trusted by outbound calls (OUTBOUND_CA_FILE). */
  outboundCa?: string;
  /** argon2id cost of new password hashes (PASSWORD_HASH_MEMORY_KIB, PASSWORD_HASH_PASSES). */
  passwordHashing: PasswordHashCost;
  loginThrottle: { perEmail: number; perIp: number; windowSeconds: number };
  /** Calls one API key may make to the public API (`/api/v1`) per minute. */
  apiRateLimitPerMinute: number;
  /** Outgoing webhook delivery (the worker's `webhooks` queue). */
  webhooks: {
    /** Deadline of one delivery attempt, DNS and connection included. */
    timeoutMs: number;
    /** First retry delay; each retry doubles it (full jitter, capped at 1 h). */
    retryBaseMs: number;
    /** Failed deliveries in a row after which a webhook is disabled and its admins emailed. */
    disableAfter: number;
    /** Deliveries one worker process sends at once. */
    concurrency: number;
    /** Jobs queued in one Redis call, and rows the sweep reads in one page, when events fan out. */
    fanoutBatch: number;
    /** BullMQ lock of a job in progress; a crashed worker's jobs are picked up again after it. */
    lockMs: number;
  };
  /** After SIGTERM the API answers on, readiness 503, this long before it stops accepting connections. */
  shutdownDrainMs: number;
  dataDir: string;
}

export class ConfigError extends Error {}

function formatIssues(error: z.ZodError): string {
  return error.issues.map((i) => `  - ${i.path.join('.') || 'environment'}: ${i.message}`).join('\n');
}

interface DevSecrets {
  jwtSecret: string;
  secretsKey: string;
}

/** Dev-only secrets, generated once and kept in the data dir so every process and restart agrees. */
function devSecrets(dataDir: string): DevSecrets {
  const file = path.join(dataDir, 'dev-secrets.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as DevSecrets;
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const fresh: DevSecrets = {
      jwtSecret: randomBytes(32).toString('hex'),
      secretsKey: randomBytes(32).toString('hex'),
    };
    try {
      writeFileSync(file, JSON.stringify(fresh), { flag: 'wx', mode: 0o600 });
      return fresh;
    } catch {
      // Another process created it first; use theirs.
      return JSON.parse(readFileSync(file, 'utf8')) as DevSecrets;
    }
  }
}

function readCaFile(file: string | undefined): string | undefined {
  if (!file) return undefined;
  try {
    return readFileSync(path.resolve(REPO_ROOT, file), 'utf8');
  } catch {
    throw new ConfigError(`OUTBOUND_CA_FILE: cannot read ${file}.`);
  }
}

/**
 * The environment as the configuration reads it. An empty value counts as unset (compose passes
 * `NAME=` from .env as an empty string). `NAME_FILE` names a file holding NAME's value (Docker and
 * compose secrets mount them at /run/secrets/…); its content, without the final newline, is the value.
 */
function resolvedEnvironment(source: NodeJS.ProcessEnv): Record<string, string> {
  const resolved: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) if (value !== undefined && value !== '') resolved[name] = value;
  for (const name of Object.keys(envSchema.shape)) {
    const file = resolved[`${name}_FILE`];
    if (file === undefined) continue;
    if (resolved[name] !== undefined)
      throw new ConfigError(`Set ${name} or ${name}_FILE, not both: they could disagree.`);
    try {
      resolved[name] = readFileSync(path.resolve(REPO_ROOT, file), 'utf8').replace(/\r?\n$/, '');
    } catch {
      throw new ConfigError(`${name}_FILE: cannot read ${file}.`);
    }
  }
  return resolved;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(resolvedEnvironment(source));
  if (!parsed.success) {
    throw new ConfigError(`Portico cannot start: the configuration is invalid.\n${formatIssues(parsed.error)}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR ?? '.data');
  let jwtSecret = e.JWT_SECRET;
  let secretsKey = e.SECRETS_KEY;
  if (e.NODE_ENV === 'production') {
    const missing = [!jwtSecret && 'JWT_SECRET', !secretsKey && 'SECRETS_KEY'].filter(Boolean);
    if (missing.length > 0) {
      throw new ConfigError(
        `Portico cannot start in production without ${missing.join(' and ')}. ` +
          `Set ${missing.length > 1 ? 'each' : 'it'} to a long random value, for example the output of \`openssl rand -hex 32\`.`,
      );
    }
  } else if (!jwtSecret || !secretsKey) {
    const generated = devSecrets(dataDir);
    jwtSecret ??= generated.jwtSecret;
    secretsKey ??= generated.secretsKey;
  }
  if (
    e.NODE_ENV !== 'test' &&
    (e.PASSWORD_HASH_MEMORY_KIB < PASSWORD_HASH_FLOOR.memoryKib || e.PASSWORD_HASH_PASSES < PASSWORD_HASH_FLOOR.passes)
  ) {
    throw new ConfigError(
      `PASSWORD_HASH_MEMORY_KIB and PASSWORD_HASH_PASSES must be at least ${PASSWORD_HASH_FLOOR.memoryKib} and ${PASSWORD_HASH_FLOOR.passes} (OWASP's least for argon2id); only tests may go lower.`,
    );
  }
  if (e.STORAGE_DRIVER === 's3' && (!e.S3_ENDPOINT || !e.S3_ACCESS_KEY || !e.S3_SECRET_KEY)) {
    throw new ConfigError('STORAGE_DRIVER=s3 needs S3_ENDPOINT, S3_ACCESS_KEY and S3_SECRET_KEY.');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    baseDomain: e.BASE_DOMAIN,
    trustedProxies: e.TRUST_PROXY,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    jwtSecret: jwtSecret!,
    secretsKey: secretsKey!,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    superAdmin: { email: e.SUPERADMIN_EMAIL.toLowerCase(), password: e.SUPERADMIN_PASSWORD },
    demoPassword: e.DEMO_PASSWORD,
    smtpUrl: e.SMTP_URL,
    sendgridSmtpUrl: e.SENDGRID_SMTP_URL,
    mailFrom: e.MAIL_FROM,
    emails: { lockMs: e.EMAIL_LOCK_MS },
    storage: {
      driver: e.STORAGE_DRIVER,
      dir: path.resolve(REPO_ROOT, e.STORAGE_DIR ?? path.join(dataDir, 'storage')),
      s3: {
        endpoint: e.S3_ENDPOINT,
        accessKey: e.S3_ACCESS_KEY,
        secretKey: e.S3_SECRET_KEY,
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        partSize: e.S3_PART_SIZE_MB * 1024 * 1024,
      },
    },
    maxUploadBytes: Math.floor(e.MAX_UPLOAD_MB * 1024 * 1024),
    stripe: { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL },
    oauthIssuers: {
      google: e.OAUTH_ISSUER_GOOGLE,
      microsoft: e.OAUTH_ISSUER_MICROSOFT,
      slack: e.OAUTH_BASE_SLACK,
      github: e.OAUTH_BASE_GITHUB,
    },
    domains: {
      dnsServers: e.DNS_SERVERS,
      proxyUrl: e.PROXY_URL,
      certificateRetryBaseMs: e.CERTIFICATE_RETRY_BASE_MS,
    },
    prometheusUrl: e.PROMETHEUS_URL,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    slowQueryMs: e.SLOW_QUERY_MS,
    environmentName: e.ENVIRONMENT_NAME ?? (e.NODE_ENV === 'production' ? 'production' : 'development'),
    logLevel: e.LOG_LEVEL,
    outboundAllowPrivate: e.OUTBOUND_ALLOW_PRIVATE,
    outboundAllowHosts: e.OUTBOUND_ALLOW_HOSTS,
    outboundCa: readCaFile(e.OUTBOUND_CA_FILE),
    passwordHashing: { memoryKib: e.PASSWORD_HASH_MEMORY_KIB, passes: e.PASSWORD_HASH_PASSES },
    loginThrottle: {
      perEmail: e.LOGIN_MAX_FAILURES_PER_EMAIL,
      perIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowSeconds: e.LOGIN_FAILURE_WINDOW_SECONDS,
    },
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    webhooks: {
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
      disableAfter: e.WEBHOOK_DISABLE_AFTER,
      concurrency: e.WEBHOOK_CONCURRENCY,
      lockMs: e.WEBHOOK_LOCK_MS,
      fanoutBatch: e.WEBHOOK_FANOUT_BATCH,
    },
    shutdownDrainMs: Math.round(e.SHUTDOWN_DRAIN_SECONDS * 1000),
    dataDir,
  };
}
