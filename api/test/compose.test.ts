import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig, REPO_ROOT } from '@portico/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { validateCaddyfile } from '../../testing/caddy';
import { operatorEnv, renderCompose, withValues, type RenderedCompose } from '../../testing/compose';

/*
 * The stack as a new operator gets it: `.env.example` copied to .env with only the REQUIRED values
 * filled, rendered by docker-compose itself (testing/compose.ts), and each documented variant of it.
 * What the rendering gives the containers is what is checked: the proxy's environment runs Caddy,
 * the Portico processes' environment loads their configuration.
 */

const run = promisify(execFile);
const PORTICO = ['api-1', 'api-2', 'worker', 'scheduler', 'migrate'];
const secret = () => randomBytes(16).toString('hex');
let stock: string;
let rendered: RenderedCompose;

beforeAll(async () => {
  stock = await operatorEnv(secret);
  rendered = await renderCompose(stock);
});

const envOf = (compose: RenderedCompose, service: string) => compose.services[service]?.environment ?? {};

describe('the stock .env (REQUIRED values filled)', () => {
  it('renders, and Caddy runs the proxy with exactly the environment compose gives it', async () => {
    const proxy = envOf(rendered, 'proxy');
    expect(proxy.ACME_EMAIL, 'the stock .env leaves ACME_EMAIL blank').toBe('');
    const result = await validateCaddyfile(proxy);
    expect(result, result.output).toMatchObject({ ok: true });
    // The CI workflow's and a test install's issuer, the same way.
    const internal = await renderCompose(withValues(stock, { CERT_ISSUER: 'internal' }));
    const local = await validateCaddyfile(envOf(internal, 'proxy'));
    expect(local, local.output).toMatchObject({ ok: true });
  });

  it('gives every Portico process a configuration it starts with', () => {
    for (const service of PORTICO) {
      const config = loadConfig(envOf(rendered, service));
      expect(config.env, service).toBe('production');
      expect(config.storage.driver, service).toBe('s3');
      expect(config.databaseUrl, service).toMatch(/@postgres:5432\/portico$/);
      expect(config.redisUrl, service).toMatch(/^redis:\/\/:[0-9a-f]+@redis:6379$/);
    }
  });

  it('runs two api replicas, each an upstream of the proxy by its own name', () => {
    const upstreams = envOf(rendered, 'proxy').API_UPSTREAMS?.split(' ') ?? [];
    expect(upstreams, 'two api replicas, so one can stop or die').toEqual(['api-1:8080', 'api-2:8080']);
    for (const upstream of upstreams) {
      const [service, port] = upstream.split(':') as [string, string];
      expect(rendered.services[service]?.command, service).toEqual(['node', '--enable-source-maps', 'dist/api.js']);
      expect(loadConfig(envOf(rendered, service)).port, service).toBe(Number(port));
    }
  });

  it('passes every documented variable to every Portico process', async () => {
    const readme = await readFile(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Processes'));
    const documented = [
      ...new Set(
        [...table.matchAll(/^\| ([^|]+)\|/gm)].flatMap((m) => m[1]!.match(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g) ?? []),
      ),
    ];
    expect(documented.length).toBeGreaterThan(30);
    const values = Object.fromEntries(documented.map((name) => [name, `set-${name.toLowerCase()}`]));
    const compose = await renderCompose(withValues(stock, values));
    // What the stack sets itself (its own addresses) wins over .env, by design.
    const own = new Set<string>();
    for (const file of ['compose.yaml', 'compose.postgres.yaml', 'compose.minio.yaml']) {
      const { services } = parse(await readFile(path.join(REPO_ROOT, file), 'utf8'), { merge: true }) as {
        services: Record<string, { environment?: object }>;
      };
      for (const service of PORTICO)
        for (const name of Object.keys(services[service]?.environment ?? {})) own.add(name);
    }
    for (const service of PORTICO) {
      const env = envOf(compose, service);
      for (const name of documented) {
        expect(env, `${service} gets ${name}`).toHaveProperty(name);
        if (!own.has(name)) expect(env[name], `${service}'s ${name}`).toBe(values[name]);
      }
    }
  });
});

describe('the documented variants', () => {
  it('external S3 in another region, no MinIO: renders without minio, and files go to that S3', async () => {
    const compose = await renderCompose(
      withValues(stock, {
        COMPOSE_FILE: 'compose.yaml:compose.postgres.yaml',
        MINIO_ROOT_PASSWORD: undefined,
        S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY: 'AKIAEXAMPLE',
        S3_SECRET_KEY: secret(),
        S3_BUCKET: 'acme-portico',
      }),
    );
    expect(Object.keys(compose.services)).not.toContain('minio');
    for (const service of PORTICO) {
      expect(compose.services[service]?.depends_on, service).not.toHaveProperty('minio');
      expect(loadConfig(envOf(compose, service)).storage.s3, service).toMatchObject({
        endpoint: 'https://s3.eu-central-1.amazonaws.com',
        region: 'eu-central-1',
        accessKey: 'AKIAEXAMPLE',
        bucket: 'acme-portico',
      });
    }
  });

  it('external PostgreSQL: renders without postgres, and the processes use DATABASE_URL', async () => {
    const url = 'postgres://portico:pw@db.example.com:5432/portico';
    const compose = await renderCompose(
      withValues(stock, {
        COMPOSE_FILE: 'compose.yaml:compose.minio.yaml',
        POSTGRES_PASSWORD: undefined,
        DATABASE_URL: url,
      }),
    );
    expect(Object.keys(compose.services)).not.toContain('postgres');
    for (const service of PORTICO) expect(loadConfig(envOf(compose, service)).databaseUrl, service).toBe(url);
  });

  it('own SMTP and Stripe, or neither: each renders and the processes get them', async () => {
    const smtp = 'smtp://mailer:pw@smtp.example.com:587';
    const compose = await renderCompose(
      withValues(stock, { SMTP_URL: smtp, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }),
    );
    for (const service of PORTICO) {
      const config = loadConfig(envOf(compose, service));
      expect(config.smtpUrl, service).toBe(smtp);
      expect(config.stripe.secretKey, service).toBe('sk_test_x');
    }
    expect(envOf(compose, 'alertmanager').SMTP_URL).toBe(smtp);
    for (const service of PORTICO) {
      const config = loadConfig(envOf(rendered, service));
      expect(config.smtpUrl, service).toBe('smtp://mailpit:1025');
      expect(config.stripe.secretKey, service).toBeUndefined();
    }
  });

  it('refuses to render without a REQUIRED value, naming it', async () => {
    await expect(renderCompose(withValues(stock, { REDIS_PASSWORD: '' }))).rejects.toThrow(
      /set REDIS_PASSWORD in \.env/,
    );
  });

  it('every compose file passes dclint (the compose-spec schema and its safety rules)', async () => {
    const files = ['compose.yaml', 'compose.postgres.yaml', 'compose.minio.yaml'];
    const result = await run(path.join(REPO_ROOT, 'node_modules', '.bin', 'dclint'), [...files, '--color', 'false'], {
      cwd: REPO_ROOT,
    }).catch((error: { stdout: string; code: number }) => error);
    expect('code' in result ? result.stdout : '').toBe('');
  });
});

describe('the rendered stack', () => {
  it('rotates every service’s log and limits its memory', async () => {
    const all = await renderCompose(withValues(stock, { COMPOSE_PROFILES: 'loadtest' }));
    for (const [name, service] of Object.entries(all.services)) {
      expect(service.logging, name).toMatchObject({ driver: 'json-file', options: { 'max-size': '10m' } });
      expect(service.deploy?.resources?.limits?.memory, name).toMatch(/^\d+[MG]$/);
    }
  });

  it('pins every image to a release (no floating tag a later version could break)', () => {
    for (const [name, service] of Object.entries(rendered.services)) {
      // Portico's own image is PORTICO_IMAGE, built here or a tag the operator names.
      if (service.image === 'portico:local') continue;
      expect(service.image, name).toMatch(/:(v?\d+\.\d+(\.\d+)?|RELEASE\.[0-9TZ-]+)$/);
    }
  });

  it('publishes 80 and 443 on IPv4 and IPv6, and UDP 443 for HTTP/3', () => {
    const ports = (rendered.services.proxy?.ports ?? []).map((p) =>
      (typeof p === 'string' ? p : `${p.host_ip ?? ''}:${p.published}:${p.target}/${p.protocol ?? 'tcp'}`).replace(
        /^:::/,
        '[::]:',
      ),
    );
    for (const expected of ['0.0.0.0:80:80', '[::]:80:80', '0.0.0.0:443:443', '[::]:443:443'])
      expect(ports.map((p) => p.replace(/\/tcp$/, ''))).toContain(expected);
    for (const expected of ['0.0.0.0:443:443/udp', '[::]:443:443/udp']) expect(ports).toContain(expected);
  });

  it('guards Redis with a password and a memory ceiling that never evicts queue keys', () => {
    const command = (rendered.services.redis?.command ?? []).join(' ');
    expect(command).toMatch(/--requirepass [0-9a-f]{32}\b/);
    expect(command).toMatch(/--maxmemory 512mb\b/);
    expect(command).toMatch(/--maxmemory-policy noeviction\b/);
  });

  it('loads pg_stat_statements in the bundled PostgreSQL and creates the extension', async () => {
    expect((rendered.services.postgres?.command ?? []).join(' ')).toContain(
      'shared_preload_libraries=pg_stat_statements',
    );
    const init = (rendered.services.postgres?.volumes ?? []).find((v) =>
      (typeof v === 'string' ? v : v.target).includes('/docker-entrypoint-initdb.d'),
    );
    expect(init).toBeDefined();
    const sql = await readFile(
      path.join(REPO_ROOT, 'infra', 'postgres', 'initdb', '10-pg-stat-statements.sql'),
      'utf8',
    );
    expect(sql).toContain('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  });
});
