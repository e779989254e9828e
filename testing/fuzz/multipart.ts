import { Socket } from 'node:net';
import { INHERITED_NAMES, POLLUTING_NAMES } from './corpus';

/*
 * Malformed multipart/form-data bodies, built by hand and written on a raw socket: bodies that end
 * inside a part, lack or never show their boundary, break busboy's limits, carry odd RFC 5987 file
 * names, arrive slowly, or stop half-way because the client went away (issue 8 §1); and well-formed
 * bodies whose field names every plain object already has, or that name a path to a prototype (issue 25).
 */

export interface RawExchange {
  /** The status of the answer, if one came. */
  status?: number;
  /** The answer's first bytes. */
  head: string;
  /** How the exchange ended. */
  ended: 'answered' | 'closed without answer' | 'client disconnected' | 'deadline';
  ms: number;
}

export interface RawPlan {
  /** Request line and headers, without the final blank line. */
  head: string;
  /** The body, in the chunks it is written in. */
  chunks: Buffer[];
  /** Pause between chunks. */
  delayMs?: number;
  /** Destroy the socket after writing this many chunks (a client that goes away). */
  destroyAfterChunks?: number;
  /** Half-close (FIN) after the last chunk, even if the declared length is longer. */
  halfClose?: boolean;
  /**
   * Read nothing until the whole body is written and this many ms more have passed, as a client
   * that sends its whole request before it reads the answer does.
   */
  readAfterSendingMs?: number;
}

/** Writes the plan on a new connection and reads the answer until the server closes it or the deadline. */
export function exchange(url: string, plan: RawPlan, deadlineMs = 10_000): Promise<RawExchange> {
  const { hostname, port } = new URL(url);
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = new Socket();
    let received = '';
    let done = false;
    const finish = (ended: RawExchange['ended']) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const match = received.match(/^HTTP\/1\.1 (\d{3})/);
      resolve({
        status: match ? Number(match[1]) : undefined,
        head: received.slice(0, 400),
        ended: match ? 'answered' : ended,
        ms: Date.now() - started,
      });
    };
    const timer = setTimeout(() => finish('deadline'), deadlineMs);
    socket.on('data', (data: Buffer) => {
      received += data.toString('latin1');
      // One answer is enough: the status line and, when it declares one, the whole body.
      const headerEnd = received.indexOf('\r\n\r\n');
      if (headerEnd === -1) return;
      const length = received.slice(0, headerEnd).match(/\r\ncontent-length: *(\d+)/i);
      if (!length || received.length - headerEnd - 4 >= Number(length[1])) finish('answered');
    });
    socket.on('error', () => finish('closed without answer'));
    socket.on('close', () => finish('closed without answer'));
    socket.connect(Number(port), hostname, async () => {
      if (plan.readAfterSendingMs !== undefined) socket.pause();
      socket.write(`${plan.head}\r\n\r\n`);
      for (const [i, chunk] of plan.chunks.entries()) {
        if (done) return;
        if (plan.destroyAfterChunks !== undefined && i >= plan.destroyAfterChunks) {
          finish('client disconnected');
          return;
        }
        socket.write(chunk);
        if (plan.delayMs) await new Promise((r) => setTimeout(r, plan.delayMs));
      }
      if (plan.destroyAfterChunks !== undefined && plan.destroyAfterChunks >= plan.chunks.length) {
        finish('client disconnected');
        return;
      }
      if (plan.halfClose) socket.end();
      if (plan.readAfterSendingMs !== undefined) {
        await new Promise((r) => setTimeout(r, plan.readAfterSendingMs));
        socket.resume();
      }
    });
  });
}

/** Where a malformed body goes: a concrete upload route and who sends it. */
export interface UploadTarget {
  opKey: string;
  path: string;
  caller: string;
  headers: Record<string, string>;
  /** Fields the route needs besides the file (the form's question). */
  fields: Array<[string, string]>;
  /** A file name and type the route accepts. */
  file: { name: string; type: string; content: Buffer };
  /** The route's size limit, in bytes. */
  maxBytes: number;
}

export interface MalformedBody {
  label: string;
  plan: (target: UploadTarget) => RawPlan;
}

const B = 'XyZ';

function head(
  target: UploadTarget,
  contentType: string,
  length: number | null,
  extra: Record<string, string> = {},
): string {
  const headers = {
    ...target.headers,
    'content-type': contentType,
    ...(length === null ? {} : { 'content-length': String(length) }),
    ...extra,
    connection: 'close',
    host: 'localhost',
  };
  return [`POST ${target.path} HTTP/1.1`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)].join(
    '\r\n',
  );
}

function fieldParts(target: UploadTarget, boundary = B): string {
  return target.fields
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
}

function filePart(
  target: UploadTarget,
  disposition = `form-data; name="file"; filename="${target.file.name}"`,
  boundary = B,
  content: Buffer = target.file.content,
): Buffer {
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${target.file.type}\r\n\r\n`),
    content,
    Buffer.from('\r\n'),
  ]);
}

/** A complete request, one chunk. */
function whole(target: UploadTarget, body: Buffer, contentType = `multipart/form-data; boundary=${B}`): RawPlan {
  return { head: head(target, contentType, body.length), chunks: [body] };
}

function wellFormed(target: UploadTarget, disposition?: string, content?: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(fieldParts(target)),
    filePart(target, disposition, B, content),
    Buffer.from(`--${B}--\r\n`),
  ]);
}

/** Splits a buffer into chunks of `size` bytes. */
function pieces(body: Buffer, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < body.length; i += size) out.push(body.subarray(i, i + size));
  return out;
}

export const MALFORMED_BODIES: MalformedBody[] = [
  {
    // The body of issue 8 §1, exactly.
    label: 'file part that never reaches its closing boundary',
    plan: (t) =>
      whole(
        t,
        Buffer.from(
          `${fieldParts(t)}--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nx\r\n`,
        ),
      ),
  },
  {
    label: 'file part cut inside its content, no boundary after it',
    plan: (t) => whole(t, Buffer.concat([Buffer.from(fieldParts(t)), filePart(t).subarray(0, -2)])),
  },
  {
    label: 'body cut inside the part headers',
    plan: (t) => whole(t, Buffer.from(`${fieldParts(t)}--${B}\r\nContent-Disposition: form-data; name="file"; filen`)),
  },
  { label: 'no boundary parameter', plan: (t) => whole(t, wellFormed(t), 'multipart/form-data') },
  {
    label: 'a boundary that never appears',
    plan: (t) => whole(t, wellFormed(t), 'multipart/form-data; boundary=NeverThere'),
  },
  { label: 'empty body', plan: (t) => whole(t, Buffer.alloc(0)) },
  {
    label: 'boundary of 200 characters',
    plan: (t) => whole(t, Buffer.from(`--${'b'.repeat(200)}\r\n`), `multipart/form-data; boundary=${'b'.repeat(200)}`),
  },
  { label: 'multipart/mixed', plan: (t) => whole(t, wellFormed(t), `multipart/mixed; boundary=${B}`) },
  {
    label: 'part without Content-Disposition',
    plan: (t) => whole(t, Buffer.from(`--${B}\r\nContent-Type: text/plain\r\n\r\nx\r\n${fieldParts(t)}--${B}--\r\n`)),
  },
  {
    label: 'part headers over 80 KB',
    plan: (t) =>
      whole(
        t,
        Buffer.from(
          `${fieldParts(t)}--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nX-Pad: ${'a'.repeat(82_000)}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${B}--\r\n`,
        ),
      ),
  },
  {
    label: "filename*=UTF-8'' with percent-escapes",
    plan: (t) =>
      whole(
        t,
        wellFormed(t, `form-data; name="file"; filename*=UTF-8''r%C3%A9sum%C3%A9.${t.file.name.split('.').pop()}`),
      ),
  },
  {
    label: "filename*=ISO-8859-1''",
    plan: (t) =>
      whole(
        t,
        wellFormed(t, `form-data; name="file"; filename*=ISO-8859-1''r%E9sum%E9.${t.file.name.split('.').pop()}`),
      ),
  },
  {
    label: "filename*=UTF-16''",
    plan: (t) => whole(t, wellFormed(t, `form-data; name="file"; filename*=UTF-16''%FF%FEa%00.%00t%00x%00t%00`)),
  },
  {
    label: "filename*=KOI8-R''",
    plan: (t) => whole(t, wellFormed(t, `form-data; name="file"; filename*=KOI8-R''%F0%D2%C9%D7%C5%D4.txt`)),
  },
  {
    label: 'filename*= with broken escapes',
    plan: (t) => whole(t, wellFormed(t, `form-data; name="file"; filename*=UTF-8''%ZZ%E0%A4%A.txt`)),
  },
  {
    label: 'filename*= unknown charset',
    plan: (t) => whole(t, wellFormed(t, `form-data; name="file"; filename*=x-fuzz-unknown''abc.txt`)),
  },
  { label: 'filename*= empty', plan: (t) => whole(t, wellFormed(t, `form-data; name="file"; filename*=UTF-8''`)) },
  {
    label: 'filename and filename* both',
    plan: (t) =>
      whole(t, wellFormed(t, `form-data; name="file"; filename="plain.txt"; filename*=UTF-8''%F0%9F%8E%89.txt`)),
  },
  {
    label: 'filename of raw UTF-8 bytes',
    plan: (t) =>
      whole(t, wellFormed(t, `form-data; name="file"; filename="${Buffer.from('résumé漢🎉.txt').toString('latin1')}"`)),
  },
  {
    label: 'more fields than the limit (busboy fields)',
    plan: (t) =>
      whole(
        t,
        Buffer.concat([
          Buffer.from(
            Array.from(
              { length: 80 },
              (_, i) => `--${B}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`,
            ).join('') + fieldParts(t),
          ),
          filePart(t),
          Buffer.from(`--${B}--\r\n`),
        ]),
      ),
  },
  {
    label: 'more parts than the limit (busboy parts)',
    plan: (t) =>
      whole(
        t,
        Buffer.concat([
          Buffer.from(fieldParts(t)),
          ...Array.from({ length: 70 }, () => filePart(t, 'form-data; name="extra"; filename="e.txt"')),
          filePart(t),
          Buffer.from(`--${B}--\r\n`),
        ]),
      ),
  },
  {
    label: 'field larger than the limit (64 KB)',
    plan: (t) =>
      whole(
        t,
        Buffer.concat([
          Buffer.from(
            `--${B}\r\nContent-Disposition: form-data; name="title"\r\n\r\n${'t'.repeat(70_000)}\r\n${fieldParts(t)}`,
          ),
          filePart(t),
          Buffer.from(`--${B}--\r\n`),
        ]),
      ),
  },
  {
    label: 'two file parts',
    plan: (t) =>
      whole(t, Buffer.concat([Buffer.from(fieldParts(t)), filePart(t), filePart(t), Buffer.from(`--${B}--\r\n`)])),
  },
  {
    label: 'file before the fields',
    plan: (t) => whole(t, Buffer.concat([filePart(t), Buffer.from(fieldParts(t)), Buffer.from(`--${B}--\r\n`)])),
  },
  {
    label: 'field value of invalid UTF-8',
    plan: (t) =>
      whole(
        t,
        Buffer.concat([
          Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="title"\r\n\r\n`),
          Buffer.from([0xed, 0xa0, 0x80, 0xff, 0xfe]),
          Buffer.from(`\r\n${fieldParts(t)}`),
          filePart(t),
          Buffer.from(`--${B}--\r\n`),
        ]),
      ),
  },
  {
    label: 'file over the size limit',
    plan: (t) => whole(t, wellFormed(t, undefined, Buffer.alloc(t.maxBytes + 4096, 0x61))),
  },
  {
    label: 'client disconnects mid-file',
    plan: (t) => {
      const body = wellFormed(t, undefined, Buffer.alloc(200_000, 0x61));
      return {
        head: head(t, `multipart/form-data; boundary=${B}`, body.length),
        chunks: [body.subarray(0, body.length / 2)],
        destroyAfterChunks: 1,
        delayMs: 150,
      };
    },
  },
  {
    label: 'client disconnects right after the file part headers',
    plan: (t) => {
      const body = Buffer.from(
        `${fieldParts(t)}--${B}\r\nContent-Disposition: form-data; name="file"; filename="${t.file.name}"\r\nContent-Type: ${t.file.type}\r\n\r\n`,
      );
      return {
        head: head(t, `multipart/form-data; boundary=${B}`, body.length + 10_000),
        chunks: [body],
        destroyAfterChunks: 1,
        delayMs: 150,
      };
    },
  },
  {
    label: 'client disconnects mid-file of a file over the limit',
    plan: (t) => {
      const body = wellFormed(t, undefined, Buffer.alloc(t.maxBytes + 200_000, 0x61));
      return {
        head: head(t, `multipart/form-data; boundary=${B}`, body.length),
        chunks: pieces(body.subarray(0, t.maxBytes + 100_000), 256 * 1024),
        destroyAfterChunks: Math.ceil((t.maxBytes + 100_000) / (256 * 1024)),
        delayMs: 20,
      };
    },
  },
  {
    label: 'Content-Length longer than the body, then half-close',
    plan: (t) => {
      const body = wellFormed(t);
      return {
        head: head(t, `multipart/form-data; boundary=${B}`, body.length + 5000),
        chunks: [body.subarray(0, body.length - 10)],
        halfClose: true,
      };
    },
  },
  {
    label: 'chunked body that stops inside the file',
    plan: (t) => {
      const body = wellFormed(t, undefined, Buffer.alloc(5000, 0x61)).subarray(0, 3000);
      return {
        head: head(t, `multipart/form-data; boundary=${B}`, null, { 'transfer-encoding': 'chunked' }),
        chunks: [Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n')],
        destroyAfterChunks: 3,
        delayMs: 100,
      };
    },
  },
  {
    label: 'slow trickle (16 bytes every 15 ms)',
    plan: (t) => {
      const body = wellFormed(t);
      return {
        head: head(t, `multipart/form-data; boundary=${B}`, body.length),
        chunks: pieces(body, 16),
        delayMs: 15,
      };
    },
  },
  {
    label: 'slow trickle, then the client goes away',
    plan: (t) => {
      const body = wellFormed(t, undefined, Buffer.alloc(400, 0x61));
      const chunks = pieces(body, 16);
      return {
        head: head(t, `multipart/form-data; boundary=${B}`, body.length),
        chunks,
        delayMs: 10,
        destroyAfterChunks: Math.floor(chunks.length * 0.7),
      };
    },
  },
];

/**
 * A well-formed upload with one more field, sent twice (a repeated field is a list), named like a
 * property of every object or a path to a prototype: `toString`, `__proto__`, `constructor[prototype][polluted]`.
 */
export const FIELD_NAME_BODIES: MalformedBody[] = [...INHERITED_NAMES, ...POLLUTING_NAMES].map((name) => ({
  label: `field named ${name}, sent twice`,
  plan: (t) =>
    whole(
      t,
      Buffer.concat([
        Buffer.from(
          ['a', 'b']
            .map((value) => `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
            .join(''),
        ),
        wellFormed(t),
      ]),
    ),
}));
