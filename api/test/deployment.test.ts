import { execFile, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { createMetrics, createRedis, METRIC_LABELS, REPO_ROOT } from '@portico/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CADDY_METRICS, DASHBOARDS_DIR, porticoDashboards } from '../../infra/grafana/dashboards';
import { readScenarios } from '../../loadtests/run';
import { buildProd } from '../../scripts/build-prod';
import { createTestDatabase, testConfig } from '../../testing/harness';
import { freePort, waitForHttp } from '../../testing/processes';

/* The deployment's files, checked by their own tools, and the compiled output run as the image runs it. */

const run = promisify(execFile);
const PROMTOOL = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';
const at = (...parts: string[]) => path.join(REPO_ROOT, ...parts);

describe('compose.yaml', () => {
  it('is a valid compose file (dclint, the compose-spec schema and its safety rules)', async () => {
    const result = await run(at('node_modules', '.bin', 'dclint'), [at('compose.yaml'), '--color', 'false'], {
      cwd: REPO_ROOT,
    }).catch((error: { stdout: string; code: number }) => error);
    expect('code' in result ? result.stdout : '').toBe('');
  });

  it('runs every Portico process from the one image, compiled, after the migrate one-shot', async () => {
    const compose = await readFile(at('compose.yaml'), 'utf8');
    for (const [service, entry] of [
      ['api', 'dist/api.js'],
      ['worker', 'dist/worker.js'],
      ['scheduler', 'dist/scheduler.js'],
      ['migrate', 'dist/setup.js'],
    ])
      expect(compose, service).toMatch(
        new RegExp(
          `\\n  ${service}:\\n    <<: \\*portico-image\\n    (restart: 'no'\\n    )?command: \\['node', '--enable-source-maps', '${entry}'\\]`,
        ),
      );
    expect(compose).toMatch(/migrate:\n\s+condition: service_completed_successfully/);
    expect(await readFile(at('Dockerfile'), 'utf8')).toMatch(
      /\nUSER node\n[\s\S]*CMD \["node", "--enable-source-maps", "dist\/api.js"\]/,
    );
  });
});

describe('infra/prometheus', () => {
  it('passes promtool check config and check rules', async () => {
    const config = await run(PROMTOOL, ['check', 'config', at('infra', 'prometheus', 'prometheus.yml')]);
    expect(config.stdout).toContain('SUCCESS');
    const rules = await run(PROMTOOL, ['check', 'rules', at('infra', 'prometheus', 'alerts.yml')]);
    expect(rules.stdout).toMatch(/SUCCESS: 8 rules found/);
  });

  it('alerts only on metrics the processes export, each with a runbook', async () => {
    const alerts = await readFile(at('infra', 'prometheus', 'alerts.yml'), 'utf8');
    const used = new Set(
      [...alerts.matchAll(/\bportico_[a-z_]+/g)].map((m) => m[0].replace(/_(bucket|sum|count)$/, '')),
    );
    expect(used.size).toBeGreaterThan(0);
    for (const metric of used) expect(Object.keys(METRIC_LABELS), metric).toContain(metric);
    expect(alerts.match(/- alert:/g)?.length).toBe(alerts.match(/runbook: >-/g)?.length);
  });
});

describe('infra/grafana', () => {
  const exprsOf = (value: unknown): string[] =>
    Array.isArray(value)
      ? value.flatMap(exprsOf)
      : value && typeof value === 'object'
        ? Object.entries(value).flatMap(([key, v]) => (key === 'expr' && typeof v === 'string' ? [v] : exprsOf(v)))
        : [];

  it('has the JSON its code generates (`npm run dashboards`)', async () => {
    const built = porticoDashboards();
    expect(Object.keys(built).sort()).toEqual([
      'api.json',
      'proxy.json',
      'queues.json',
      'tenants.json',
      'webhooks.json',
    ]);
    for (const [file, dashboard] of Object.entries(built)) {
      const committed = JSON.parse(await readFile(path.join(DASHBOARDS_DIR, file), 'utf8'));
      expect(committed, `${file} is stale: run npm run dashboards`).toEqual(JSON.parse(JSON.stringify(dashboard)));
    }
  });

  it('queries only metrics the processes and Caddy export', async () => {
    const exported = new Set(
      (await createMetrics('test').registry.getMetricsAsJSON()).flatMap((m) => [m.name, `${m.name}_bucket`]),
    );
    for (const name of CADDY_METRICS) exported.add(name).add(`${name}_bucket`).add(`${name}_count`);
    exported.add('up');
    const exprs = exprsOf(porticoDashboards());
    expect(exprs.length).toBeGreaterThan(20);
    for (const expr of exprs)
      for (const [name] of expr.matchAll(/\b(?:portico|caddy|process|nodejs)_[a-z0-9_]+|\bup\b/g))
        expect(exported.has(name), `${name} in ${expr}`).toBe(true);
  });
});

describe('load tests', () => {
  it('keep every scenario and threshold in the one file k6 and the Node runner read', async () => {
    const config = await readScenarios();
    expect(config.scenarios.map((s) => s.name)).toEqual([
      'member-browsing',
      'admin-uploads',
      'form-submissions',
      'webhook-storm',
      'login-storm',
    ]);
    expect(config.scenarios[0]!.thresholds).toEqual({ p95_ms: 100, max_error_rate: 0.01, min_ratio_to_bare: 0.4 });
    for (const s of config.scenarios) expect(s.thresholds.p95_ms, s.name).toBeGreaterThan(0);
    const k6 = await readFile(at('loadtests', 'k6', 'portico.js'), 'utf8');
    expect(k6).toContain("JSON.parse(open('../scenarios.json'))");
    expect(k6).toMatch(
      /thresholds\[`http_req_duration\{scenario:\$\{s.name\}\}`\] = \[`p\(95\)<\$\{s.thresholds.p95_ms\}`\]/,
    );
  });

  it('run in the hosted CI workflow through compose, which the GitHub Actions schema accepts', async () => {
    const file = at('.github', 'workflows', 'loadtest.yml');
    const result = await run(at('node_modules', '.bin', 'action-validator'), [file]).catch(
      (error: { stdout: string; code: number }) => error,
    );
    expect('code' in result ? result.stdout : '').toBe('');
    const workflow = await readFile(file, 'utf8');
    expect(workflow).toContain('docker compose build');
    expect(workflow).toContain('docker compose up -d --wait');
    expect(workflow).toContain('docker compose --profile loadtest run --rm k6');
    expect(workflow).toContain('path: loadtests/results/summary.json');
    expect(await readFile(at('compose.yaml'), 'utf8')).toContain(
      "command: ['run', '--summary-export=/results/summary.json', '/loadtests/k6/portico.js']",
    );
  });
});

describe('npm run build:prod', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let config: ReturnType<typeof testConfig>;
  beforeAll(async () => {
    db = await createTestDatabase();
    config = testConfig(db.url);
    await buildProd();
  }, 60_000);
  afterAll(async () => {
    const redis = createRedis(config.redisUrl);
    const keys = await redis.keys(`${config.redisPrefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await db?.drop();
  });

  it('gives compiled processes that migrate, then serve the API and the web app without tsx', async () => {
    const port = await freePort();
    const env = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: db.url,
      REDIS_URL: config.redisUrl,
      REDIS_PREFIX: config.redisPrefix,
      JWT_SECRET: config.jwtSecret,
      SECRETS_KEY: config.secretsKey,
      SUPERADMIN_PASSWORD: 'compiled-root-1',
      LOG_LEVEL: 'warn',
    };
    await run(process.execPath, [at('dist', 'setup.js')], { env, cwd: '/' });
    const api = spawn(process.execPath, [at('dist', 'api.js')], { env, cwd: '/', stdio: 'ignore' });
    try {
      await waitForHttp(`http://127.0.0.1:${port}/api/health/ready`);
      const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@portico.localhost', password: 'compiled-root-1' }),
      });
      expect(login.status).toBe(200);
      const page = await fetch(`http://127.0.0.1:${port}/login`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    } finally {
      const exited = new Promise((resolve) => api.once('exit', resolve));
      api.kill('SIGTERM');
      await exited;
    }
  });
});
