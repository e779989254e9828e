import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  from: string;
  /** The display name of the From header, and the Reply-To address, when the message has them. */
  fromName: string | undefined;
  replyTo: string | undefined;
  subject: string;
  /** The Message-ID header as sent (`<unique@domain>`). */
  messageId: string | undefined;
  text: string;
  html: string;
  /** Every header by its lower-case name (the last one of a name), as received. */
  headers: Record<string, string>;
  /** The user name the client signed in with (SendGrid's relay: `apikey`), if it did. */
  user: string | undefined;
}

/**
 * A real SMTP server on loopback that keeps what it receives; can refuse the first N messages.
 * `delayMs` holds the answer to a message whose data has arrived (it is kept even if the client
 * is gone by then, as a real server may deliver it); `greetingDelayMs` holds the greeting of each
 * connection, so a client is connected but has sent nothing yet.
 */
export async function startSmtpServer(
  options: { rejectFirst?: number; delayMs?: number; greetingDelayMs?: number } = {},
) {
  const messages: ReceivedMail[] = [];
  /** Every sign-in the server accepted (it accepts any), for tests of relays that need one. */
  const logins: Array<{ username: string; password: string }> = [];
  const waiters: Array<() => void> = [];
  let rejectionsLeft = options.rejectFirst ?? 0;
  let connections = 0;
  let dataReceived = 0;
  /** Connection failures, such as a client killed mid-message resetting its connection. */
  const errors: Error[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      if (options.greetingDelayMs) setTimeout(() => callback(), options.greetingDelayMs);
      else callback();
    },
    onAuth(auth, _session, callback) {
      logins.push({ username: auth.username ?? '', password: auth.password ?? '' });
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        dataReceived++;
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
              fromName: mail.from?.name || undefined,
              replyTo: mail.replyTo?.[0]?.address || undefined,
              subject: mail.subject ?? '',
              messageId: mail.messageId || undefined,
              text: mail.text ?? '',
              html: mail.html ?? '',
              headers: Object.fromEntries(mail.headers.map((h) => [h.key, h.value])),
              user: typeof session.user === 'string' ? session.user : undefined,
            });
            waiters.splice(0).forEach((w) => w());
            callback();
          })
          .catch(callback);
      });
    },
  });
  server.on('error', (error: Error) => errors.push(error));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    logins,
    errors,
    /** Resolves once a client has connected (e.g. a worker has started sending). */
    async waitForConnection(timeoutMs = 10_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (connections === 0) {
        if (Date.now() > deadline) throw new Error('no SMTP connection');
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    /** Resolves once a message's data has arrived in full (the server may not have answered it yet). */
    async waitForData(timeoutMs = 10_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (dataReceived === 0) {
        if (Date.now() > deadline) throw new Error('no SMTP message data');
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
