import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertPublicUrl,
  isPublicAddress,
  OutboundConnections,
  OutboundError,
  safeFetch,
  type OutboundPolicy,
} from '../src/kernel/outbound';
import { PUBLIC_ADDRESSES, REFUSED_ADDRESSES } from './outbound-vectors';

const STRICT: OutboundPolicy = { outboundAllowPrivate: false };
const OPEN: OutboundPolicy = { outboundAllowPrivate: true };

async function failure(promise: Promise<unknown>): Promise<OutboundError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OutboundError) return error;
    throw error;
  }
  throw new Error('expected the call to be refused');
}

describe('isPublicAddress', () => {
  it.each(REFUSED_ADDRESSES)('refuses %s (%s)', (_label, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(PUBLIC_ADDRESSES.map((address) => [address]))('accepts the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('assertPublicUrl', () => {
  it('refuses other schemes, https-only where asked, and credentials', async () => {
    expect((await failure(assertPublicUrl('javascript:alert(1)', OPEN))).reason).toBe('scheme');
    expect((await failure(assertPublicUrl('data:text/html,hi', OPEN))).reason).toBe('scheme');
    expect((await failure(assertPublicUrl('ftp://example.com/', OPEN))).reason).toBe('scheme');
    expect((await failure(assertPublicUrl('http://8.8.8.8/', OPEN, { httpsOnly: true }))).reason).toBe('scheme');
    expect((await failure(assertPublicUrl('https://u:p@8.8.8.8/', OPEN))).reason).toBe('credentials');
    expect((await failure(assertPublicUrl('not a url', OPEN))).reason).toBe('invalid_url');
  });

  it('refuses literal private addresses, IPv6 in brackets included', async () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://[::1]:8080/',
      'http://[::ffff:127.0.0.1]/',
      'http://169.254.169.254/latest/meta-data',
      'https://10.0.0.5/',
      'http://0.0.0.0/',
      'http://[fe80::1]/',
    ]) {
      expect((await failure(assertPublicUrl(url, STRICT))).reason, url).toBe('private_address');
    }
  });

  it('refuses a hostname that resolves to loopback (localhost) without the flag, and allows it with the flag', async () => {
    expect((await failure(assertPublicUrl('http://localhost/', STRICT))).reason).toBe('private_address');
    const allowed = await assertPublicUrl('http://localhost/', OPEN);
    expect(isPublicAddress(allowed.address)).toBe(false);
  });

  it('reaches a host named in OUTBOUND_ALLOW_HOSTS on a private address, and no other private one', async () => {
    const policy: OutboundPolicy = { outboundAllowPrivate: false, outboundAllowHosts: ['webhook-receiver'] };
    const resolver = async () => [{ address: '172.18.0.9', family: 4 }];
    expect(await assertPublicUrl('http://Webhook-Receiver:8080/hook-0', policy, { resolver })).toMatchObject({
      address: '172.18.0.9',
    });
    for (const url of ['http://api:8080/', 'http://webhook-receiver.evil.test/', 'http://172.18.0.9:8080/'])
      expect((await failure(assertPublicUrl(url, policy, { resolver }))).reason, url).toBe('private_address');
  });

  it('refuses a name when any of its addresses is private', async () => {
    const resolver = async () => [
      { address: '8.8.8.8', family: 4 },
      { address: '10.0.0.1', family: 4 },
    ];
    expect((await failure(assertPublicUrl('https://mixed.test/', STRICT, { resolver }))).reason).toBe(
      'private_address',
    );
  });

  it('returns the checked public address of a name', async () => {
    const resolver = async () => [{ address: '93.184.215.14', family: 4 }];
    const checked = await assertPublicUrl('https://public.test/x', STRICT, { resolver });
    expect(checked).toMatchObject({ address: '93.184.215.14', family: 4 });
  });

  it('reports names that do not resolve', async () => {
    const resolver = async () => {
      throw new Error('ENOTFOUND');
    };
    expect((await failure(assertPublicUrl('https://nowhere.test/', STRICT, { resolver }))).reason).toBe('dns');
  });
});

describe('safeFetch', () => {
  let server: Server;
  let port: number;
  let other: Server;
  let otherPort: number;
  const seenByOther: string[] = [];

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/hello') {
      res.setHeader('x-frame-options', 'DENY');
      res.end('hello');
    } else if (url.pathname === '/loop') {
      res.writeHead(302, { location: '/loop' }).end();
    } else if (url.pathname === '/hops') {
      const left = Number(url.searchParams.get('n'));
      res.writeHead(301, { location: left > 0 ? `/hops?n=${left - 1}` : '/hello' }).end();
    } else if (url.pathname === '/to-other') {
      res.writeHead(302, { location: `http://127.0.0.2:${otherPort}/secret` }).end();
    } else if (url.pathname === '/big') {
      res.end(Buffer.alloc(4096, 97));
    } else if (url.pathname === '/slow') {
      setTimeout(() => res.end('late'), 2000);
    } else {
      res.statusCode = 404;
      res.end();
    }
  };

  beforeAll(async () => {
    server = createServer(handler);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
    other = createServer((req, res) => {
      seenByOther.push(req.url ?? '');
      res.end('secret');
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.2', r));
    otherPort = (other.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    other.closeAllConnections();
    await new Promise((r) => server.close(r));
    await new Promise((r) => other.close(r));
  });

  it('refuses loopback without the flag and never connects', async () => {
    expect((await failure(safeFetch(`http://127.0.0.1:${port}/hello`, {}, STRICT))).reason).toBe('private_address');
    expect((await failure(safeFetch(`http://localhost:${port}/hello`, {}, STRICT))).reason).toBe('private_address');
  });

  it('reaches loopback when the flag allows it', async () => {
    const res = await safeFetch(`http://127.0.0.1:${port}/hello`, {}, OPEN);
    expect(res.status).toBe(200);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.body.toString()).toBe('hello');
  });

  it('connects to the address it checked, without resolving the name again', async () => {
    let calls = 0;
    // A rebinding resolver: a different answer on every call. Only the first one may be used.
    const resolver = async () => {
      calls++;
      return [{ address: calls === 1 ? '127.0.0.1' : '10.255.255.1', family: 4 }];
    };
    const res = await safeFetch(`http://rebind.test:${port}/hello`, { resolver }, OPEN);
    expect(res.status).toBe(200);
    expect(calls).toBe(1);
  });

  it('follows redirects, checking each hop, up to 3', async () => {
    const ok = await safeFetch(`http://127.0.0.1:${port}/hops?n=2`, {}, OPEN);
    expect(ok.status).toBe(200);
    expect(ok.url).toBe(`http://127.0.0.1:${port}/hello`);
    expect((await failure(safeFetch(`http://127.0.0.1:${port}/loop`, {}, OPEN))).reason).toBe('too_many_redirects');
    const manual = await safeFetch(`http://127.0.0.1:${port}/loop`, { maxRedirects: 0 }, OPEN);
    expect(manual.status).toBe(302);
  });

  it('refuses a redirect to a private address', async () => {
    const policy: OutboundPolicy = { outboundAllowPrivate: false, outboundAllowAddresses: ['127.0.0.1'] };
    expect((await safeFetch(`http://127.0.0.1:${port}/hello`, {}, policy)).status).toBe(200);
    const error = await failure(safeFetch(`http://127.0.0.1:${port}/to-other`, {}, policy));
    expect(error.reason).toBe('private_address');
    expect(seenByOther).toEqual([]);
  });

  it('caps the body and times out', async () => {
    expect((await failure(safeFetch(`http://127.0.0.1:${port}/big`, { maxBytes: 1000 }, OPEN))).reason).toBe(
      'too_large',
    );
    expect((await safeFetch(`http://127.0.0.1:${port}/big`, { maxBytes: 5000 }, OPEN)).body.length).toBe(4096);
    // Webhook response excerpts: keep the first bytes instead of failing.
    const excerpt = await safeFetch(`http://127.0.0.1:${port}/big`, { maxBytes: 1000, truncate: true }, OPEN);
    expect(excerpt.status).toBe(200);
    expect(excerpt.body.toString()).toBe('a'.repeat(1000));
    expect((await failure(safeFetch(`http://127.0.0.1:${port}/slow`, { timeoutMs: 300 }, OPEN))).reason).toBe(
      'timeout',
    );
  });

  it('HEAD reads no body', async () => {
    const res = await safeFetch(`http://127.0.0.1:${port}/hello`, { method: 'HEAD' }, OPEN);
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(0);
  });
});

describe('safeFetch with kept-alive connections', () => {
  let server: Server;
  let port: number;
  /** The local address of each connection the server accepted: which checked address was used. */
  const connections: string[] = [];

  beforeAll(async () => {
    server = createServer((_req, res) => res.end('ok'));
    server.on('connection', (socket) => connections.push(socket.localAddress ?? ''));
    await new Promise<void>((r) => server.listen(0, '0.0.0.0', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('reuses a connection only to the address just checked; a host that moves gets a new, checked one', async () => {
    const pool = new OutboundConnections();
    const answers = ['127.0.0.1', '127.0.0.1', '127.0.0.2', '10.0.0.1'];
    const resolver = async () => [{ address: answers.shift()!, family: 4 }];
    const post = () =>
      safeFetch(
        `http://moving.test:${port}/`,
        { method: 'POST', body: '{}', resolver, connections: pool },
        {
          outboundAllowPrivate: false,
          outboundAllowAddresses: ['127.0.0.1', '127.0.0.2'],
        },
      );
    try {
      for (let i = 0; i < 3; i++) {
        expect((await post()).status).toBe(200);
        // undici hands the connection back for the next call a turn after the answer is read.
        await new Promise((r) => setImmediate(r));
      }
      expect(connections).toEqual(['127.0.0.1', '127.0.0.2']);
      // Every call is checked again: a name now pointing at a private address is refused, never connected.
      expect((await failure(post())).reason).toBe('private_address');
      expect(connections).toHaveLength(2);
    } finally {
      await pool.close();
    }
  });
});

describe('safeFetch over TLS', () => {
  const cert = readFileSync(new URL('../../../testing/fixtures/localhost-tls.crt', import.meta.url), 'utf8');
  const key = readFileSync(new URL('../../../testing/fixtures/localhost-tls.key', import.meta.url), 'utf8');
  const server = createTlsServer({ cert, key }, (_req, res) => res.end('secure'));
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('verifies certificates against the system roots plus the configured CA, with the host name as SNI', async () => {
    expect((await failure(safeFetch(`https://localhost:${port}/`, {}, OPEN))).reason).toBe('network');
    const res = await safeFetch(`https://localhost:${port}/`, { httpsOnly: true }, { ...OPEN, outboundCa: cert });
    expect(res.body.toString()).toBe('secure');
  });
});
