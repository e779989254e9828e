import http from 'node:http';

/*
 * Requests go out through node:http rather than fetch: the fuzz needs paths exactly as written
 * (fetch's URL parser would resolve `/..` and re-encode), headers of any Latin-1 value, and bodies
 * as raw bytes.
 */

export interface WireRequest {
  method: string;
  /** The raw request target, e.g. `/api/files/%zz?cursor=…`. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export type WireResult =
  | { kind: 'answer'; status: number; headers: http.IncomingHttpHeaders; text: string; ms: number }
  | { kind: 'no-answer'; reason: string; ms: number };

/** Keeps sockets between requests; the fuzz sends thousands. */
export const keepAliveAgent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** Answers the response (status, headers, up to 64 KB of text), or why none came within `timeoutMs`. */
export function send(base: string, request: WireRequest, timeoutMs = 10_000): Promise<WireResult> {
  const { hostname, port } = new URL(base);
  const started = Date.now();
  return new Promise((resolve) => {
    let done = false;
    const finish = (result: WireResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(result);
    };
    const headers: Record<string, string> = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = String(request.body.length);
    let req: http.ClientRequest;
    try {
      req = http.request({
        host: hostname,
        port: Number(port),
        method: request.method,
        path: request.path,
        headers,
        agent: keepAliveAgent,
      });
    } catch (error) {
      // The request cannot be written at all (Node refuses the path or a header): not the server's fault.
      finish({
        kind: 'answer',
        status: 0,
        headers: {},
        text: `client refused to send: ${(error as Error).message}`,
        ms: 0,
      });
      return;
    }
    const timer = setTimeout(() => {
      req.destroy(new Error('deadline'));
      finish({ kind: 'no-answer', reason: `no answer within ${timeoutMs} ms`, ms: Date.now() - started });
    }, timeoutMs);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < 65_536) chunks.push(chunk);
        size += chunk.length;
      });
      res.on('end', () =>
        finish({
          kind: 'answer',
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString('utf8'),
          ms: Date.now() - started,
        }),
      );
      res.on('error', (error) =>
        finish({ kind: 'no-answer', reason: `answer broken off: ${error.message}`, ms: Date.now() - started }),
      );
      res.on('aborted', () =>
        finish({ kind: 'no-answer', reason: 'answer broken off (aborted)', ms: Date.now() - started }),
      );
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      finish({
        kind: 'no-answer',
        reason: `connection failed: ${error.code ?? error.message}`,
        ms: Date.now() - started,
      });
    });
    req.end(request.body);
  });
}

/** The JSON of an answer, or its text. */
export function bodyOf(result: WireResult): unknown {
  if (result.kind !== 'answer') return undefined;
  try {
    return result.text ? JSON.parse(result.text) : null;
  } catch {
    return result.text;
  }
}
