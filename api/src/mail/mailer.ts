import nodemailer from 'nodemailer';
import { prepared, type Queryable } from '../db/database';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (`List-Unsubscribe` on notification e-mails). */
  headers?: Record<string, string>;
  /**
   * Sent once under this key whatever the tries: the job's id when unset. A job
   * that sends to several people names each recipient's key.
   */
  key?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /** Several messages at once: one statement for the outbox. */
  sendAll?(messages: MailMessage[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * Delivers through an SMTP server (`smtp://` or `smtps://` URL, credentials in
 * it) over a pool of open connections: a burst goes out over several
 * connections at once, each carrying many messages, instead of a connection
 * and a handshake per message.
 */
export function createSmtpMailer(url: string, from: string, connections = 5): Mailer {
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: connections,
    maxMessages: 500,
    // A connection the server stopped answering is dropped and its message tried again, not waited on for the default 10 minutes.
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send({ to, subject, text, html, headers }) {
      await transport.sendMail({ from, to, subject, text, html, ...(headers ? { headers } : {}) });
    },
    async close() {
      transport.close();
    },
  };
}

// Nothing listens for the outbox: its writes need not wait for announcements.
const STORE_ONE = prepared('INSERT INTO mail_outbox (to_address, subject, text_body, html_body) VALUES ($1, $2, $3, $4)', { announces: false });
const STORE_ALL = prepared(
  `INSERT INTO mail_outbox (to_address, subject, text_body, html_body)
   SELECT t.to_address, t.subject, t.text_body, t.html_body FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY
     AS t (to_address, subject, text_body, html_body, n) ORDER BY t.n`,
  { announces: false },
);

/** Keeps messages in the `mail_outbox` table, readable through the development outbox. */
export function createOutboxMailer(db: Queryable): Mailer {
  return {
    kind: 'outbox',
    async send({ to, subject, text, html }) {
      await db.query(STORE_ONE, [to, subject, text, html]);
    },
    async sendAll(messages) {
      if (messages.length === 0) return;
      await db.query(STORE_ALL, [
        messages.map((m) => m.to),
        messages.map((m) => m.subject),
        messages.map((m) => m.text),
        messages.map((m) => m.html),
      ]);
    },
    async close() {},
  };
}
