import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { createOutboxMailer, createSmtpMailer, type MailMessage, type Mailer } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /**
     * Sends without making the caller wait for an SMTP server: the message is
     * stored as a job and sent by a worker, tried again while the server is
     * down, so an outage neither fails the request nor loses the mail. The
     * outbox is written before answering, so a developer finds the message as
     * soon as the call returns.
     */
    deliverMail(message: MailMessage): Promise<void>;
    /**
     * `deliverMail` for the several e-mails of one event. The e-mails of every
     * event handed over in the same turn of the event loop are stored in one
     * statement: under load, many payments' e-mails share one round trip.
     */
    deliverMails(messages: MailMessage[]): Promise<void>;
    /** Runs `task` now, without the caller waiting; `backgroundIdle` and a clean shutdown wait for it. */
    inBackground(task: () => Promise<void>): void;
    /**
     * Runs `task` (issuing a link, composing and sending an e-mail) once the
     * answer to `request` has gone out, so that whether there was anything to
     * send cannot show in the answer or its timing.
     */
    afterResponse(request: FastifyRequest, task: () => Promise<void>): void;
    /** Resolves when every task queued by `afterResponse` so far has finished. */
    backgroundIdle(): Promise<void>;
  }
}

const MAIL_JOB = 'mail.send';

export const mailerPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const mailer = config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(app.db);
    app.decorate('mailer', mailer);
    const retry = { limit: config.jobs.mailRetryLimit, delaySeconds: config.jobs.mailRetryDelaySeconds, backoff: true };
    app.jobs.define<MailMessage>({ name: MAIL_JOB, run: (message) => mailer.send(message), retry });
    app.decorate('deliverMail', async (message: MailMessage) => {
      if (mailer.kind === 'outbox') {
        await mailer.send(message).catch((error: unknown) => {
          // The address is personal data; the subject is enough to trace the failure.
          app.log.error({ err: error, subject: message.subject }, 'e-mail delivery failed');
        });
      } else {
        await app.enqueue(MAIL_JOB, message);
      }
    });
    const storeAll = async (messages: MailMessage[]) => {
      if (mailer.kind === 'outbox' && mailer.sendAll) {
        await mailer.sendAll(messages).catch((error: unknown) => {
          app.log.error({ err: error, subjects: messages.map((message) => message.subject) }, 'e-mail delivery failed');
        });
      } else if (mailer.kind === 'outbox') {
        for (const message of messages) await app.deliverMail(message);
      } else {
        await app.enqueueAll(MAIL_JOB, messages);
      }
    };
    // The batch being gathered in this turn of the event loop, stored in the next.
    let gathering: { messages: MailMessage[]; stored: Promise<void> } | undefined;
    app.decorate('deliverMails', (messages: MailMessage[]) => {
      if (messages.length === 0) return Promise.resolve();
      if (!gathering) {
        const batch = { messages: [] as MailMessage[], stored: Promise.resolve() };
        batch.stored = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
          gathering = undefined;
          return storeAll(batch.messages);
        });
        gathering = batch;
      }
      gathering.messages.push(...messages);
      return gathering.stored;
    });

    const waiting = new WeakMap<FastifyRequest, Array<() => void>>();
    const running = new Set<Promise<void>>();
    app.decorate('inBackground', (task: () => Promise<void>) => {
      const done = task()
        .catch((error: unknown) => app.log.error({ err: error }, 'background task failed'))
        .finally(() => running.delete(done));
      running.add(done);
    });
    app.decorate('afterResponse', (request: FastifyRequest, task: () => Promise<void>) => {
      let start!: () => void;
      const started = new Promise<void>((resolve) => {
        start = resolve;
      });
      const done = started
        .then(task)
        .catch((error: unknown) => app.log.error({ err: error }, 'background task after a response failed'))
        .finally(() => running.delete(done));
      running.add(done);
      waiting.set(request, [...(waiting.get(request) ?? []), start]);
    });
    const startWaiting = async (request: FastifyRequest) => {
      const starts = waiting.get(request) ?? [];
      waiting.delete(request);
      // On the next turn of the event loop, not in this one: whatever reads the answer runs first.
      if (starts.length > 0) setImmediate(() => starts.forEach((start) => start()));
    };
    app.addHook('onResponse', startWaiting);
    app.addHook('onRequestAbort', startWaiting);
    app.decorate('backgroundIdle', async () => {
      while (running.size > 0) await Promise.all([...running]);
    });
    // Before the database closes: queued e-mail is finished, not lost, on a clean shutdown.
    app.addHook('preClose', async () => app.backgroundIdle());
    // And after the last requests in flight have been answered, for the tasks they queued.
    app.addHook('onClose', async () => {
      await app.backgroundIdle();
      await mailer.close();
    });
  },
  { name: 'mailer', dependencies: ['db', 'jobs'] },
);
