import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** How the receiver answers one request. */
export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Wait this long before answering. */
  delayMs?: number;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** Answers for a path, used in order; once used up (or for other paths) the receiver answers 200 `ok`. */
  script: (path: string, answers: ScriptedAnswer[]) => void;
  /** Requests to one path. */
  at: (path: string) => ReceivedWebhook[];
  /** Resolves once `count` requests reached `path` (all paths when omitted). */
  waitFor: (count: number, path?: string, timeoutMs?: number) => Promise<ReceivedWebhook[]>;
  close: () => Promise<void>;
}

/** A local HTTP endpoint standing in for a tenant's webhook receiver, on loopback only. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const scripts = new Map<string, ScriptedAnswer[]>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://receiver').pathname;
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const answer = scripts.get(path)?.shift() ?? { status: 200, body: 'ok' };
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status, answer.headers).end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const at = (path: string) => received.filter((r) => r.path === path);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    at,
    script: (path, answers) => void scripts.set(path, [...answers]),
    waitFor: async (count, path, timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const seen = path ? at(path) : received;
        if (seen.length >= count) return seen;
        if (Date.now() > deadline)
          throw new Error(`the receiver got ${seen.length} of ${count} requests${path ? ` to ${path}` : ''}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
