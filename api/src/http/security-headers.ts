import helmet from 'helmet';
import type { Request, RequestHandler, Response } from 'express';

/** What the web app's pages may load: its own scripts, inline styles for tenant colours, images and embeds over https. */
const WEB_APP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  frameSrc: ["'self'", 'https:'],
  connectSrc: ["'self'"],
};

/**
 * The web app's pages, and stored files opened in the browser (previews), get every header helmet
 * sets. A platform served over plain HTTP (PUBLIC_URL http://…, a LAN or local install) asks for no
 * upgrade to HTTPS: its scripts would then not load on any host but localhost.
 */
export function webAppSecurityHeaders(options: { https: boolean }): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      directives: { ...WEB_APP_DIRECTIVES, ...(!options.https && { upgradeInsecureRequests: null }) },
    },
    strictTransportSecurity: options.https,
  });
}

/**
 * API answers are data, not documents: what only matters to a page (opener and agent-cluster
 * isolation, DNS prefetching, the old IE and Flash switches) is left out, and the policy lets the
 * answer load nothing. Every header costs each of the many calls a page makes (`npm run bench`
 * measured a third of the throughput of a cached call going to the full document set).
 */
export function apiSecurityHeaders(): RequestHandler {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'self'"] } },
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  // Answers hold a person's data: no browser or proxy keeps them, unless a route says otherwise
  // (brand images are public and immutable). Nothing is revalidated, so no ETag is computed either.
  const fixed: Array<[string, string]> = [['cache-control', 'no-store'], ...headersSetBy(headers)];
  return (_req, res, next) => {
    for (const [name, value] of fixed) res.setHeader(name, value);
    next();
  };
}

/**
 * The headers a helmet middleware sets, read once: with no nonces or per-request options they are
 * the same for every answer, and setting them from a list spares each API call helmet's chain of a
 * dozen middlewares (`npm run bench`).
 */
function headersSetBy(middleware: RequestHandler): Array<[string, string]> {
  const set: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => set.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  middleware({} as Request, recorder as unknown as Response, () => undefined);
  return set;
}

/** Stored files shown inline (the preview frame) are documents again: they get the web app's headers. */
export const storedFileSecurityHeaders: RequestHandler = webAppSecurityHeaders({ https: true });
