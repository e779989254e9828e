import path from 'node:path';
import compression from 'compression';
import express, { type RequestHandler, type Router } from 'express';
import { exactRouter } from './mount';

/**
 * Compresses what the client accepts compressed (br, gzip, deflate) from 1 KiB: JSON, the web app's
 * scripts and styles. A download (any answer with Content-Disposition: stored files, zips, exports)
 * leaves byte for byte as stored — most are compressed already, it keeps its Content-Length, and a
 * stream is not held up by a compressor.
 */
export function compressAnswers(): RequestHandler {
  const compress = compression({
    filter: (req, res) =>
      !res.getHeader('content-disposition') &&
      !String(res.getHeader('content-type') ?? '').startsWith('text/event-stream') &&
      compression.filter(req, res),
  });
  // A client that accepts no encoding gets nothing compressed: skip wrapping its answer (a twentieth
  // of a cached API call's time). Its answer then lacks `Vary: Accept-Encoding`, which is harmless:
  // an uncompressed answer suits every client.
  return (req, res, next) => (req.headers['accept-encoding'] ? compress(req, res, next) : next());
}

const REVALIDATE = 'no-cache';

/**
 * The built web app. Vite names everything under `assets/` by its content hash, so a changed file is
 * a new name: those are cached for a year and never revalidated. Everything else — `index.html`
 * above all, which every path of the app answers with — is revalidated on each use, so a deploy
 * reaches browsers at once. A missing asset is a 404 (an old page asking for a chunk of the previous
 * build), not the web app's page.
 */
export function webAppFiles(dir: string): Router {
  const router = exactRouter();
  router.use(
    '/assets',
    express.static(path.join(dir, 'assets'), { index: false, immutable: true, maxAge: '365d' }),
    (_req: express.Request, res: express.Response) => {
      res.status(404).type('text/plain').send('This file is not part of the current build of the web app.');
    },
  );
  router.use(
    express.static(dir, {
      index: false,
      cacheControl: false,
      setHeaders: (res) => res.setHeader('cache-control', REVALIDATE),
    }),
  );
  router.get('/{*path}', (_req, res) =>
    res.sendFile(path.join(dir, 'index.html'), { cacheControl: false, headers: { 'cache-control': REVALIDATE } }),
  );
  return router;
}
