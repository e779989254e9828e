import { createHash } from 'node:crypto';
import { QueryTypes, type Sequelize } from 'sequelize';
import type { Clock } from './clock';
import { normaliseSql, type Logger } from './logger';
import type { Redis } from './redis';

/*
 * Statements slower than a threshold, as the processes timed them: each process keeps what it saw
 * since its last flush in memory (normalised SQL, every duration) and adds it to Redis with the
 * metrics sample, so the console sees every process's slow statements in one table. A statement seen
 * slow for the first time is explained (without running it); a sequential scan of a workspace table
 * with no index led by `tenant_id` becomes the row's suggested index.
 */

/** Durations kept per statement for its p95 (newest first). */
const DURATIONS_KEPT = 200;
/** How long a statement not seen slow again stays in the table. */
const KEPT_SECONDS = 24 * 3600;

export interface SlowStatement {
  sql: string;
  count: number;
  /** Null for `pg_stat_statements`, which keeps no percentiles. */
  p95Ms: number | null;
  meanMs: number | null;
  /** Null for `pg_stat_statements`, which keeps no time of last use. */
  lastSeen: string | null;
  suggestedIndex: string | null;
  source: 'app' | 'pg_stat_statements';
}

interface Pending {
  sql: string;
  durations: number[];
  lastSeen: number;
  /** One raw example with its bound values, to explain. */
  example: { sql: string; bind: unknown[] | undefined };
}

function fingerprint(sql: string): string {
  return createHash('sha1').update(sql).digest('hex').slice(0, 16);
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const EXPLAINABLE = /^\s*(select|with|update|delete)\b/i;

interface PlanNode {
  'Node Type'?: string;
  'Relation Name'?: string;
  Filter?: string;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode, found: PlanNode[] = []): PlanNode[] {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) found.push(node);
  for (const child of node.Plans ?? []) seqScans(child, found);
  return found;
}

/**
 * The index a statement's plan asks for: the first sequential scan of a table with a `tenant_id`
 * column that has no index led by `tenant_id`, as `CREATE INDEX ON table (tenant_id, filtered columns)`.
 */
async function suggestIndex(sequelize: Sequelize, example: Pending['example']): Promise<string | null> {
  if (!EXPLAINABLE.test(example.sql)) return null;
  const [row] = await sequelize.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
    `EXPLAIN (FORMAT JSON) ${example.sql}`,
    { type: QueryTypes.SELECT, bind: example.bind, logging: false },
  );
  const plan = row?.['QUERY PLAN']?.[0]?.Plan;
  if (!plan) return null;
  for (const scan of seqScans(plan)) {
    const table = scan['Relation Name']!;
    const columns = await sequelize.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`,
      { type: QueryTypes.SELECT, bind: [table], logging: false },
    );
    const names = new Set(columns.map((c) => c.column_name));
    if (!names.has('tenant_id')) continue;
    const [led] = await sequelize.query<{ found: boolean }>(
      `SELECT EXISTS (
         SELECT 1 FROM pg_index i
         JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
         WHERE i.indrelid = $1::regclass AND a.attname = 'tenant_id'
       ) AS found`,
      { type: QueryTypes.SELECT, bind: [table], logging: false },
    );
    if (led?.found) continue;
    const filtered = [...(scan.Filter ?? '').matchAll(/\(?"?(\w+)"?\s*(?:=|<|>|~~|IS\b)/g)]
      .map((m) => m[1]!)
      .filter((name) => names.has(name) && name !== 'tenant_id');
    return `CREATE INDEX ON ${table} (${['tenant_id', ...new Set(filtered)].join(', ')});`;
  }
  return null;
}

export class SlowQueryLog {
  private pending = new Map<string, Pending>();
  /** Fingerprints this process has already explained. */
  private explained = new Set<string>();

  constructor(
    readonly thresholdMs: number,
    private readonly clock: Clock,
  ) {}

  /** Called with every statement the process runs; keeps those at or over the threshold. */
  observe(sql: string, ms: number, bind?: unknown[]): void {
    if (ms < this.thresholdMs || this.thresholdMs <= 0) return;
    const normalised = normaliseSql(sql);
    const key = fingerprint(normalised);
    const entry = this.pending.get(key);
    if (entry) {
      entry.durations.push(ms);
      entry.lastSeen = this.clock.now().getTime();
      entry.example = { sql, bind };
    } else {
      this.pending.set(key, {
        sql: normalised,
        durations: [ms],
        lastSeen: this.clock.now().getTime(),
        example: { sql, bind },
      });
    }
  }

  /** Adds what was seen since the last flush to the shared table in Redis. */
  async flush(deps: { redis: Redis; prefix: string; sequelize: Sequelize; logger: Logger }): Promise<void> {
    if (this.pending.size === 0) return;
    const seen = this.pending;
    this.pending = new Map();
    const multi = deps.redis.multi();
    for (const [key, entry] of seen) {
      const base = `${deps.prefix}:slow-queries:${key}`;
      multi.hset(base, 'sql', entry.sql, 'lastSeen', String(entry.lastSeen));
      multi.hincrby(base, 'count', entry.durations.length);
      multi.lpush(`${base}:ms`, ...entry.durations.map((ms) => ms.toFixed(1)));
      multi.ltrim(`${base}:ms`, 0, DURATIONS_KEPT - 1);
      multi.expire(base, KEPT_SECONDS);
      multi.expire(`${base}:ms`, KEPT_SECONDS);
      multi.zadd(`${deps.prefix}:slow-queries`, entry.lastSeen, key);
      if (!this.explained.has(key)) {
        this.explained.add(key);
        try {
          const index = await suggestIndex(deps.sequelize, entry.example);
          multi.hset(base, 'suggestedIndex', index ?? '');
        } catch (error) {
          deps.logger.debug({ err: error }, 'a slow statement could not be explained');
        }
      }
    }
    multi.zremrangebyscore(`${deps.prefix}:slow-queries`, 0, this.clock.now().getTime() - KEPT_SECONDS * 1000);
    await multi.exec();
  }
}

/** The slow statements every process recorded, slowest p95 first. */
export async function readSlowQueries(redis: Redis, prefix: string, since: number): Promise<SlowStatement[]> {
  const keys = await redis.zrevrangebyscore(`${prefix}:slow-queries`, '+inf', since);
  const rows = await Promise.all(
    keys.map(async (key) => {
      const base = `${prefix}:slow-queries:${key}`;
      const [fields, durations] = await Promise.all([redis.hgetall(base), redis.lrange(`${base}:ms`, 0, -1)]);
      if (!fields.sql) return null;
      const ms = durations.map(Number);
      return {
        sql: fields.sql,
        count: Number(fields.count ?? ms.length),
        p95Ms: Math.round(percentile(ms, 95) * 10) / 10,
        meanMs: ms.length ? Math.round((ms.reduce((a, b) => a + b, 0) / ms.length) * 10) / 10 : null,
        lastSeen: new Date(Number(fields.lastSeen)).toISOString(),
        suggestedIndex: fields.suggestedIndex || null,
        source: 'app' as const,
      };
    }),
  );
  return rows.filter((row) => row !== null).sort((a, b) => (b.p95Ms ?? 0) - (a.p95Ms ?? 0));
}

/**
 * The statements of this database whose mean time is at least `minMeanMs`, slowest first, from
 * `pg_stat_statements` when the extension is installed and loaded; none otherwise.
 */
export async function statementStatistics(
  sequelize: Sequelize,
  options: { limit: number; minMeanMs: number },
): Promise<SlowStatement[]> {
  try {
    const rows = await sequelize.query<{ query: string; calls: string; mean: number }>(
      `SELECT query, calls::text, mean_exec_time AS mean FROM pg_stat_statements
       WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND mean_exec_time >= $2
       ORDER BY mean_exec_time DESC LIMIT $1`,
      { type: QueryTypes.SELECT, bind: [options.limit, options.minMeanMs], logging: false },
    );
    return rows.map((row) => ({
      sql: normaliseSql(row.query),
      count: Number(row.calls),
      p95Ms: null,
      meanMs: Math.round(row.mean * 10) / 10,
      lastSeen: null,
      suggestedIndex: null,
      source: 'pg_stat_statements' as const,
    }));
  } catch {
    return [];
  }
}
