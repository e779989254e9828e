import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import proxyaddr from 'proxy-addr';

/*
 * The client's address, as audit rows, sign-in throttling and the console's IP allowlist count it:
 * what the operator's trusted proxies (TRUST_PROXY) forwarded, else the connection's own. Express
 * works it out for HTTP requests with proxy-addr; the live socket's handshake uses the same rule.
 */

/** The address a request comes from: `forwarded` (Express's `req.ip`), unless that is no address. */
export function clientAddress(forwarded: string | undefined, req: IncomingMessage): string | undefined {
  // A trusted proxy can still pass on a forwarded value that is no address; the connection's own is used then.
  if (forwarded !== undefined && isIP(forwarded) !== 0 && forwarded.length <= 45) return forwarded;
  return req.socket.remoteAddress;
}

/** The address a socket.io handshake comes from, by the same rule as `req.ip` with `trust proxy`. */
export function handshakeAddress(trustedProxies: readonly string[], req: IncomingMessage): string | undefined {
  return clientAddress(proxyaddr(req, proxyaddr.compile([...trustedProxies])), req);
}
