import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '@portico/core';
import { parse } from 'yaml';

/*
 * compose.yaml as compose renders it, not as a test assumes it: Debian's docker-compose (1.29)
 * reads the compose files and an .env exactly as an operator's `docker compose up` would, with
 * compose's interpolation (unset vs empty, `:-`, `:?`), the COMPOSE_FILE of .env, env_file and the
 * merge of the files, and prints the result. It does not know the top-level `name:`, which is set
 * aside (the only difference). No Docker engine is needed.
 */

export const DOCKER_COMPOSE_PATH = process.env.DOCKER_COMPOSE_PATH ?? '/usr/bin/docker-compose';

export interface RenderedService {
  image?: string;
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  ports?: (string | { target: number; published?: number; protocol?: string; host_ip?: string })[];
  volumes?: (string | { source?: string; target: string })[];
  logging?: { driver: string; options?: Record<string, string> };
  profiles?: string[];
  deploy?: { replicas?: number; resources?: { limits?: { memory?: string; cpus?: number | string } } };
  healthcheck?: unknown;
}

export interface RenderedCompose {
  services: Record<string, RenderedService>;
  volumes?: Record<string, unknown>;
}

/** The lines of `.env.example`, parsed as compose reads an .env (NAME=value, comments and blanks skipped). */
export function parseEnvFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) values[match[1]!] = match[2]!;
  }
  return values;
}

/**
 * The variables `.env.example` marks REQUIRED: every variable line under a comment block with a
 * line starting `# REQUIRED`, up to the next comment or blank line.
 */
export function requiredVariables(example: string): string[] {
  const required: string[] = [];
  let marked = false;
  let inComment = false;
  for (const raw of example.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#')) {
      const says = /^#\s*REQUIRED\b/.test(line);
      marked = inComment ? marked || says : says;
      inComment = true;
      continue;
    }
    inComment = false;
    if (line === '') marked = false;
    else if (marked) required.push(line.split('=')[0]!);
  }
  return required;
}

/** What a new operator's .env is: `.env.example` with each REQUIRED value that is empty filled in. */
export async function operatorEnv(fill: (name: string) => string): Promise<string> {
  const example = await readFile(path.join(REPO_ROOT, '.env.example'), 'utf8');
  const required = new Set(requiredVariables(example));
  return example
    .split('\n')
    .map((line) => {
      const match = /^([A-Za-z_][A-Za-z0-9_]*)=$/.exec(line.trim());
      return match && required.has(match[1]!) ? `${match[1]}=${fill(match[1]!)}` : line;
    })
    .join('\n');
}

/** `.env` text with some values changed, added (`value` a string) or removed (`undefined`). */
export function withValues(env: string, changes: Record<string, string | undefined>): string {
  const lines = env.split('\n').filter((line) => {
    const name = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(line.trim())?.[1];
    return !(name && name in changes);
  });
  for (const [name, value] of Object.entries(changes)) if (value !== undefined) lines.push(`${name}=${value}`);
  return `${lines.join('\n')}\n`;
}

/**
 * Renders the repository's compose files with this `.env` (`docker-compose config`), in a copy of
 * the project folder so nothing of this checkout's own .env or shell leaks in. Paths in the result
 * point into the repository. Rejects with docker-compose's own message when it refuses.
 */
export async function renderCompose(env: string): Promise<RenderedCompose> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portico-compose-'));
  try {
    for (const file of (await readdir(REPO_ROOT)).filter((f) => /^compose(\.[a-z0-9-]+)?\.yaml$/.test(f))) {
      const text = await readFile(path.join(REPO_ROOT, file), 'utf8');
      await writeFile(path.join(dir, file), text.replace(/^name: .*\n/m, ''));
    }
    await writeFile(path.join(dir, '.env'), env);
    const { stdout } = await promisify(execFile)(DOCKER_COMPOSE_PATH, ['config'], {
      cwd: dir,
      // Only .env: compose's interpolation would prefer any variable of the calling shell.
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    }).catch((error: NodeJS.ErrnoException & { stderr?: string }) => {
      if (error.code === 'ENOENT')
        throw new Error(`${DOCKER_COMPOSE_PATH} is missing: apt-get install docker-compose (.ci/run does).`);
      throw new Error(`docker-compose config refused the stack:\n${error.stderr ?? error.message}`);
    });
    return parse(stdout.split(dir).join(REPO_ROOT)) as RenderedCompose;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
