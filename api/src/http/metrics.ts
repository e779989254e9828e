import { metricsAllowed, refreshPlatformGauges, statusClass, type AppContext, type Metrics } from '@portico/core';
import type { RequestHandler } from 'express';
import { routeLabel } from './declared-route';
import { notFoundHandler } from './errors';

/**
 * Counts and times every answer by method, route template and status class. A request no route
 * declared is `unmatched` under /api and `web app` elsewhere (`routeLabel`), so no raw path ever becomes a label.
 */
export function httpMetrics(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.once('finish', () => {
      const labels = {
        method: req.method,
        route: routeLabel(req),
        status_class: statusClass(res.statusCode),
      };
      metrics.httpRequests.inc(labels);
      metrics.httpRequestDuration.observe(labels, (performance.now() - started) / 1000);
    });
    next();
  };
}

/** `GET /metrics`: this process's registry for Prometheus; a caller it is not for gets the API's 404. */
export function metricsEndpoint(ctx: AppContext): RequestHandler {
  return async (req, res, next) => {
    if (!metricsAllowed(req.ip, req.headers.authorization, ctx.config.metricsToken))
      return notFoundHandler(req, res, next);
    req.routeTemplate = '/metrics';
    try {
      await refreshPlatformGauges(ctx);
      res.type(ctx.metrics.registry.contentType).send(await ctx.metrics.registry.metrics());
    } catch (error) {
      next(error);
    }
  };
}
