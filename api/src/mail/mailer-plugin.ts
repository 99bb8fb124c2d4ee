import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { prepared } from '../db/database';
import { createOutboxMailer, createSmtpMailer, type MailMessage, type Mailer } from './mailer';
import { mailLinks, type MailLinks } from './email-preferences';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** Signs and reads the unsubscribe links of the e-mails a person may turn off. */
    mailLinks: MailLinks;
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
    /** Called as e-mails are accepted or refused by the SMTP server (metrics listen here). */
    mailEvents: { onSent: Array<() => void>; onFailed: Array<() => void> };
  }
}

const MAIL_JOB = 'mail.send';
const SENT_BEFORE = prepared('SELECT key FROM mail_deliveries WHERE key = ANY ($1::text[])');
const MARK_SENT = prepared('INSERT INTO mail_deliveries (key) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', { announces: false });

/**
 * Calls of one turn of the event loop answered by one call of `many` with all
 * their arguments (in order; one answer each).
 */
function together<In, Out>(many: (inputs: In[]) => Promise<Out[]>): (input: In) => Promise<Out> {
  let batch: { inputs: In[]; answers: Promise<Out[]> } | undefined;
  return (input) => {
    if (!batch) {
      const next = { inputs: [] as In[], answers: Promise.resolve([] as Out[]) };
      next.answers = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        batch = undefined;
        return many(next.inputs);
      });
      batch = next;
    }
    const index = batch.inputs.push(input) - 1;
    return batch.answers.then((answers) => answers[index]!);
  };
}

export const mailerPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    // As many connections as e-mails under way, up to what an SMTP server commonly allows one client.
    const mailer = config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom, Math.min(config.jobs.concurrency, 8))
      : createOutboxMailer(app.db);
    app.decorate('mailer', mailer);
    app.decorate('mailLinks', mailLinks(app.db, config.publicUrl));
    app.decorate('mailEvents', { onSent: [], onFailed: [] });
    // The e-mails of a batch look up and write their markers together: one statement each per turn.
    const sentBefore = together<string, boolean>(async (keys) => {
      const { rows } = await app.db.query<{ key: string }>(SENT_BEFORE, [keys]);
      const sent = new Set(rows.map((row) => row.key));
      return keys.map((key) => sent.has(key));
    });
    const markSent = together<string, void>(async (keys) => {
      await app.db.query(MARK_SENT, [keys]);
      return keys.map(() => undefined);
    });
    const retry = { limit: config.jobs.mailRetryLimit, delaySeconds: config.jobs.mailRetryDelaySeconds, backoff: true };
    app.jobs.define<MailMessage>({
      name: MAIL_JOB,
      retry,
      expireSeconds: config.jobs.mailExpireSeconds,
      // A try after the instance died mid-batch finds the marker of what that instance sent. The
      // marker is written once the SMTP server has taken the message: the one moment a crash can
      // still duplicate is between its answer and this statement, never a lost e-mail.
      run: async (message, job) => {
        const key = message.key ?? job.id;
        if (await sentBefore(key)) return;
        try {
          await mailer.send(message);
        } catch (error) {
          app.mailEvents.onFailed.forEach((listen) => listen());
          throw error;
        }
        await markSent(key);
        app.mailEvents.onSent.forEach((listen) => listen());
      },
    });
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
      // A task may queue a job (a fan-out) and a job may start a task: until both are quiet.
      do {
        while (running.size > 0) await Promise.all([...running]);
        await app.jobs.idle();
      } while (running.size > 0);
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
