import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitForHttp } from './processes';

export const PROMETHEUS_PATH = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';

export interface LocalPrometheus {
  url: string;
  close(): Promise<void>;
}

/**
 * A real Prometheus (Debian's) on loopback scraping `targets` every second, by job name, with its
 * data in a temporary directory; `ruleFiles` (absolute paths) are evaluated every second too.
 */
export async function startPrometheus(
  port: number,
  targets: Record<string, string[]>,
  options: { ruleFiles?: string[] } = {},
): Promise<LocalPrometheus> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portico-prometheus-'));
  const config = [
    'global:',
    '  scrape_interval: 1s',
    '  evaluation_interval: 1s',
    ...(options.ruleFiles?.length ? ['rule_files:', ...options.ruleFiles.map((f) => `  - '${f}'`)] : []),
    'scrape_configs:',
    ...Object.entries(targets).flatMap(([job, hosts]) => [
      `  - job_name: ${job}`,
      '    static_configs:',
      `      - targets: [${hosts.map((h) => `'${h}'`).join(', ')}]`,
    ]),
  ].join('\n');
  await writeFile(path.join(dir, 'prometheus.yml'), `${config}\n`);
  const child = spawn(
    PROMETHEUS_PATH,
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/-/ready`);
  // Prometheus applies its targets a few seconds after it is ready: wait for every one's first scrape.
  const expected = Object.values(targets).flat().length;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await fetch(`${url}/api/v1/query?query=${encodeURIComponent('count(up == 1)')}`);
    const body = (await res.json()) as { data?: { result?: Array<{ value: [number, string] }> } };
    if (Number(body.data?.result?.[0]?.value[1] ?? 0) >= expected) break;
    if (Date.now() > deadline) throw new Error('Prometheus did not scrape its targets within 30 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export { freePort };
