import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '@portico/core';
import { freePort } from './processes';

export const CADDY_PATH = process.env.CADDY_PATH ?? '/usr/bin/caddy';
export const CADDYFILE = path.join(REPO_ROOT, 'proxy', 'Caddyfile');

export interface LocalCaddy {
  httpsPort: number;
  httpPort: number;
  metricsPort: number;
  /** Caddy's local CA, which signs every certificate it issues here. */
  rootCa: () => Promise<string>;
  /** What Caddy wrote (JSON lines), for a failing test to show. */
  output: () => string;
  close(): Promise<void>;
}

/** Caddy's own environment: state and config in a temporary home, as the Caddyfile documents. */
function caddyEnv(home: string, settings: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home, ...settings };
}

/** The proxy's settings for one API process on this machine (`host:port`), with Caddy's local CA. */
export function localProxyEnvironment(api: string, platformHost: string): Record<string, string> {
  return {
    API_UPSTREAMS: api,
    API_ASK: `http://${api}/api/internal/tls-ask`,
    PLATFORM_HOST: platformHost,
    CERT_ISSUER: 'internal',
  };
}

/**
 * Debian's Caddy running `proxy/Caddyfile` with `environment` (the proxy's settings: see the
 * Caddyfile, or compose's rendering of the proxy service), on free loopback ports: only the ports
 * and the admin endpoint are added.
 */
export async function startCaddy(environment: Record<string, string>): Promise<LocalCaddy> {
  const home = await mkdtemp(path.join(tmpdir(), 'portico-caddy-'));
  const [httpPort, httpsPort, adminPort, metricsPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  let output = '';
  const child = spawn(CADDY_PATH, ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
    env: caddyEnv(home, {
      ...environment,
      HTTP_PORT: String(httpPort),
      HTTPS_PORT: String(httpsPort),
      CADDY_ADMIN: `127.0.0.1:${adminPort}`,
      CADDY_METRICS_PORT: String(metricsPort),
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 20_000;
  while (!(await listening(httpsPort))) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`Caddy did not start:\n${output.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    httpsPort,
    httpPort,
    metricsPort,
    rootCa: () => readFile(path.join(home, 'caddy', 'pki', 'authorities', 'local', 'root.crt'), 'utf8'),
    output: () => output,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(home, { recursive: true, force: true });
    },
  };
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** `caddy validate` of the Caddyfile with these settings: its output, and whether it passed. */
export async function validateCaddyfile(settings: Record<string, string>): Promise<{ ok: boolean; output: string }> {
  const home = await mkdtemp(path.join(tmpdir(), 'portico-caddy-validate-'));
  try {
    const child = spawn(CADDY_PATH, ['validate', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
      env: caddyEnv(home, settings),
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { ok: code === 0, output };
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}
