import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createMetrics, createRedis, METRIC_LABELS, REPO_ROOT } from '@portico/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CADDY_METRICS, DASHBOARDS_DIR, porticoDashboards } from '../../infra/grafana/dashboards';
import { readScenarios, runLoadTest } from '../../loadtests/run';
import { PUBLIC_ADDRESSES, REFUSED_ADDRESSES } from '../../packages/core/test/outbound-vectors';
import { buildProd } from '../../scripts/build-prod';
import { makeSuperAdmin } from '../../testing/factories';
import { createTestDatabase, startTestApp, testConfig } from '../../testing/harness';
import { freePort, imageNode, imageNodeMajor, startProcess, waitForHttp } from '../../testing/processes';
import { startSmtpServer } from '../../testing/smtp';

/* The deployment's files, checked by their own tools, and the compiled output run as the image runs it. */

const run = promisify(execFile);
const PROMTOOL = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';
const AMTOOL = process.env.AMTOOL_PATH ?? '/usr/bin/amtool';
const ALERTMANAGER = process.env.ALERTMANAGER_PATH ?? '/usr/bin/prometheus-alertmanager';
/** Platform-wide gauges: every api replica exports the same figure. */
const PLATFORM_GAUGES = ['portico_queue_jobs', 'portico_tenants', 'portico_storage_bytes'];
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
    // The api services (api-1, api-2) are each the `x-api` block.
    expect(compose).toMatch(
      /\nx-api: &api\n {2}<<: \*portico-image\n {2}command: \['node', '--enable-source-maps', 'dist\/api.js'\]/,
    );
    for (const service of ['api-1', 'api-2'])
      expect(compose).toMatch(new RegExp(`\\n  ${service}:\\n    <<: \\*api\\n`));
    for (const [service, entry] of [
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

/** Every PromQL expression in a dashboard (or any JSON). */
const exprsOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(exprsOf)
    : value && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, v]) => (key === 'expr' && typeof v === 'string' ? [v] : exprsOf(v)))
      : [];

describe('infra/prometheus', () => {
  it('passes promtool check config and check rules', async () => {
    const config = await run(PROMTOOL, ['check', 'config', at('infra', 'prometheus', 'prometheus.yml')]);
    expect(config.stdout).toContain('SUCCESS');
    const rules = await run(PROMTOOL, ['check', 'rules', at('infra', 'prometheus', 'alerts.yml')]);
    expect(rules.stdout).toMatch(/SUCCESS: 8 rules found/);
  });

  it('passes its rule tests: the backlog counts once however many api replicas export it', async () => {
    const result = await run(PROMTOOL, ['test', 'rules', at('infra', 'prometheus', 'alerts.test.yml')]).catch(
      (error: { stdout: string; stderr: string }) => ({ stdout: `${error.stdout}${error.stderr}` }),
    );
    expect(result.stdout).toContain('SUCCESS');
  });

  it('counts platform-wide figures once with two api replicas, in every alert and dashboard', async () => {
    const alerts = await readFile(at('infra', 'prometheus', 'alerts.yml'), 'utf8');
    const exprs = [
      ...[...alerts.matchAll(/expr: >-\n((?:\s{10}.*\n)+)|expr: (.*)\n/g)].map((m) => (m[1] ?? m[2]!).trim()),
      ...exprsOf(porticoDashboards()),
    ].filter((expr) => PLATFORM_GAUGES.some((gauge) => expr.includes(gauge)));
    expect(exprs.length).toBeGreaterThan(5);
    // The same expression on replica a alone: both replicas' series hold the same values.
    const aloneOnA = (expr: string) =>
      expr.replace(new RegExp(`\\b(${PLATFORM_GAUGES.join('|')})(\\{)?`, 'g'), (_, name: string, brace?: string) =>
        brace ? `${name}{instance="a",` : `${name}{instance="a"}`,
      );
    const series = ['a', 'b'].flatMap((instance) => [
      `portico_queue_jobs{job="api", instance="${instance}", queue="webhooks", state="waiting"}`,
      `portico_queue_jobs{job="api", instance="${instance}", queue="emails", state="failed"}`,
      `portico_tenants{job="api", instance="${instance}", tier="pro", status="active"}`,
      `portico_tenants{job="api", instance="${instance}", tier="basic", status="suspended"}`,
      `portico_storage_bytes{job="api", instance="${instance}"}`,
    ]);
    const dir = await mkdtemp(path.join(tmpdir(), 'portico-promtool-'));
    try {
      const test = {
        rule_files: [],
        evaluation_interval: '1m',
        tests: [
          {
            interval: '1m',
            input_series: series.map((s) => ({ series: s, values: '1200+0x10' })),
            promql_expr_test: exprs.map((expr) => ({
              expr: `count((${expr.replaceAll('$__rate_interval', '5m')}) != (${aloneOnA(expr).replaceAll('$__rate_interval', '5m')})) or vector(0)`,
              eval_time: '5m',
              exp_samples: [{ labels: '{}', value: 0 }],
            })),
          },
        ],
      };
      await writeFile(path.join(dir, 'test.yml'), JSON.stringify(test));
      const result = await run(PROMTOOL, ['test', 'rules', path.join(dir, 'test.yml')]).catch(
        (error: { stdout: string; stderr: string }) => ({ stdout: `${error.stdout}${error.stderr}` }),
      );
      expect(result.stdout).toContain('SUCCESS');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
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

describe('infra/alertmanager', () => {
  /** infra/alertmanager/start.sh's config for this environment, written to a file (Alertmanager not started). */
  async function alertmanagerConfig(dir: string, env: Record<string, string>): Promise<string> {
    const file = path.join(dir, 'alertmanager.yml');
    await run('sh', [at('infra', 'alertmanager', 'start.sh')], {
      env: { PATH: process.env.PATH, ...env, ALERTMANAGER_CONFIG: file, ALERTMANAGER_BIN: 'true' },
    });
    return file;
  }

  it('passes amtool check-config with the bundled Mailpit and with an SMTP server that signs in', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'portico-alertmanager-'));
    try {
      for (const SMTP_URL of ['smtp://mailpit:1025', 'smtp://alerts%40acme:s3cr%2Ft%25@smtp.example.com:587']) {
        const file = await alertmanagerConfig(dir, { SMTP_URL, SUPERADMIN_EMAIL: 'ops@example.com' });
        const result = await run(AMTOOL, ['check-config', file]);
        expect(result.stdout, SMTP_URL).toContain('SUCCESS');
      }
      // The URL's percent-escapes are the characters themselves in the config Alertmanager reads.
      const config = parse(await readFile(path.join(dir, 'alertmanager.yml'), 'utf8')) as { global: object };
      expect(config.global).toMatchObject({
        smtp_smarthost: 'smtp.example.com:587',
        smtp_auth_username: 'alerts@acme',
        smtp_auth_password: 's3cr/t%',
        smtp_require_tls: true,
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('routes an alert Prometheus sends to the operator by email and to the console’s Active Alerts', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'portico-alertmanager-'));
    const [smtp, app] = await Promise.all([startSmtpServer(), startTestApp()]);
    const root = await makeSuperAdmin(app);
    const [port, cluster] = await Promise.all([freePort(), freePort()]);
    const file = await alertmanagerConfig(dir, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Portico <alerts@portico.test>',
      ALERT_EMAIL_TO: 'ops@portico.test',
      CONSOLE_ALERTS_URL: `${app.url}/api/internal/alerts`,
    });
    const alertmanager = spawn(
      ALERTMANAGER,
      [
        `--config.file=${file}`,
        `--storage.path=${path.join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
        `--cluster.listen-address=`,
        `--cluster.advertise-address=127.0.0.1:${cluster}`,
      ],
      { stdio: 'ignore' },
    );
    try {
      await waitForHttp(`http://127.0.0.1:${port}/-/ready`);
      const sent = await fetch(`http://127.0.0.1:${port}/api/v2/alerts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([
          {
            labels: { alertname: 'QueueBacklog', severity: 'warning', queue: 'webhooks' },
            annotations: { summary: 'More than 1000 jobs wait in the webhooks queue.' },
          },
        ]),
      });
      expect(sent.status).toBe(200);
      const mail = await smtp.waitFor('ops@portico.test', 30_000);
      expect(JSON.stringify(mail)).toContain('QueueBacklog');
      // The same alert, delivered by Alertmanager's webhook, is in the console's Active Alerts.
      const deadline = Date.now() + 30_000;
      let alerts: { id: string; severity: string; title: string }[] = [];
      while (!alerts.some((a) => a.id.startsWith('prometheus:')) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        alerts = (await app.request('GET', '/super/overview', { token: root.token })).body.alerts;
      }
      expect(alerts).toContainEqual(
        expect.objectContaining({
          severity: 'warning',
          title: 'QueueBacklog: More than 1000 jobs wait in the webhooks queue.',
        }),
      );
    } finally {
      const exited = new Promise((resolve) => alertmanager.once('exit', resolve));
      alertmanager.kill('SIGTERM');
      await exited;
      await app.close();
      await smtp.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
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

  it('run the member and webhook-storm scenarios through Caddy over HTTPS, every webhook reaching the stack’s receiver', async () => {
    // A short run (2 s a scenario): what is checked is that the path works end to end, not this
    // shared machine's latency (`npm run loadtest` holds the thresholds).
    const report = await runLoadTest({
      only: ['member-browsing', 'webhook-storm'],
      durationS: 2,
      throughProxy: true,
      deliveryTimeoutMs: 60_000,
      log: () => undefined,
    });
    for (const { scenario, measured } of report.outcomes) {
      expect(measured.total, scenario.name).toBeGreaterThan(0);
      expect(measured.errorRate, scenario.name).toBeLessThanOrEqual(scenario.thresholds.max_error_rate);
    }
    expect(report.outcomes.map((o) => o.scenario.name)).toEqual(['member-browsing', 'webhook-storm']);
    expect(report.deliveries.expected).toBeGreaterThan(0);
    expect(report.deliveries.received).toBeGreaterThanOrEqual(report.deliveries.expected);
  }, 180_000);

  it('run in the hosted CI workflow through compose, which the GitHub Actions schema accepts', async () => {
    const file = at('.github', 'workflows', 'loadtest.yml');
    const result = await run(at('node_modules', '.bin', 'action-validator'), [file]).catch(
      (error: { stdout: string; code: number }) => error,
    );
    expect('code' in result ? result.stdout : '').toBe('');
    const workflow = await readFile(file, 'utf8');
    expect(workflow).toContain('cp .env.example .env');
    expect(workflow).not.toMatch(/cat > \.env/);
    expect(workflow).toContain('docker compose build');
    expect(workflow).toContain('docker compose up -d --wait');
    expect(workflow).toContain('docker compose --profile loadtest run --rm k6');
    // The receiver is the one private host the stack's outbound calls may reach; nothing else opens.
    expect(workflow).toContain('set_value OUTBOUND_ALLOW_HOSTS webhook-receiver');
    expect(workflow).not.toContain('OUTBOUND_ALLOW_PRIVATE');
    expect(workflow).toContain('path: loadtests/results/summary.json');
    expect(await readFile(at('compose.yaml'), 'utf8')).toContain(
      "command: ['run', '--summary-export=/results/summary.json', '/loadtests/k6/portico.js']",
    );
  });
});

describe('the fuzzers', () => {
  it('run nightly with ten times the requests on a new seed, in a workflow the GitHub Actions schema accepts', async () => {
    const file = at('.github', 'workflows', 'fuzz-nightly.yml');
    const result = await run(at('node_modules', '.bin', 'action-validator'), [file]).catch(
      (error: { stdout: string; code: number }) => error,
    );
    expect('code' in result ? result.stdout : '').toBe('');
    const workflow = parse(await readFile(file, 'utf8'));
    expect(workflow.on.schedule).toHaveLength(1);
    const fuzz = workflow.jobs.fuzz.steps.find((step: { name?: string }) => step.name === 'Fuzz');
    expect(fuzz.env.FUZZ_RUNS).toBe('200');
    expect(fuzz.run).toContain('api/test/fuzz-openapi.test.ts api/test/fuzz-multipart.test.ts');
    // The same Node.js line as the image and .ci/run.
    expect(
      String(
        workflow.jobs.fuzz.steps.find((s: { uses?: string }) => s.uses?.startsWith('actions/setup-node')).with[
          'node-version'
        ],
      ),
    ).toBe(imageNodeMajor());
  });
});

describe('npm run build:prod (dist/, built once per run by the tests’ global setup)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let config: ReturnType<typeof testConfig>;
  beforeAll(async () => {
    db = await createTestDatabase();
    config = testConfig(db.url);
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
    await run(imageNode(), [at('dist', 'setup.js')], { env, cwd: '/' });
    const api = spawn(imageNode(), [at('dist', 'api.js')], { env, cwd: '/', stdio: 'ignore' });
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
    // Migrating a fresh database, then starting the API, took over 20 s on a loaded CI machine.
  }, 60_000);

  it('runs on the image’s Node line, a supported LTS, the one CI runs the tests on', async () => {
    const major = Number(imageNodeMajor());
    expect(major % 2, 'an even major: an LTS line').toBe(0);
    expect(major, 'Node 20 is past its end of life (April 2026)').toBeGreaterThanOrEqual(22);
    const { stdout } = await run(imageNode(), ['--version']);
    expect(stdout).toMatch(new RegExp(`^v${major}\\.`));
    expect(await readFile(at('.ci', 'run'), 'utf8')).toContain('.ci/install-node');
    expect(await readFile(at('README.md'), 'utf8')).toContain(`Node.js ${major}`);
  });

  it('bundles the outbound guard’s own ipaddr.js: its vectors hold in the compiled code', async () => {
    const outdir = at('dist', 'guard-check');
    await buildProd(outdir, { outbound: 'packages/core/src/kernel/outbound.ts' });
    try {
      const script = `
        const { isPublicAddress } = await import(${JSON.stringify(path.join(outdir, 'outbound.js'))});
        const refused = ${JSON.stringify(REFUSED_ADDRESSES.map(([, address]) => address))};
        const accepted = ${JSON.stringify(PUBLIC_ADDRESSES)};
        console.log(JSON.stringify({
          wronglyPublic: refused.filter((a) => isPublicAddress(a)),
          wronglyRefused: accepted.filter((a) => !isPublicAddress(a)),
        }));`;
      const { stdout } = await run(imageNode(), ['--input-type=module', '-e', script], { cwd: REPO_ROOT });
      expect(JSON.parse(stdout)).toEqual({ wronglyPublic: [], wronglyRefused: [] });
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  });

  it('has each other entry start compiled: worker, scheduler, the webhook receiver', async () => {
    const [worker, scheduler, receiver] = await Promise.all([freePort(), freePort(), freePort()]);
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: db.url,
      REDIS_URL: config.redisUrl,
      REDIS_PREFIX: config.redisPrefix,
      JWT_SECRET: config.jwtSecret,
      SECRETS_KEY: config.secretsKey,
      LOG_LEVEL: 'warn',
    };
    const processes = [
      startProcess('dist/worker.js', { ...env, METRICS_PORT: String(worker) }),
      startProcess('dist/scheduler.js', { ...env, METRICS_PORT: String(scheduler) }),
      startProcess('dist/webhook-receiver.js', { PORT: String(receiver), HOST: '127.0.0.1' }),
    ];
    try {
      await Promise.all([
        waitForHttp(`http://127.0.0.1:${worker}/metrics`),
        waitForHttp(`http://127.0.0.1:${scheduler}/metrics`),
        waitForHttp(`http://127.0.0.1:${receiver}/count`),
      ]);
      const hook = await fetch(`http://127.0.0.1:${receiver}/hook-0`, { method: 'POST', body: randomBytes(8) });
      expect(hook.status).toBe(200);
      expect(await (await fetch(`http://127.0.0.1:${receiver}/count`)).json()).toEqual({
        received: 1,
        paths: { '/hook-0': 1 },
      });
    } finally {
      for (const p of processes) p.child.kill('SIGTERM');
      await Promise.all(processes.map((p) => p.exit));
    }
  });

  it('leaves the web app’s packages out of the image’s node_modules', async () => {
    const dockerfile = await readFile(at('Dockerfile'), 'utf8');
    const install = /RUN (npm ci --omit=dev .*)\n/.exec(dockerfile)?.[1] ?? '';
    expect(install).toMatch(/ -w api /);
    expect(install).not.toMatch(/frontend/);
    expect(dockerfile).toMatch(/COPY --from=server-packages \/app\/node_modules \.\/node_modules/);
    const workspaces = [...install.matchAll(/-w (\S+)/g)].flatMap((m) => ['-w', m[1]!]);
    const { stdout } = await run('npm', ['ls', '--omit=dev', '--all', '--parseable', ...workspaces], {
      cwd: REPO_ROOT,
      maxBuffer: 64 * 1024 * 1024,
    });
    const frontendOnly = ['recharts', 'lucide-react', 'react-router-dom', 'cmdk', '@tanstack/react-query'];
    for (const name of frontendOnly) expect(stdout, name).not.toContain(`/node_modules/${name}\n`);
  });
});
