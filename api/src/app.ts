import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { REPO_ROOT, type AppContext } from '@portico/core';
import express, { type Express } from 'express';
import { errorHandler, notFoundHandler } from './http/errors';
import { clientAddress } from './http/client-address';
import { errorTraces } from './http/error-traces';
import { httpMetrics, metricsEndpoint } from './http/metrics';
import { requestLog } from './http/request-log';
import { apiSecurityHeaders, webAppSecurityHeaders } from './http/security-headers';
import { refuseIllFormedText } from './http/validate';
import { compressAnswers, webAppFiles } from './http/static';
import { ApiRateLimit, authenticateApiKey } from './middleware/api-key';
import { requireFlags } from './middleware/feature-flags';
import { PlatformRateLimit } from './middleware/platform-rate-limit';
import { PUBLIC_API_ROUTES, publicApiNotFound } from './public/routes';
import { publicApiGuards, webAppGuards } from './http/guards';
import { exactRouter, mountRoutes } from './http/mount';
import { WEB_APP_ROUTES } from './routes';

export const SPA_DIR = path.join(REPO_ROOT, 'frontend', 'dist');

/** `webAppDir`: the built web app to serve (another build's, for screenshots of it). */
export function createApp(ctx: AppContext, webAppDir = SPA_DIR): { app: Express; server: Server } {
  const app = express();
  // Paths match as written, here and in every router (`exactRouter`): `/api/FILES` is no route.
  app.set('case sensitive routing', true);
  app.disable('x-powered-by');
  // API answers are not stored (apiSecurityHeaders), so none is revalidated: no ETag to compute.
  app.set('etag', false);
  // Only the operator's proxies may name the client (audit rows, sign-in throttling count it).
  app.set('trust proxy', ctx.config.trustedProxies.length > 0 ? ctx.config.trustedProxies : false);
  // Said, not assumed: node:querystring gives objects without a prototype and never nests, so a
  // parameter named `toString` or `__proto__[x]` is only a name (issue 25); qs ('extended') nests.
  app.set('query parser', 'simple');
  app.use((req, _res, next) => {
    Object.defineProperty(req, 'ip', { value: clientAddress(req.ip, req) ?? null });
    next();
  });
  app.use(requestLog(ctx.logger));
  app.use(httpMetrics(ctx.metrics));
  app.use(errorTraces(ctx));
  app.get('/metrics', metricsEndpoint(ctx));
  app.use(compressAnswers());

  const api = exactRouter();
  // Stripe signs the body as sent: that route reads it raw (and express.json leaves it alone).
  api.use('/billing/webhook', express.raw({ type: () => true, limit: '1mb' }));
  api.use(express.json({ limit: '1mb' }));
  api.use(refuseIllFormedText);
  const rateLimit = new PlatformRateLimit(ctx);
  api.use(rateLimit.webApp());
  // The public API answers to API keys only, before any session route can see the request. Its
  // flag refuses all of it, before a key is even looked at.
  api.use(
    '/v1',
    ...requireFlags(ctx, ['public_api']),
    authenticateApiKey(ctx, new ApiRateLimit(ctx)),
    rateLimit.publicApi(),
    mountRoutes(ctx, PUBLIC_API_ROUTES, publicApiGuards),
    publicApiNotFound,
  );
  api.use(mountRoutes(ctx, WEB_APP_ROUTES, webAppGuards(ctx)));
  api.use(notFoundHandler);
  app.use('/api', apiSecurityHeaders(), api);

  app.use(webAppSecurityHeaders({ https: ctx.config.publicUrl.startsWith('https:') }));

  if (existsSync(webAppDir)) {
    app.use(webAppFiles(webAppDir));
  } else {
    app.get('/{*path}', (_req, res) =>
      res.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.'),
    );
  }
  app.use(errorHandler(ctx.logger));

  return { app, server: createServer(app) };
}
