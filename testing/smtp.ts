import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server on loopback that keeps what it receives; can refuse the first N messages. */
export async function startSmtpServer(options: { rejectFirst?: number; delayMs?: number } = {}) {
  const messages: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  let rejectionsLeft = options.rejectFirst ?? 0;
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
        if (rejectionsLeft > 0) {
          rejectionsLeft--;
          callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
          return;
        }
        PostalMime.parse(Buffer.concat(chunks))
          .then((mail) => {
            messages.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: mail.html ?? '',
            });
            waiters.splice(0).forEach((w) => w());
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Resolves once a client has connected (e.g. a worker has started sending). */
    async waitForConnection(timeoutMs = 10_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (connections === 0) {
        if (Date.now() > deadline) throw new Error('no SMTP connection');
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    /** Resolves with the first message to `address` (waiting for it to arrive). */
    async waitFor(address: string, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => m.to.includes(address));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no email to ${address} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
