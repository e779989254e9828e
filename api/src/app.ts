import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { isIP } from 'node:net';
import path from 'node:path';
import { REPO_ROOT, type AppContext } from '@portico/core';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { randomUUID } from 'node:crypto';
import { errorHandler, notFoundHandler } from './http/errors';
import { refuseIllFormedText } from './http/validate';
import { LoginThrottle, ResetEmailThrottle } from './throttles';
import { authenticate } from './middleware/authenticate';
import { requireWorkspace } from './middleware/workspace';
import { brandRoutes, publicBrandRoutes } from './routes/brand';
import { embedRoutes } from './routes/embeds';
import { fileRoutes } from './routes/files';
import { formRoutes } from './routes/forms';
import { webhookRoutes } from './routes/webhooks';
import { apiKeyRoutes } from './routes/api-keys';
import { openApiDocument } from './openapi';
import { publicApiRoutes } from './public/routes';
import { invitationRoutes } from './routes/invitations';
import { peopleRoutes } from './routes/people';
import { profileRoutes } from './routes/profile';
import { publicAuthRoutes, sessionRoutes } from './routes/auth';
import { superRoutes } from './routes/super';
import { workspaceRoutes } from './routes/workspace';
import { searchRoutes } from './routes/search';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const SPA_DIR = path.join(REPO_ROOT, 'frontend', 'dist');

/** Paths whose calls act inside one workspace (`x-tenant-id`). */
const WORKSPACE_PATHS = ['/tenant-config', '/tenant-roles', '/dashboard', '/users', '/invite', '/invitations', '/admin-reset-password', '/search', '/embeds', '/forms', '/form-responses', '/integrations/webhooks', '/integrations/api-keys'];

export function createApp(ctx: AppContext): { app: Express; server: Server } {
  const app = express();
  app.disable('x-powered-by');
  // Only the operator's proxies may name the client (audit rows, sign-in throttling count it).
  app.set('trust proxy', ctx.config.trustedProxies.length > 0 ? ctx.config.trustedProxies : false);
  app.use((req, _res, next) => {
    // A trusted proxy can still pass on a forwarded value that is no address; the connection's own is used then.
    const ip = req.ip ?? '';
    if (isIP(ip) === 0 || ip.length > 45) Object.defineProperty(req, 'ip', { value: req.socket.remoteAddress ?? null });
    next();
  });
  app.use(
    pinoHttp({
      logger: ctx.logger,
      genReqId: (req, res) => {
        const given = req.headers['x-request-id'];
        // A caller's id is kept for tracing only when it is a plain token; it goes into logs and headers.
        const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (req) => !req.url?.startsWith('/api') },
    }),
  );
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          frameSrc: ["'self'", 'https:'],
          connectSrc: ["'self'"],
        },
      },
    }),
  );

  const api = express.Router();
  api.use(express.json({ limit: '1mb' }));
  api.use(refuseIllFormedText);
  api.get('/health', async (_req, res) => {
    await Promise.all([ctx.sequelize.query('SELECT 1'), ctx.redis.ping()]);
    res.json({ status: 'ok' });
  });
  // The public API answers to API keys only, before any session route can see the request.
  api.use('/v1', publicApiRoutes(ctx));
  api.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument());
  });
  const authenticateSession = authenticate(ctx.config);
  api.use(publicAuthRoutes(ctx, new LoginThrottle(ctx.redis, ctx.config), new ResetEmailThrottle(ctx.redis, ctx.config)));
  api.use(invitationRoutes(ctx, authenticateSession));
  api.use(sessionRoutes(ctx, authenticateSession));
  api.use('/profile', authenticateSession);
  api.use(WORKSPACE_PATHS, authenticateSession, requireWorkspace);
  api.use(profileRoutes(ctx));
  api.use('/super', authenticateSession, superRoutes(ctx));
  api.use(workspaceRoutes(ctx));
  api.use(searchRoutes(ctx));
  api.use(peopleRoutes(ctx));
  api.use(fileRoutes(ctx, authenticateSession));
  api.use(brandRoutes(ctx));
  api.use(publicBrandRoutes(ctx));
  api.use(embedRoutes(ctx));
  api.use(formRoutes(ctx));
  api.use(webhookRoutes(ctx));
  api.use(apiKeyRoutes(ctx));
  api.use(notFoundHandler);
  app.use('/api', api);

  if (existsSync(SPA_DIR)) {
    app.use(express.static(SPA_DIR, { index: false, maxAge: '1h' }));
    app.get('/{*path}', (_req, res) => res.sendFile(path.join(SPA_DIR, 'index.html')));
  } else {
    app.get('/{*path}', (_req, res) => res.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.'));
  }
  app.use(errorHandler(ctx.logger));

  return { app, server: createServer(app) };
}
