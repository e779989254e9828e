import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** A workspace's sender name (onboarding's capabilities), shown with MAIL_FROM's address. */
  fromName?: string;
  /** Where replies go: the workspace's own address (MAIL_FROM's domain is the one allowed to send). */
  replyTo?: string;
  /** The Message-ID header (`<unique@domain>`), so a message sent again is known for the same one. */
  messageId?: string;
  /** Further headers (an inbox email's RFC 8058 List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

/** The address of MAIL_FROM (`Portal <portal@example.com>` or a bare address). */
function addressOf(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
}

/** MAIL_FROM as nodemailer takes it, with the workspace's name in place of its own when there is one. */
function fromOf(mailFrom: string, fromName: string | undefined) {
  if (!fromName) return mailFrom;
  return { name: fromName, address: addressOf(mailFrom) };
}

/** A new Message-ID on MAIL_FROM's domain (RFC 5322 §3.6.4: `<unique-part@domain>`). */
export function newMessageId(mailFrom: string): string {
  const domain = addressOf(mailFrom).split('@')[1] || 'localhost';
  return `<${randomUUID()}@${domain}>`;
}

/**
 * How mail leaves the server: SMTP when SMTP_URL is set; without it nothing is sent (the outbox
 * keeps the message). Once a SendGrid API key is saved (global integrations) the outbox sends
 * through `sendThroughSendgrid` instead, whatever SMTP_URL says.
 */
export interface Mailer {
  readonly delivers: boolean;
  send(message: OutgoingMail): Promise<void>;
  /** Sends through SendGrid's SMTP relay: user `apikey`, the API key as password. */
  sendThroughSendgrid(apiKey: string, message: OutgoingMail): Promise<void>;
  /** Connects to the SMTP server and signs in, sending nothing: the console's dependency check. */
  verify(): Promise<void>;
}

function mailOf(mailFrom: string, { fromName, replyTo, ...message }: OutgoingMail) {
  return { from: fromOf(mailFrom, fromName), ...(replyTo ? { replyTo } : {}), ...message };
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'sendgridSmtpUrl' | 'mailFrom'>): Mailer {
  const relay = new URL(config.sendgridSmtpUrl);
  const sendThroughSendgrid = async (apiKey: string, message: OutgoingMail) => {
    const transport = nodemailer.createTransport({
      host: relay.hostname,
      port: Number(relay.port || (relay.protocol === 'smtps:' ? 465 : 587)),
      secure: relay.protocol === 'smtps:',
      auth: { user: 'apikey', pass: apiKey },
    });
    try {
      await transport.sendMail(mailOf(config.mailFrom, message));
    } finally {
      transport.close();
    }
  };
  if (!config.smtpUrl) {
    return {
      delivers: false,
      send: () => Promise.reject(new Error('SMTP_URL is not set.')),
      sendThroughSendgrid,
      verify: () => Promise.reject(new Error('SMTP_URL is not set.')),
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    delivers: true,
    sendThroughSendgrid,
    send: async (message) => {
      await transport.sendMail(mailOf(config.mailFrom, message));
    },
    verify: async () => {
      await transport.verify();
    },
  };
}
