import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FuzzApi, ProcessExit } from './api-process';
import { tailOf } from './api-process';
import {
  BAD_AUTHORIZATION,
  BAD_BODIES,
  BAD_FORWARDED_FOR,
  BAD_PATH_SEGMENTS,
  BAD_QUERY_RAW,
  BAD_TENANT_HEADERS,
  INHERITED_NAMES,
  POLLUTING_JSON,
  POLLUTING_NAMES,
  type Labelled,
  type RawBody,
} from './corpus';
import {
  badValueArb,
  badValues,
  deleteAt,
  getAt,
  isWellFormedText,
  kindOf,
  leavesOf,
  setAt,
  valid,
  withOwnKeys,
  type FieldRef,
  type ValueSource,
} from './generators';
import type { JsonSchema, Operation } from './openapi';
import { send, type WireRequest, type WireResult } from './wire';
import { multipartBody, PNG, type Caller, type World } from './world';

/*
 * The fuzz loop: for each operation of the document, requests built from its schemas — valid ones
 * from every caller, the fixed corpus of bad values field by field, broken bodies and headers, and
 * a fast-check random part — sent in batches; after each batch the API process must still be alive
 * and healthy, and the world is healed. Failures (5xx, no answer, process exit) are collected,
 * deduplicated per operation and input class, and reported once at the end.
 */

export interface FuzzOptions {
  seed: number;
  /** Random requests per operation (FUZZ_RUNS). */
  runs: number;
  /** Valid generated requests per operation. */
  validPerOp: number;
  concurrency: number;
  deadlineMs: number;
}

export function fuzzOptions(overrides: Partial<FuzzOptions> = {}): FuzzOptions {
  const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
  return {
    seed,
    runs: process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : 20,
    validPerOp: 8,
    concurrency: 8,
    deadlineMs: 10_000,
    ...overrides,
  };
}

/** Writes the full list of failures to FUZZ_REPORT or a file in the temp dir; answers its path. */
export function writeReport(name: string, seed: number, text: string): string {
  const file = process.env.FUZZ_REPORT
    ? `${process.env.FUZZ_REPORT}.${name}.txt`
    : join(tmpdir(), `portico-fuzz-${name}-${seed}.txt`);
  writeFileSync(file, text);
  return file;
}

/** Operations whose valid requests run argon2 (about a third of a second each here): fewer requests. */
const COSTLY = new Set([
  'POST /auth/login',
  'POST /auth/signup',
  'PUT /auth/password',
  'PATCH /users/{id}',
  'POST /admin-reset-password',
  'POST /onboarding-start',
]);

/** Account changes of the caller (password, email, accepting invitations) run as a throwaway member. */
const ACCOUNT_MUTATIONS = new Set(['PUT /auth/password', 'PUT /auth/email', 'POST /public/invitations/accept']);

/** Operations that change or remove an object run on objects made for them; which kind. */
function throwawayKind(op: Operation): string | null {
  // Resending an invitation replaces its link: the seeded one must keep working.
  if (op.path.startsWith('/invitations/') && op.method !== 'GET') return 'invitation';
  if (!['PUT', 'PATCH', 'DELETE'].includes(op.method)) return null;
  if (op.path.startsWith('/files/')) return 'file';
  if (op.path.startsWith('/forms')) return 'form';
  if (op.path === '/embeds') return 'embed';
  if (op.path.startsWith('/integrations/webhooks/')) return 'webhook';
  if (op.path.startsWith('/integrations/api-keys/')) return 'api-key';
  if (op.path.startsWith('/users/')) return 'user';
  return null;
}

/**
 * Platform-wide switches change what every other operation answers (a flag off refuses its
 * capability, a rate limit or IP allowlist refuses everything): they run after all the rest,
 * flags before the settings that could lock the console itself.
 */
const PLATFORM_SWITCHES = ['PUT /flags/{key}', 'PUT /settings'];

/** Field, key and parameter names every plain object already has, and paths to a prototype (issue 25). */
const ODD_NAMES: readonly string[] = [...INHERITED_NAMES, ...POLLUTING_NAMES];

/** The order operations run in: reads, then creations, then changes, then removals, then platform switches. */
function phaseOf(op: Operation): number {
  const switchIndex = PLATFORM_SWITCHES.indexOf(op.key);
  if (switchIndex >= 0) return 6 + switchIndex;
  if (ACCOUNT_MUTATIONS.has(op.key)) return 5;
  return { GET: 0, POST: 1, PUT: 2, PATCH: 2, DELETE: 3 }[op.method] ?? 4;
}

/**
 * Callers the document's security documents as refused whatever they send, with the sentence
 * that documents it (checked against the operation's documented 403, so an exception cannot
 * outlive its documentation).
 */
const DOCUMENTED_REFUSALS: Record<string, Record<string, RegExp>> = {
  'GET /dashboard/checklist': { 'super admin': /super admin who is not a member has no checklist/ },
  'GET /message-email': { 'super admin': /Only members of this workspace have message email settings/ },
  'PUT /message-email': { 'super admin': /Only members of this workspace have message email settings/ },
  'GET /inbox': { 'super admin': /Only members of this workspace have an inbox here/ },
  'GET /inbox/email': { 'super admin': /Only members of this workspace have an inbox here/ },
  'PUT /inbox/email': { 'super admin': /Only members of this workspace have an inbox here/ },
};

interface Probe {
  op: Operation;
  caller: Caller;
  /** Caller kind without the tenant, for coverage (`admin`, `key`, …). */
  role: string;
  side: 0 | 1;
  /** Where the bad input is (`body.title`, `query.cursor`, `header.x-forwarded-for`) or `valid`. */
  location: string;
  /** Which class of input (`lone surrogate`, `cursor: February 30`, `generated valid`). */
  label: string;
  /** The input, for the report. */
  input: string;
  request: WireRequest;
  /** The random part's sample number, to replay with FUZZ_SEED. */
  sample?: number;
}

export interface Failure {
  key: string;
  op: string;
  location: string;
  label: string;
  kind: '5xx' | 'no answer' | 'process exit';
  count: number;
  callers: Set<string>;
  first: { probe: Probe; outcome: string; body: string };
  log?: string;
  /** The error the server logged for it: type and message, and where in Portico's code. */
  error?: LoggedError;
  /** Errors logged for the same path while its batch ran, when they alone cannot say which was this one's. */
  batchErrors?: LoggedError[];
  replay?: string;
}

interface LoggedError {
  path: string;
  type: string;
  message: string;
  where: string;
}

interface CallerStats {
  sent: number;
  pastAuth: number;
  statuses: Map<number, number>;
}

/** Parts of a request before it becomes bytes. */
interface Parts {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
}

const BOUNDARY = 'FuzzBoundary7MA4YWxkTrZu0gW';

function hashSeed(seed: number, text: string): number {
  let h = 2166136261 ^ seed;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A value for the report: long strings and lists shortened, ill-formed text kept visible as escapes. */
export function display(value: unknown, max = 400): string {
  let text: string;
  try {
    text =
      JSON.stringify(value, (_key, v) => {
        if (typeof v === 'string' && v.length > 120)
          return `${v.slice(0, 40)}…(${v.length} chars of ${JSON.stringify(v.slice(0, 1)).slice(1, -1)}…)`;
        if (Array.isArray(v) && v.length > 12) return [...v.slice(0, 3), `…(${v.length} items)`];
        return v;
      }) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function rawEncode(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => rawEncode(v));
  if (value !== null && typeof value === 'object') return [JSON.stringify(value)];
  return [String(value)];
}

/** encodeURIComponent, except that a lone surrogate is written as the three bytes it would be in CESU-8. */
function encodeLoosely(text: string): string {
  if (isWellFormedText(text)) return encodeURIComponent(text);
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const pair =
      unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (pair) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(text[i]!);
  }
  return out;
}

/** A value taken as-is onto the wire (already percent-encoded); marks corpus entries of raw path/query text. */
class Raw {
  constructor(readonly text: string) {}
}

export class Fuzzer {
  readonly failures = new Map<string, Failure>();
  readonly coverage = new Map<string, Map<string, CallerStats>>();
  readonly timings = new Map<string, { requests: number; ms: number }>();
  private sent = 0;
  private requestNumber = 0;
  /** Position of the operation being fuzzed, for the rotating share of the shared-middleware corpus. */
  private opIndex = 0;
  private readonly freshAgent = new http.Agent({ keepAlive: false });

  constructor(
    private readonly api: FuzzApi,
    private readonly world: World,
    private readonly options: FuzzOptions,
  ) {}

  get requestsSent(): number {
    return this.sent;
  }

  /* ---------- callers ---------- */

  private async callersFor(op: Operation, side: 0 | 1): Promise<Array<{ role: string; caller: Caller }>> {
    const t = this.world.tenants[side];
    const o = this.world.other(side);
    const anonymous = { role: 'anonymous', caller: { name: 'anonymous' } };
    const person = (role: string, p: { label: string; token: string }, tenantId?: string) => ({
      role,
      caller: {
        name: tenantId && tenantId !== (p as any).tenantId ? `${p.label} (x-tenant-id ${t.name})` : p.label,
        token: () => p.token,
        tenantId,
      },
    });
    if (op.schemes.includes('apiKey')) {
      return [
        { role: 'key', caller: { name: `key of ${t.name}`, token: () => t.key.key } },
        { role: "other tenant's key", caller: { name: `key of ${o.name}`, token: () => o.key.key } },
        anonymous,
      ];
    }
    if (op.schemes.includes('session')) {
      if (ACCOUNT_MUTATIONS.has(op.key)) {
        const self = await this.world.self(op.key, side);
        return [
          { role: 'throwaway member', caller: { name: self.label, token: () => self.token, throwaway: true } },
          anonymous,
        ];
      }
      if (op.tenantHeader !== 'none') {
        return [
          person('admin', t.admin, t.id),
          person('team member', t.team, t.id),
          person('client', t.client, t.id),
          person('guest', t.guest, t.id),
          {
            role: 'super admin',
            caller: {
              name: `super admin (x-tenant-id ${t.name})`,
              token: () => this.world.superAdmin.token,
              tenantId: t.id,
            },
          },
          {
            role: "other tenant's admin",
            caller: { name: `admin of ${o.name} (x-tenant-id ${t.name})`, token: () => o.admin.token, tenantId: t.id },
          },
          anonymous,
        ];
      }
      return [
        person('client', t.client),
        person('admin', t.admin),
        { role: 'super admin', caller: { name: 'super admin', token: () => this.world.superAdmin.token } },
        anonymous,
      ];
    }
    return [anonymous];
  }

  private primaryRole(op: Operation): string {
    if (op.schemes.includes('apiKey')) return 'key';
    if (!op.schemes.includes('session')) return 'anonymous';
    if (ACCOUNT_MUTATIONS.has(op.key)) return 'throwaway member';
    if (op.path.startsWith('/super')) return 'super admin';
    return 'admin';
  }

  /** Who must get past authentication at least once for the operation to count as covered. */
  private expectedRoles(op: Operation): string[] {
    if (op.schemes.includes('apiKey')) return ['key'];
    if (!op.schemes.includes('session')) return ['anonymous'];
    if (ACCOUNT_MUTATIONS.has(op.key)) return ['throwaway member'];
    // The platform guard documents its own 403: those operations are the super admin's alone.
    if (op.refusals['403']?.includes('Only platform super admins can do that.')) return ['super admin'];
    return ['admin', 'super admin'];
  }

  /* ---------- building requests ---------- */

  private bodyFields(op: Operation): JsonSchema | undefined {
    return op.body?.schema;
  }

  private validParts(op: Operation, source: ValueSource, full: boolean): fc.Arbitrary<Parts> {
    const pathParams = op.params.filter((p) => p.in === 'path');
    const queryParams = op.params.filter((p) => p.in === 'query');
    const pathArb = fc.record(
      Object.fromEntries(
        pathParams.map((p) => [p.name, valid(p.schema, { location: 'path', source }, [p.name], p.name)]),
      ),
    );
    const queryArb = fc.record(
      Object.fromEntries(
        queryParams.map((p) => [p.name, valid(p.schema, { location: 'query', source }, [p.name], p.name)]),
      ),
      {
        requiredKeys: queryParams.filter((p) => p.required || full).map((p) => p.name),
      },
    );
    const schema = this.bodyFields(op);
    let bodyArb: fc.Arbitrary<unknown> = fc.constant(undefined);
    if (schema) {
      bodyArb = valid(schema, { location: 'body', source, full }).map((body) => {
        // A full base for mutations must not run argon2 on every request: leave optional passwords out.
        if (!full || !COSTLY.has(op.key) || !body || typeof body !== 'object') return body;
        const required: string[] = schema.required ?? [];
        return Object.fromEntries(
          Object.entries(body).filter(([key]) => required.includes(key) || !/password/.test(key)),
        );
      });
      if (!op.body!.required) bodyArb = fc.option(bodyArb, { freq: 5, nil: undefined });
    }
    return fc.record({ path: pathArb, query: queryArb, body: bodyArb }).map((parts) => ({
      ...parts,
      query: Object.fromEntries(Object.entries(parts.query).filter(([, v]) => v !== undefined)),
    }));
  }

  private fileName(op: Operation): { filename: string; contentType: string; content: Buffer } {
    if (op.path.startsWith('/tenant-config/'))
      return {
        filename: op.path.endsWith('favicon') ? 'icon.png' : 'logo.png',
        contentType: 'image/png',
        content: PNG,
      };
    return { filename: 'notes.txt', contentType: 'text/plain', content: Buffer.from('fuzz file') };
  }

  /** Bytes on the wire for the parts, as `caller` in tenant `side`. */
  private toRequest(
    op: Operation,
    caller: Caller,
    parts: Parts,
    extra: {
      headers?: Record<string, string>;
      rawBody?: RawBody;
      file?: { filename: string | Buffer; contentType: string; content: Buffer; field?: string } | null;
    } = {},
  ): WireRequest {
    let path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
      const value = parts.path[name];
      if (value instanceof Raw) return value.text;
      return encodeLoosely(rawEncode(value ?? '')[0] ?? '');
    });
    const query: string[] = [];
    for (const [name, value] of Object.entries(parts.query)) {
      if (value === undefined) continue;
      if (value instanceof Raw) query.push(`${encodeURIComponent(name)}=${value.text}`);
      else if (value !== null && typeof value === 'object' && !Array.isArray(value))
        query.push(`${encodeURIComponent(name)}[a]=1`);
      else for (const item of rawEncode(value)) query.push(`${encodeURIComponent(name)}=${encodeLoosely(item)}`);
    }
    if (query.length > 0) path += `?${query.join('&')}`;
    const headers: Record<string, string> = { 'x-request-id': `fuzz-${++this.requestNumber}` };
    if (caller.token) headers.authorization = `Bearer ${caller.token()}`;
    if (caller.tenantId && op.tenantHeader !== 'none') headers['x-tenant-id'] = caller.tenantId;
    let body: Buffer | undefined;
    if (extra.rawBody) {
      if (extra.rawBody.contentType) headers['content-type'] = extra.rawBody.contentType;
      Object.assign(headers, extra.rawBody.extraHeaders);
      body = extra.rawBody.body;
    } else if (op.body?.mediaType === 'multipart/form-data') {
      const fields: Array<[string, string]> = [];
      const value = (parts.body ?? {}) as Record<string, unknown>;
      for (const [name, v] of Object.entries(value)) {
        if (name === 'file' || v === undefined) continue;
        for (const item of rawEncode(v)) fields.push([name, item]);
      }
      const file = extra.file === null ? undefined : (extra.file ?? this.fileName(op));
      headers['content-type'] = `multipart/form-data; boundary=${BOUNDARY}`;
      body = multipartBody(BOUNDARY, fields, file);
    } else if (parts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = Buffer.from(JSON.stringify(parts.body));
    }
    Object.assign(headers, extra.headers);
    return { method: op.method, path: `/api${path}`, headers, body };
  }

  /* ---------- the probes of one operation ---------- */

  private async probesFor(op: Operation): Promise<Probe[]> {
    const probes: Probe[] = [];
    const costly = COSTLY.has(op.key);
    const opSeed = hashSeed(this.options.seed, op.key);
    const sides: Array<0 | 1> = [0, 1];
    const callersBySide = new Map<0 | 1, Array<{ role: string; caller: Caller }>>();
    for (const side of sides) callersBySide.set(side, await this.callersFor(op, side));
    const sources = new Map(sides.map((side) => [side, this.world.valueSource(op, side)]));

    // 1. Valid generated requests: every caller in tenant A once, then more in tenant B (operations
    // that run argon2: only the callers that must get through).
    for (const side of sides) {
      const all = callersBySide.get(side)!;
      const callers = costly ? all.filter((c) => this.expectedRoles(op).includes(c.role)) : all;
      const count = costly || side === 0 ? callers.length : Math.max(2, this.options.validPerOp - callers.length);
      const samples = fc.sample(this.validParts(op, sources.get(side)!, false), {
        seed: opSeed + side,
        numRuns: count,
      });
      samples.forEach((parts, i) => {
        const { role, caller } = callers[i % callers.length]!;
        probes.push({
          op,
          caller,
          role,
          side,
          location: 'valid',
          label: 'generated valid input',
          input: display(parts),
          request: this.toRequest(op, caller, parts),
        });
      });
    }

    // 2. The fixed corpus, field by field, on a full valid base, as the primary caller of tenant A.
    const side: 0 | 1 = 0;
    const source = sources.get(side)!;
    const primary =
      callersBySide.get(side)!.find((c) => c.role === this.primaryRole(op)) ?? callersBySide.get(side)![0]!;
    const base = fc.sample(this.validParts(op, source, true), { seed: opSeed ^ 0x5bd1e995, numRuns: 1 })[0]!;
    const sampleId = this.world.tenants[side].files[0]!;
    const corpusProbe = (
      location: string,
      label: string,
      input: unknown,
      parts: Parts,
      extra: Parameters<Fuzzer['toRequest']>[3] = {},
    ) =>
      probes.push({
        op,
        caller: primary.caller,
        role: primary.role,
        side,
        location,
        label,
        input: display(input),
        request: this.toRequest(op, primary.caller, parts, extra),
      });

    for (const param of op.params) {
      const field: FieldRef = {
        location: param.in as 'path' | 'query',
        name: param.name,
        path: [param.name],
        schema: param.schema,
      };
      const target = param.in === 'path' ? 'path' : 'query';
      let values: Labelled[] = badValues(field, source, sampleId, costly);
      if (param.in === 'path')
        values = [...values, ...BAD_PATH_SEGMENTS.map((v) => ({ label: v.label, value: new Raw(v.value) }))];
      else
        values = [
          ...values,
          ...BAD_QUERY_RAW.map((v) => ({ label: v.label, value: new Raw(v.value) })),
          { label: 'query parameter repeated', value: ['a', 'b'] },
        ];
      for (const { label, value } of values) {
        const parts: Parts = { ...base, [target]: { ...base[target], [param.name]: value } };
        corpusProbe(`${param.in}.${param.name}`, label, value instanceof Raw ? value.text : value, parts);
      }
      if (param.in === 'query' && param.required)
        corpusProbe(`query.${param.name}`, 'required parameter missing', undefined, {
          ...base,
          query: Object.fromEntries(Object.entries(base.query).filter(([k]) => k !== param.name)),
        });
    }

    const schema = this.bodyFields(op);
    if (schema) {
      const isMultipart = op.body!.mediaType === 'multipart/form-data';
      for (const leaf of leavesOf(schema, 'body', [], '', 0, (field) => source.keys?.(field))) {
        if (isMultipart && leaf.name === 'file') continue;
        const nested = leaf.path.length > 1;
        for (const { label, value } of badValues(leaf, source, sampleId, nested || costly)) {
          // Multipart fields are text: type confusion there is just other text.
          if (isMultipart && (value === null || typeof value === 'boolean')) continue;
          corpusProbe(`body.${leaf.path.join('.')}`, label, value, {
            ...base,
            body: setAt(base.body, leaf.path, value),
          });
        }
        if (leaf.path.length === 1 && (schema.required ?? []).includes(leaf.name)) {
          corpusProbe(`body.${leaf.name}`, 'required field missing', undefined, {
            ...base,
            body: deleteAt(base.body, leaf.path),
          });
        }
      }
      if (!isMultipart)
        corpusProbe(
          'body',
          'unknown extra field',
          { fuzz_extra: 1 },
          { ...base, body: { ...(base.body as object), fuzz_extra: '\ud800' } },
        );
      if (isMultipart) {
        for (const file of FILE_NAMES)
          corpusProbe('body.file', file.label, file.value, base, {
            file: { ...this.fileName(op), filename: file.value },
          });
        corpusProbe('body.file', 'no file part', null, base, { file: null });
        corpusProbe('body.file', 'file part under another name', 'other', base, {
          file: { ...this.fileName(op), field: 'other' },
        });
        corpusProbe('body.file', 'odd file content type', 'x/'.repeat(200), base, {
          file: { ...this.fileName(op), contentType: `a/${'b'.repeat(300)}` },
        });
        corpusProbe('body', 'JSON body to a multipart route', '{}', base, {
          rawBody: { label: 'json', contentType: 'application/json', body: Buffer.from('{}') },
        });
      }
      // Names every plain object already has, and paths to a prototype (issue 25): as fields of a
      // multipart body, one name a request, each sent twice; as keys of a JSON body, all at once in
      // each object of it (dictionaries keep them), and the polluting objects at its top.
      if (isMultipart) {
        for (const name of ODD_NAMES)
          corpusProbe('body', `field named ${name}`, name, {
            ...base,
            body: withOwnKeys(base.body, [[name, ['fuzz', 'fuzz again']]]),
          });
      } else {
        const objects = [
          [],
          ...leavesOf(schema, 'body', [], '', 0, (field) => source.keys?.(field))
            .filter((leaf) => kindOf(leaf.schema, leaf.name) === 'object')
            .map((leaf) => leaf.path),
        ].filter((path) => {
          const value = getAt(base.body, path);
          return value === undefined ? path.length > 0 : typeof value === 'object' && !Array.isArray(value);
        });
        for (const path of objects)
          corpusProbe(
            path.length > 0 ? `body.${path.join('.')}` : 'body',
            'keys named like Object properties',
            ODD_NAMES,
            {
              ...base,
              body: setAt(
                base.body,
                path,
                withOwnKeys(
                  getAt(base.body, path),
                  ODD_NAMES.map((name) => [name, 'fuzz']),
                ),
              ),
            },
          );
        if (objects.some((path) => path.length === 0))
          for (const { label, value } of POLLUTING_JSON)
            corpusProbe('body', label, value, { ...base, body: withOwnKeys(base.body, Object.entries(value)) });
      }
    }
    corpusProbe('query', 'parameters named like Object properties', ODD_NAMES, {
      ...base,
      query: withOwnKeys(
        base.query,
        ODD_NAMES.map((name) => [name, 'fuzz']),
      ),
    });
    // Broken bodies and headers go through middleware every route shares: each operation gets the
    // entries most likely to differ per route, and a rotating share of the rest, so one run still
    // sends every entry to many routes without sending all of them everywhere.
    const rotate = <T>(list: readonly T[], always: number, share: number): T[] => [
      ...list.slice(0, always),
      ...list.slice(always).filter((_, i) => (i + this.opIndex) % share === 0),
    ];
    if (op.method !== 'GET' && op.body?.mediaType !== 'multipart/form-data') {
      for (const raw of rotate(BAD_BODIES, 7, 3))
        corpusProbe(
          'body',
          raw.label,
          raw.body.length > 200 ? `${raw.body.length} bytes` : raw.body.toString('latin1'),
          base,
          { rawBody: raw },
        );
    }

    // 3. Headers. X-Forwarded-For matters where the call writes an audit row (the changes).
    const forwarded = costly
      ? BAD_FORWARDED_FOR.slice(0, 1)
      : op.method === 'GET'
        ? rotate(BAD_FORWARDED_FOR, 1, 4)
        : rotate(BAD_FORWARDED_FOR, 2, 2);
    for (const { label, value } of forwarded)
      corpusProbe('header.x-forwarded-for', label, value, base, { headers: { 'x-forwarded-for': value } });
    if (op.tenantHeader !== 'none') {
      const t = this.world.tenants[side];
      const values = [
        { label: 'x-tenant-id of the other tenant', value: this.world.other(side).id },
        { label: 'x-tenant-id in capitals', value: t.id.toUpperCase() },
        ...BAD_TENANT_HEADERS,
      ];
      for (const { label, value } of rotate(values, 2, 3))
        corpusProbe('header.x-tenant-id', label, value, base, { headers: { 'x-tenant-id': value } });
    }
    if (op.schemes.length > 0)
      for (const { label, value } of rotate(BAD_AUTHORIZATION, 0, 3))
        corpusProbe('header.authorization', label, value.length > 60 ? `${value.slice(0, 40)}…` : value, base, {
          headers: { authorization: value },
        });

    // 4. The random part: valid input with at most one field replaced by a random bad value, any caller, either tenant.
    const runs = costly ? Math.min(4, this.options.runs) : this.options.runs;
    const randomArb = fc.constantFrom<0 | 1>(0, 1).chain((s) => {
      const src = sources.get(s)!;
      const callers = callersBySide.get(s)!;
      const leaves: FieldRef[] = [
        ...op.params.map((p): FieldRef => ({
          location: p.in as 'path' | 'query',
          name: p.name,
          path: [p.name],
          schema: p.schema,
        })),
        ...(schema
          ? leavesOf(schema, 'body', [], '', 0, (field) => src.keys?.(field)).filter((leaf) => leaf.name !== 'file')
          : []),
      ];
      const mutation =
        leaves.length === 0
          ? fc.constant(null)
          : fc.option(
              fc
                .constantFrom(...leaves)
                .chain((leaf) => badValueArb(leaf, src, sampleId).map((bad) => ({ leaf, bad }))),
              { freq: 4, nil: null },
            );
      return fc.record({
        side: fc.constant(s),
        caller: fc.constantFrom(...callers),
        parts: this.validParts(op, src, false),
        mutation,
      });
    });
    fc.sample(randomArb, { seed: opSeed ^ 0x2545f491, numRuns: runs }).forEach((sample, i) => {
      let parts = sample.parts;
      let location = 'valid';
      let label = 'generated valid input';
      let input: unknown = parts;
      if (sample.mutation) {
        const { leaf, bad } = sample.mutation;
        location = `${leaf.location}.${leaf.path.join('.')}`;
        label = bad.label;
        input = bad.value;
        if (leaf.location === 'body') parts = { ...parts, body: setAt(parts.body, leaf.path, bad.value) };
        else parts = { ...parts, [leaf.location]: { ...parts[leaf.location], [leaf.name]: bad.value } };
      }
      probes.push({
        op,
        caller: sample.caller.caller,
        role: sample.caller.role,
        side: sample.side,
        location,
        label,
        input: display(input),
        request: this.toRequest(op, sample.caller.caller, parts),
        sample: i,
      });
    });
    return probes;
  }

  /* ---------- sending and judging ---------- */

  private async sendProbe(probe: Probe): Promise<WireResult> {
    this.sent++;
    let result = await send(this.api.url, probe.request, this.options.deadlineMs);
    // A keep-alive socket the server had just closed is the client's problem: try once on a new one.
    if (result.kind === 'no-answer' && /ECONNRESET|socket hang up|EPIPE/.test(result.reason) && this.api.alive()) {
      const { hostname, port } = new URL(this.api.url);
      result = await new Promise<WireResult>((resolve) => {
        const started = Date.now();
        const req = http.request({
          host: hostname,
          port: Number(port),
          method: probe.request.method,
          path: probe.request.path,
          headers: {
            ...probe.request.headers,
            ...(probe.request.body ? { 'content-length': String(probe.request.body.length) } : {}),
          },
          agent: this.freshAgent,
        });
        const timer = setTimeout(() => {
          req.destroy();
          resolve({
            kind: 'no-answer',
            reason: `no answer within ${this.options.deadlineMs} ms (second try)`,
            ms: Date.now() - started,
          });
        }, this.options.deadlineMs);
        req.on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            clearTimeout(timer);
            resolve({
              kind: 'answer',
              status: res.statusCode ?? 0,
              headers: res.headers,
              text: Buffer.concat(chunks).toString('utf8').slice(0, 65_536),
              ms: Date.now() - started,
            });
          });
        });
        req.on('error', (error: NodeJS.ErrnoException) => {
          clearTimeout(timer);
          resolve({
            kind: 'no-answer',
            reason: `${error.code ?? error.message} (second try)`,
            ms: Date.now() - started,
          });
        });
        req.end(probe.request.body);
      });
    }
    return result;
  }

  private record(probe: Probe, result: WireResult): void {
    const byCaller = this.coverage.get(probe.op.key) ?? new Map<string, CallerStats>();
    this.coverage.set(probe.op.key, byCaller);
    const stats = byCaller.get(probe.role) ?? { sent: 0, pastAuth: 0, statuses: new Map() };
    byCaller.set(probe.role, stats);
    stats.sent++;
    const status = result.kind === 'answer' ? result.status : -1;
    stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
    if (result.kind === 'answer' && result.status !== 401 && result.status !== 403 && result.status !== 0)
      stats.pastAuth++;

    if (result.kind === 'answer' && result.status < 500) return;
    const kind = result.kind === 'answer' ? '5xx' : 'no answer';
    this.addFailure(
      probe,
      kind,
      result.kind === 'answer' ? String(result.status) : result.reason,
      result.kind === 'answer' ? result.text : '',
    );
  }

  private addFailure(probe: Probe, kind: Failure['kind'], outcome: string, body: string): void {
    const key = `${probe.op.key} | ${probe.location} | ${probe.label} | ${kind}`;
    const known = this.failures.get(key);
    if (known) {
      known.count++;
      known.callers.add(probe.caller.name);
      return;
    }
    this.failures.set(key, {
      key,
      op: probe.op.key,
      location: probe.location,
      label: probe.label,
      kind,
      count: 1,
      callers: new Set([probe.caller.name]),
      first: { probe, outcome, body: body.slice(0, 300) },
    });
  }

  /** Sends probes `concurrency` at a time; answers whether the process survived them. */
  private async sendAll(probes: Probe[]): Promise<Array<{ probe: Probe; result: WireResult }>> {
    const results: Array<{ probe: Probe; result: WireResult }> = [];
    let next = 0;
    const worker = async () => {
      while (next < probes.length) {
        const probe = probes[next++]!;
        results.push({ probe, result: await this.sendProbe(probe) });
        if (!this.api.alive()) return;
      }
    };
    await Promise.all(Array.from({ length: this.options.concurrency }, worker));
    return results;
  }

  /** Waits a moment for a crash that follows the answer, then checks the process. */
  private async survived(): Promise<boolean> {
    await new Promise((r) => setTimeout(r, 30));
    return this.api.alive() && (await this.api.healthy());
  }

  /**
   * After a batch killed the process: starts it again, then replays the batch one request at a
   * time to find which requests end it, each recorded with the process's last output.
   */
  private async findKillers(probes: Probe[]): Promise<void> {
    await this.api.restart();
    for (const probe of probes) {
      const mark = this.api.output().length;
      await this.sendProbe(probe);
      if (await this.survived()) continue;
      await new Promise((r) => setTimeout(r, 200));
      this.addFailure(
        probe,
        'process exit',
        `the API process exited (${this.api.exits.at(-1)?.code ?? 'signal ' + this.api.exits.at(-1)?.signal})`,
        '',
      );
      const failure = [...this.failures.values()].find((f) => f.first.probe === probe && f.kind === 'process exit');
      if (failure) {
        failure.log = crashExcerpt(this.api.output().slice(mark));
        failure.error = crashError(this.api.output().slice(mark));
      }
      await this.api.restart();
    }
  }

  /** Runs every probe of one operation, checks the process, heals the world. */
  async runOperation(op: Operation): Promise<void> {
    const started = Date.now();
    const kind = throwawayKind(op);
    if (kind) await this.world.prepareThrowaways(op.key, kind);
    if (op.key === 'POST /auth/refresh' || op.key === 'POST /auth/logout') await this.world.prepareRefreshTokens();
    if (op.key === 'GET /auth/oauth/{key}/callback') await this.world.prepareProviderReturns();
    const probes = await this.probesFor(op);
    const before = new Set(this.failures.keys());
    const mark = this.api.output().length;
    const results = await this.sendAll(probes);
    if (await this.survived()) {
      for (const { probe, result } of results) this.record(probe, result);
    } else {
      // Answers to requests sent while the process was dying say nothing; keep the real ones.
      for (const { probe, result } of results) if (result.kind === 'answer') this.record(probe, result);
      await this.findKillers(probes);
    }
    this.attributeErrors(
      [...this.failures.values()].filter((f) => !before.has(f.key)),
      loggedErrors(this.api.output().slice(mark)),
    );
    if (op.method !== 'GET') await this.world.heal(op.key, op.method !== 'POST');
    this.timings.set(op.key, { requests: probes.length, ms: Date.now() - started });
  }

  /**
   * Gives each new failure the error logged for its path during the batch when only one kind of
   * error was logged there; the others are replayed alone at the end.
   */
  private attributeErrors(fresh: Failure[], logged: LoggedError[]): void {
    for (const failure of fresh) {
      if (failure.kind === 'process exit') continue;
      const path = failure.first.probe.request.path.split('?')[0];
      const candidates = logged.filter((e) => e.path === path);
      const kinds = new Map(candidates.map((e) => [`${e.type}: ${e.message}`, e]));
      if (kinds.size === 1) failure.error = [...kinds.values()][0];
      else if (kinds.size > 1) failure.batchErrors = [...kinds.values()];
    }
  }

  async run(operations: Operation[]): Promise<void> {
    const ordered = [...operations].sort((a, b) => phaseOf(a) - phaseOf(b));
    for (const op of ordered) {
      await this.runOperation(op);
      this.opIndex++;
    }
    // The process must still be up at the end, whatever happened between the batches.
    if (!(await this.survived())) {
      const last = ordered.at(-1)!;
      this.failures.set('end', {
        key: 'end',
        op: last.key,
        location: 'the end of the run',
        label: 'process not alive or not healthy',
        kind: 'process exit',
        count: 1,
        callers: new Set(),
        first: {
          probe: {
            op: last,
            caller: { name: '-' },
            role: '-',
            side: 0,
            location: '-',
            label: '-',
            input: '-',
            request: { method: 'GET', path: '/api/health', headers: {} },
          },
          outcome: 'GET /api/health failed',
          body: '',
        },
        log: tailOf(this.api.output(), 25),
      });
      await this.api.restart();
    }
  }

  /**
   * Sends again, alone, the first request of each failure whose error the batch could not
   * attribute, and keeps what the server logged for it.
   */
  async replayFailures(limit = 300): Promise<void> {
    let replays = 0;
    for (const failure of this.failures.values()) {
      if (failure.kind === 'process exit' || failure.error || replays++ >= limit) continue;
      if (!this.api.alive()) await this.api.restart();
      const mark = this.api.output().length;
      const result = await this.sendProbe(failure.first.probe);
      await new Promise((r) => setTimeout(r, 40));
      const output = this.api.output().slice(mark);
      const reproduced = result.kind === 'no-answer' || result.status >= 500;
      failure.replay = `replayed alone: ${result.kind === 'answer' ? result.status : result.reason}`;
      if (reproduced) failure.error = loggedErrors(output)[0];
      else if (failure.batchErrors?.length === 1) failure.error = failure.batchErrors[0];
      if (!this.api.alive()) {
        failure.replay += ' — and the process exited';
        failure.log = crashExcerpt(output);
        await this.api.restart();
      }
    }
    // A failure that did not come back alone: the batch's errors on its path, less those other failures of the operation explain.
    for (const failure of this.failures.values()) {
      if (failure.error || !failure.batchErrors) continue;
      const explained = new Set(
        [...this.failures.values()]
          .filter((f) => f.op === failure.op && f.error)
          .map((f) => `${f.error!.type}: ${f.error!.message}`),
      );
      const left = failure.batchErrors.filter((e) => !explained.has(`${e.type}: ${e.message}`));
      if (left.length === 1) failure.error = left[0];
    }
  }

  /* ---------- reports ---------- */

  /** Operations (and expected callers) that never got past authentication. */
  coverageProblems(operations: Operation[]): string[] {
    const problems: string[] = [];
    for (const op of operations) {
      const byCaller = this.coverage.get(op.key);
      const past = [...(byCaller?.values() ?? [])].reduce((n, s) => n + s.pastAuth, 0);
      if (past === 0) problems.push(`${op.key}: no request got past authentication (${statusSummary(byCaller)})`);
      for (const role of this.expectedRoles(op)) {
        const stats = byCaller?.get(role);
        if (stats && stats.pastAuth > 0) continue;
        const documented = DOCUMENTED_REFUSALS[op.key]?.[role];
        if (documented && documented.test(op.refusals['403'] ?? '')) continue;
        if (documented)
          problems.push(
            `${op.key}: the exception for ${role} no longer matches the documented 403 ("${op.refusals['403']}")`,
          );
        else
          problems.push(
            `${op.key}: the ${role} never got past authentication (${stats ? statusSummary(new Map([[role, stats]])) : 'no request sent'})`,
          );
      }
    }
    return problems;
  }

  coverageTable(operations: Operation[]): string {
    return operations
      .map((op) => {
        const byCaller = this.coverage.get(op.key);
        const cells = [...(byCaller?.entries() ?? [])].map(([role, s]) => `${role} ${s.pastAuth}/${s.sent}`).join(', ');
        const t = this.timings.get(op.key);
        return `${op.key.padEnd(62)} ${String(t?.ms ?? 0).padStart(6)} ms  past auth/sent: ${cells}\n${' '.repeat(72)}statuses: ${statusSummary(byCaller)}`;
      })
      .join('\n');
  }

  /** The failures grouped by what went wrong on the server, each group with one full reproduction. */
  report(): { summary: string; full: string } {
    const failures = [...this.failures.values()].sort(
      (a, b) => a.op.localeCompare(b.op) || a.location.localeCompare(b.location) || a.label.localeCompare(b.label),
    );
    const groups = new Map<string, Failure[]>();
    for (const failure of failures) groups.set(groupOf(failure), [...(groups.get(groupOf(failure)) ?? []), failure]);
    const ordered = [...groups].sort((a, b) => rank(a[1][0]!) - rank(b[1][0]!) || b[1].length - a[1].length);
    const summary = ordered
      .map(([group, members], i) => {
        const byOp = new Map<string, string[]>();
        for (const f of members) byOp.set(f.op, [...(byOp.get(f.op) ?? []), `${f.location}: ${f.label}`]);
        const messages = [
          ...new Set(
            members.map((f) => (f.error ? normalise(`${f.error.type}: ${f.error.message}`) : 'nothing logged')),
          ),
        ];
        const lines = [...byOp].map(
          ([op, inputs]) =>
            `     ${op} — ${inputs.length > 5 ? `${inputs.slice(0, 5).join('; ')}; … (${inputs.length} inputs)` : inputs.join('; ')}`,
        );
        return [
          `${i + 1}) ${group}  [${members.length} operation × input pairs on ${byOp.size} operations]`,
          `   logged: ${messages.slice(0, 5).join(' | ').slice(0, 600)}`,
          ...lines,
          '   first reproduction:',
          formatFailure(members[0]!, this.world, this.options.seed, '     '),
        ].join('\n');
      })
      .join('\n\n');
    const full = failures.map((f) => formatFailure(f, this.world, this.options.seed, '')).join('\n\n');
    return {
      summary: `${failures.length} distinct failures (operation × input class) in ${groups.size} groups, FUZZ_SEED=${this.options.seed}\n\n${summary}`,
      full,
    };
  }
}

/** Process exits first, then requests left without an answer, then 5xx. */
function rank(f: Failure): number {
  return f.kind === 'process exit' ? 0 : f.kind === 'no answer' ? 1 : 2;
}

/** A message without the values in it, so one fault reads the same whatever the input. */
function normalise(message: string): string {
  if (message.startsWith('URIError: Failed to decode param')) return 'URIError: Failed to decode param …';
  return message
    .replace(/"[^"]*("|$)/g, '"…"')
    .replace(/'[^']*('|$)/g, "'…'")
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/\d+/g, 'N')
    .slice(0, 200);
}

/**
 * The group of a failure: where in Portico's code the error was thrown and its type (one fault,
 * whatever the message says about the input); without a frame of Portico's own, the message.
 */
function groupOf(f: Failure): string {
  if (f.kind === 'no answer') return `no answer: ${f.first.outcome}`;
  const prefix = f.kind === 'process exit' ? 'process exit' : f.first.outcome;
  if (!f.error) return `${prefix}: nothing logged for the request (${f.first.probe.op.key})`;
  // Express decodes path parameters while matching routes: the frame is whichever middleware ran before.
  if (f.error.type === 'URIError')
    return `${prefix} URIError: Failed to decode param (Express decoding a path parameter while matching routes)`;
  return f.error.where
    ? `${prefix} ${f.error.type} at ${f.error.where}`
    : `${prefix} ${normalise(`${f.error.type}: ${f.error.message}`)}`;
}

/** The first of Portico's own frames in a stack (not node_modules, not Node's internals). */
function appFrame(stack: string): string {
  for (const line of stack.split('\n').slice(1)) {
    const frame = line.trim();
    if (/node_modules|node:internal|\(node:/.test(frame)) continue;
    const match = frame.match(/at (?:(.*?) \()?(?:file:\/\/)?(\/[^):]+):(\d+)/);
    if (match)
      return `${match[1] ?? '<anonymous>'} (${match[2]!.replace(/^.*?\/(api|packages|worker|scheduler|scripts)\//, '$1/')}:${match[3]})`;
  }
  return '';
}

/** The errors the API logged as JSON lines, in order. */
function loggedErrors(output: string): LoggedError[] {
  const errors: LoggedError[] = [];
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { path?: string; err?: { type?: string; message?: string; stack?: string } };
      if (entry.err)
        errors.push({
          path: entry.path ?? '',
          type: entry.err.type ?? 'Error',
          message: (entry.err.message ?? '').slice(0, 300),
          where: appFrame(entry.err.stack ?? ''),
        });
    } catch {
      // Not a log line.
    }
  }
  return errors;
}

/** Each distinct way the process exited, with how often: what a suite that must see no exit reports. */
export function exitSummary(exits: readonly ProcessExit[]): string[] {
  const counts = new Map<string, number>();
  for (const exit of exits) {
    const error = crashError(exit.tail);
    const what = `exit ${exit.code ?? exit.signal}: ${error ? `${error.type}: ${error.message}${error.where ? ` — at ${error.where}` : ''}` : tailOf(exit.tail, 3)}`;
    counts.set(what, (counts.get(what) ?? 0) + 1);
  }
  return [...counts].map(([what, n]) => `${n}× ${what}`);
}

/** The few lines of a crashed process's output that say what happened: the error, its first frames, who emitted it. */
export function crashExcerpt(output: string): string {
  const lines = output.split('\n');
  const start = lines.findIndex(
    (line) => /^(\w*Error|Error)\b.*:|^\w*Error \[/.test(line.trim()) && !line.includes('"level"'),
  );
  if (start === -1) return tailOf(output, 12);
  const frames = lines
    .slice(start + 1)
    .filter((line) => line.trim().startsWith('at '))
    .slice(0, 3);
  const emitted = lines.slice(start).filter((line) => line.startsWith('Emitted'));
  return [lines[start]!.trim(), ...frames.map((f) => `  ${f.trim()}`), ...emitted.map((e) => e.trim())].join('\n');
}

/** The error a crashed process printed (an uncaught exception's stack on stderr). */
function crashError(output: string): LoggedError | undefined {
  const logged = loggedErrors(output)[0];
  if (logged) return logged;
  const lines = output.split('\n');
  const index = lines.findIndex(
    (line) => /^(\w*Error|Error)\b.*:|^\w*Error \[/.test(line.trim()) && !line.startsWith('{'),
  );
  if (index === -1) return undefined;
  const [type, ...rest] = lines[index]!.trim().split(': ');
  return { path: '', type: type ?? 'Error', message: rest.join(': '), where: appFrame(lines.slice(index).join('\n')) };
}

function statusSummary(byCaller: Map<string, CallerStats> | undefined): string {
  const totals = new Map<number, number>();
  for (const stats of byCaller?.values() ?? [])
    for (const [status, n] of stats.statuses) totals.set(status, (totals.get(status) ?? 0) + n);
  return [...totals].map(([status, n]) => `${status === -1 ? 'no answer' : status}×${n}`).join(' ') || 'nothing sent';
}

/** Error lines of the API's JSON log: message, and the first frames of the stack. */
export function serverErrors(output: string): string {
  const lines: string[] = [];
  for (const line of output.split('\n')) {
    if (!line.trim()) continue;
    try {
      const entry = JSON.parse(line) as {
        msg?: string;
        err?: { type?: string; message?: string; stack?: string };
        path?: string;
      };
      const where = appFrame(entry.err?.stack ?? '');
      lines.push(
        `${entry.msg ?? ''}${entry.path ? ` (${entry.path.slice(0, 120)})` : ''}: ${entry.err?.type ?? ''} ${(entry.err?.message ?? '').slice(0, 300)}${where ? ` — at ${where}` : ''}`.trim(),
      );
    } catch {
      lines.push(line.slice(0, 300));
    }
  }
  return lines.slice(0, 8).join('\n');
}

function formatFailure(f: Failure, world: World, seed: number, indent: string): string {
  const { probe, outcome, body } = f.first;
  const names = new Map<string, string>();
  for (const t of world.tenants) {
    names.set(t.id, `<tenant ${t.name}>`);
    names.set(t.key.key, `<key of ${t.name}>`);
    for (const p of [t.admin, t.team, t.client, t.guest]) {
      names.set(p.token, `<token of ${p.label}>`);
      names.set(p.userId, `<id of ${p.label}>`);
    }
  }
  names.set(world.superAdmin.token, '<token of the super admin>');
  const redact = (text: string) => {
    let out = text;
    for (const [value, name] of names) out = out.replaceAll(value, name);
    return out.replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, '<session token>');
  };
  const headers = Object.entries(probe.request.headers)
    .filter(([name]) => name !== 'x-request-id' && name !== 'content-length')
    .map(([name, value]) => {
      const shown = redact(value);
      return `${name}: ${shown.length > 120 ? `${shown.slice(0, 60)}…(${value.length} chars)` : shown}`;
    })
    .join('\n      ');
  const rawBody = probe.request.body;
  // Text as UTF-8 when it is UTF-8, else byte by byte; escapes keep control characters and lone surrogates visible.
  const decode = (bytes: Buffer) =>
    bytes.toString('utf8').includes('\ufffd') ? bytes.toString('latin1') : bytes.toString('utf8');
  const bodyText = rawBody
    ? rawBody.length > 600
      ? `${JSON.stringify(decode(rawBody.subarray(0, 300))).slice(1, -1)}…(${rawBody.length} bytes)`
      : JSON.stringify(decode(rawBody)).slice(1, -1)
    : '(none)';
  const path =
    probe.request.path.length > 300
      ? `${probe.request.path.slice(0, 200)}…(${probe.request.path.length} chars)`
      : probe.request.path;
  const lines = [
    `[${f.kind}${f.kind === '5xx' ? ` ${outcome}` : ''}] ${f.op} — ${f.location}: ${f.label}  (${f.count}× from ${[...f.callers].join(', ')})`,
    `   caller: ${probe.caller.name}; input: ${probe.input}${probe.sample !== undefined ? `; random sample #${probe.sample} of FUZZ_SEED=${seed}` : ''}`,
    `   request: ${probe.request.method} ${path}`,
    ...(headers ? [`      ${headers}`] : []),
    `      body: ${bodyText}`,
    `   answer: ${outcome}${body ? ` ${body.slice(0, 200)}` : ''}${f.replay ? `; ${f.replay}` : ''}`,
  ];
  if (f.error)
    lines.push(
      `   server log: ${f.error.type}: ${f.error.message.slice(0, 300)}${f.error.where ? ` — at ${f.error.where}` : ''}`,
    );
  else if (f.batchErrors)
    lines.push(
      `   server log (errors logged for this path during its batch; not reproduced alone):\n${f.batchErrors.map((e) => `      ${e.type}: ${e.message.slice(0, 200)}${e.where ? ` — at ${e.where}` : ''}`).join('\n')}`,
    );
  if (f.log) lines.push(`   process output:\n      ${f.log.split('\n').join('\n      ')}`);
  return redact(lines.map((line) => indent + line.split('\n').join(`\n${indent}`)).join('\n'));
}

/** File names for the file part of uploads. */
const FILE_NAMES: Labelled<string | Buffer>[] = [
  { label: 'filename: UTF-8 résumé.pdf', value: 'résumé.pdf' },
  { label: 'filename: 60 CJK characters', value: `${'漢'.repeat(60)}.pdf` },
  { label: 'filename: 70 emoji', value: `${'🎉'.repeat(70)}.png` },
  { label: 'filename: 300 characters', value: `${'a'.repeat(300)}.txt` },
  { label: 'filename: path traversal', value: '../../../etc/passwd' },
  { label: 'filename: only dots', value: '..' },
  { label: 'filename: NUL', value: 'a\u0000b.txt' },
  { label: 'filename: right-to-left override', value: 'invoice\u202Efdp.exe' },
  {
    label: 'filename: CESU-8 lone surrogate bytes',
    value: Buffer.from([0x61, 0xed, 0xa0, 0x80, 0x2e, 0x74, 0x78, 0x74]),
  },
  { label: 'filename: backslashes', value: 'C:\\Users\\x\\file.txt' },
];
