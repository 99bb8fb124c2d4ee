import nodemailer from 'nodemailer';
import type { Queryable } from '../db/database';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** Delivers through an SMTP server (`smtp://` or `smtps://` URL, credentials in it). */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}

/** Keeps messages in the `mail_outbox` table, readable through the development outbox. */
export function createOutboxMailer(db: Queryable): Mailer {
  return {
    kind: 'outbox',
    async send({ to, subject, text, html }) {
      await db.query('INSERT INTO mail_outbox (to_address, subject, text_body, html_body) VALUES ($1, $2, $3, $4)', [to, subject, text, html]);
    },
    async close() {},
  };
}
