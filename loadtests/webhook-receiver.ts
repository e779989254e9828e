/**
 * The receiver of the load tests' webhook storm: compose's `webhook-receiver` service (loadtest
 * profile) and `npm run loadtest` run it, so the storm's deliveries reach a real endpoint inside the
 * stack. Every POST is answered 200 and counted by path; `GET /count` answers the counts. Listens on
 * PORT (default 8080) on HOST (default every interface); stops on SIGTERM.
 */
import { createServer } from 'node:http';

const port = Number(process.env.PORT ?? 8080);
const counts = new Map<string, number>();
let total = 0;

const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://receiver').pathname;
  if (req.method === 'GET' && path === '/count') {
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ received: total, paths: Object.fromEntries(counts) }));
    return;
  }
  req.resume();
  req.on('end', () => {
    total += 1;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
});

server.listen(port, process.env.HOST || undefined, () => console.log(`webhook receiver listening on ${port}`));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
