import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** How mail leaves the server: SMTP when SMTP_URL is set; without it nothing is sent (the outbox keeps the message). */
export interface Mailer {
  readonly delivers: boolean;
  send(message: OutgoingMail): Promise<void>;
  /** Connects to the SMTP server and signs in, sending nothing: the console's dependency check. */
  verify(): Promise<void>;
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): Mailer {
  if (!config.smtpUrl) {
    return {
      delivers: false,
      send: () => Promise.reject(new Error('SMTP_URL is not set.')),
      verify: () => Promise.reject(new Error('SMTP_URL is not set.')),
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    delivers: true,
    send: async (message) => {
      await transport.sendMail({ from: config.mailFrom, ...message });
    },
    verify: async () => {
      await transport.verify();
    },
  };
}
