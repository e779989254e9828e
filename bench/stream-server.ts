/**
 * The streaming baseline: POST /sink pipes the request body to /dev/null; GET /source?bytes=N
 * answers N bytes from a repeated buffer. Plain node:http, nothing else.
 */
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const CHUNK = Buffer.alloc(1024 * 1024, 7);

function repeated(total: number): Readable {
  let left = total;
  return new Readable({
    read() {
      if (left <= 0) return void this.push(null);
      const part = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
      left -= part.length;
      this.push(part);
    },
  });
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method === 'POST' && url.pathname === '/sink') {
    pipeline(req, createWriteStream('/dev/null')).then(
      () => res.end('ok'),
      () => res.destroy(),
    );
    return;
  }
  if (req.method === 'GET' && url.pathname === '/source') {
    const bytes = Number(url.searchParams.get('bytes') ?? 0);
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(bytes) });
    repeated(bytes).pipe(res);
    return;
  }
  res.writeHead(404).end();
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`stream listening ${typeof address === 'object' && address ? address.port : ''}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
