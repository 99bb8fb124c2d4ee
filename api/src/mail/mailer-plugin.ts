import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { createOutboxMailer, createSmtpMailer, type MailMessage, type Mailer } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /**
     * Sends without making the caller wait for an SMTP server: answers then
     * take the same time whether or not a message went out (no account
     * enumeration by timing). The outbox is written before answering, so a
     * developer finds the message as soon as the call returns.
     */
    deliverMail(message: MailMessage): Promise<void>;
  }
}

export const mailerPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const mailer = config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(app.db);
    app.decorate('mailer', mailer);
    app.decorate('deliverMail', async (message: MailMessage) => {
      const sending = mailer.send(message).catch((error: unknown) => {
        // The address is personal data; the subject is enough to trace the failure.
        app.log.error({ err: error, subject: message.subject }, 'e-mail delivery failed');
      });
      if (mailer.kind === 'outbox') await sending;
    });
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mailer', dependencies: ['db'] },
);
