import { lookup as dnsLookup } from 'node:dns/promises';
import { rootCertificates } from 'node:tls';
import type { LookupAddress, LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { Agent, request } from 'undici';

/**
 * The one way Portico calls addresses that tenants typed (embed checks, webhooks): only http(s),
 * never a private, loopback, link-local or otherwise non-public address unless the operator
 * named the host in `OUTBOUND_ALLOW_HOSTS` or turned `OUTBOUND_ALLOW_PRIVATE` on (tests). The host is resolved once, every address is
 * checked, and the connection goes to the checked address (no second lookup, so DNS rebinding
 * between the check and the connection is impossible). Redirects are followed by hand, each hop
 * checked again.
 */

export interface OutboundPolicy {
  /** `OUTBOUND_ALLOW_PRIVATE`: reach any address (tests only). */
  outboundAllowPrivate: boolean;
  /** `OUTBOUND_ALLOW_HOSTS`: host names (lower case) reached whatever they resolve to. */
  outboundAllowHosts?: readonly string[];
  /** Exact addresses let through although not public — for tests that need one private hop. */
  outboundAllowAddresses?: readonly string[];
  /** An extra certificate authority (PEM) trusted besides the system ones (`OUTBOUND_CA_FILE`). */
  outboundCa?: string;
}

export type OutboundFailure =
  | 'invalid_url'
  | 'scheme'
  | 'credentials'
  | 'dns'
  | 'private_address'
  | 'timeout'
  | 'too_large'
  | 'too_many_redirects'
  | 'network';

export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface UrlCheckOptions {
  /** Accept only https (embeds); otherwise http and https. */
  httpsOnly?: boolean;
  /** How host names are resolved; the system resolver unless a test injects one. */
  resolver?: Resolver;
}

export interface CheckedUrl {
  url: URL;
  /** The address the connection must go to. */
  address: string;
  family: 4 | 6;
}

const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

/**
 * True for addresses on the public internet: IPv4 unicast outside every special range (private,
 * loopback, link-local incl. 169.254.169.254, CGNAT, 0/8, multicast, broadcast, documentation,
 * benchmarking, 240/4); IPv6 global unicast outside special blocks (::1, ::, fc00::/7, fe80::/10,
 * fec0::/10, ff00::/8, 6to4, Teredo, NAT64, documentation…); IPv4-mapped IPv6 judged as its IPv4.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.range() !== 'unicast') return false;
  if (parsed.kind() === 'ipv6') return (parsed as ipaddr.IPv6).match(IPV6_GLOBAL_UNICAST);
  return true;
}

function addressAllowed(address: string, policy: OutboundPolicy): boolean {
  if (policy.outboundAllowPrivate) return true;
  if (isPublicAddress(address)) return true;
  const allowed = policy.outboundAllowAddresses ?? [];
  return allowed.some(
    (a) =>
      ipaddr.isValid(a) &&
      ipaddr.isValid(address) &&
      ipaddr.parse(a).toNormalizedString() === ipaddr.parse(address).toNormalizedString(),
  );
}

/** Parses and checks a URL, resolves its host and returns the one checked address to connect to. */
export async function assertPublicUrl(
  input: string | URL,
  policy: OutboundPolicy,
  options: UrlCheckOptions = {},
): Promise<CheckedUrl> {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new OutboundError('invalid_url', 'The address is not a valid URL.');
  }
  const schemes = options.httpsOnly ? ['https:'] : ['http:', 'https:'];
  if (!schemes.includes(url.protocol)) {
    throw new OutboundError(
      'scheme',
      options.httpsOnly ? 'The address must start with https://.' : 'The address must start with http:// or https://.',
    );
  }
  if (url.username || url.password)
    throw new OutboundError('credentials', 'The address must not contain a user name or password.');

  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  let addresses: LookupAddress[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.resolver ?? systemResolver)(host);
    } catch {
      throw new OutboundError('dns', `The host ${host} could not be found.`);
    }
    if (addresses.length === 0) throw new OutboundError('dns', `The host ${host} could not be found.`);
  }
  // Every address must pass: a name that also resolves to a private address is refused, unless the
  // operator named the host itself.
  const named = policy.outboundAllowHosts?.includes(host.toLowerCase()) ?? false;
  const refused = named ? undefined : addresses.find((a) => !addressAllowed(a.address, policy));
  if (refused)
    throw new OutboundError(
      'private_address',
      `The address ${host} points to a private or reserved network (${refused.address}).`,
    );
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

type ConnectOptions = Pick<OutboundPolicy, 'outboundCa'> & { timeoutMs: number };

function pinnedAgent(target: CheckedUrl, { outboundCa, timeoutMs }: ConnectOptions): Agent {
  return new Agent({
    connect: {
      lookup: pinnedLookup(target.address, target.family),
      timeout: timeoutMs,
      ...(outboundCa ? { ca: [...rootCertificates, outboundCa] } : {}),
    },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
}

/**
 * Kept-alive connections for a caller that calls the same receivers again and again (the webhook
 * worker): one agent per origin and checked address, so a connection is reused only to the very
 * address the last check allowed — a host that now resolves elsewhere gets a new, checked one.
 * Holds at most `maxAgents`, dropping the least recently used. The owner closes it.
 */
export class OutboundConnections {
  private readonly agents = new Map<string, Agent>();

  constructor(private readonly maxAgents = 256) {}

  agentFor(target: CheckedUrl, connect: ConnectOptions): Agent {
    const key = `${target.url.origin} ${target.address} ${connect.timeoutMs} ${connect.outboundCa ? 'ca' : ''}`;
    let agent = this.agents.get(key);
    if (agent) {
      this.agents.delete(key);
    } else {
      agent = pinnedAgent(target, connect);
      const oldest = this.agents.keys().next();
      if (this.agents.size >= this.maxAgents && !oldest.done) {
        void this.agents.get(oldest.value)?.close();
        this.agents.delete(oldest.value);
      }
    }
    this.agents.set(key, agent);
    return agent;
  }

  async close(): Promise<void> {
    const agents = [...this.agents.values()];
    this.agents.clear();
    await Promise.all(agents.map((agent) => agent.destroy().catch(() => undefined)));
  }
}

export interface SafeFetchOptions extends UrlCheckOptions {
  /** Reuse kept-alive connections from here; without it every call connects afresh and closes after. */
  connections?: OutboundConnections;
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** For the whole exchange, every hop included. Default 5 s. */
  timeoutMs?: number;
  /** Largest body read; more is an error. Default 1 MiB. */
  maxBytes?: number;
  /** Redirects followed (each hop checked again). Default 3; 0 returns the 3xx as is. */
  maxRedirects?: number;
  /** Read the body (default true); when false the body is discarded unread. */
  readBody?: boolean;
  /** Keep the first `maxBytes` of a longer body and stop reading, instead of failing (webhook response excerpts). */
  truncate?: boolean;
}

export interface SafeResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The address that answered, after redirects. */
  url: string;
  body: Buffer;
}

export const OUTBOUND_TIMEOUT_MS = 5000;
export const OUTBOUND_MAX_BYTES = 1024 * 1024;
export const OUTBOUND_MAX_REDIRECTS = 3;

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for net/tls.connect that always answers the address already checked. */
function pinnedLookup(address: string, family: 4 | 6) {
  return (_hostname: string, options: LookupOptions, callback: LookupCallback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

async function readCapped(body: AsyncIterable<Buffer>, maxBytes: number, truncate = false): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    if (total + chunk.length > maxBytes) {
      if (!truncate) throw new OutboundError('too_large', `The answer is larger than ${maxBytes} bytes.`);
      chunks.push(chunk.subarray(0, maxBytes - total));
      break;
    }
    total += chunk.length;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function isAbort(error: unknown): boolean {
  const name = (error as { name?: string; code?: string } | null)?.name;
  const code = (error as { code?: string } | null)?.code;
  return (
    name === 'AbortError' ||
    name === 'TimeoutError' ||
    code === 'UND_ERR_CONNECT_TIMEOUT' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'UND_ERR_ABORTED'
  );
}

/** The promise's answer, or a timeout error once the signal fires (a slow DNS answer counts too). */
function beforeDeadline<T>(promise: Promise<T>, signal: AbortSignal, timeoutMs: number): Promise<T> {
  const timedOut = () => new OutboundError('timeout', `The address did not answer within ${timeoutMs / 1000} s.`);
  if (signal.aborted) return Promise.reject(timedOut());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(timedOut());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** An HTTP call to a checked, pinned address, with a timeout, a body cap and checked redirects. */
export async function safeFetch(
  input: string | URL,
  options: SafeFetchOptions,
  policy: OutboundPolicy,
): Promise<SafeResponse> {
  const timeoutMs = options.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? OUTBOUND_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? OUTBOUND_MAX_REDIRECTS;
  const signal = AbortSignal.timeout(timeoutMs);
  let method = options.method ?? 'GET';
  let body = options.body;
  let current = typeof input === 'string' ? input : input.toString();

  for (let hop = 0; ; hop++) {
    const target = await beforeDeadline(assertPublicUrl(current, policy, options), signal, timeoutMs);
    const connect = { outboundCa: policy.outboundCa, timeoutMs };
    const agent = options.connections?.agentFor(target, connect) ?? pinnedAgent(target, connect);
    try {
      const res = await request(target.url, {
        method,
        headers: { 'user-agent': 'Portico/1 (+outbound)', ...options.headers },
        body,
        dispatcher: agent,
        signal,
      });
      const location = res.headers.location;
      if (res.statusCode >= 300 && res.statusCode < 400 && typeof location === 'string' && maxRedirects > 0) {
        await res.body.dump();
        if (hop >= maxRedirects)
          throw new OutboundError('too_many_redirects', `The address redirected more than ${maxRedirects} times.`);
        current = new URL(location, target.url).toString();
        if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
        }
        continue;
      }
      let content: Buffer = Buffer.alloc(0);
      if (options.readBody === false || method === 'HEAD') await res.body.dump();
      else content = await readCapped(res.body, maxBytes, options.truncate);
      return { status: res.statusCode, headers: res.headers, url: target.url.toString(), body: content };
    } catch (error) {
      if (error instanceof OutboundError) throw error;
      if (isAbort(error) || signal.aborted)
        throw new OutboundError('timeout', `The address did not answer within ${timeoutMs / 1000} s.`);
      throw new OutboundError('network', `The address could not be reached: ${(error as Error).message}`);
    } finally {
      if (!options.connections) await agent.destroy().catch(() => undefined);
    }
  }
}
