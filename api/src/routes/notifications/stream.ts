import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { errorResponses, EventStreamSchema, NOTIFICATION_EVENTS, type AppNotification } from 'shared/contract';
import { API_MESSAGES as M, MARKETPLACE_API_MESSAGES as MM } from 'shared/messages';
import { SIGNED_IN } from '../../accounts/signed-in';
import { findSessionUser } from '../../accounts/sessions';
import { hashToken } from '../../accounts/tokens';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import type { Translator } from '../../i18n/server-i18n';
import { HttpError } from '../../plugins/error-handler';
import { NOTIFICATION_SELECT, notificationView, type NotificationRow } from './notification-view';

/** The channel the database announces each new notification on, as `<user id>:<notification id>` (migration 0019). */
export const NOTIFICATION_ADDED = 'notification_added';

/** Streams one user may hold open on one instance: a tab each, and a bound on what a stolen token can hold. */
export const MAX_STREAMS_PER_USER = 5;

/** Under the idle timeouts of common proxies (often 30 or 60 s), so they never close a quiet stream. */
export const HEARTBEAT_MS = 25_000;

/** A stream whose instance has not refreshed it for this long (it died) no longer counts against the cap. */
const STALE_SECONDS = Math.ceil((HEARTBEAT_MS * 3) / 1000);

/** Unread notifications a reconnecting page is sent at most; older ones it reads from the list. */
const REPLAY_LIMIT = 30;

interface OpenStream {
  /** Its row in `live_streams`, counted by every instance. */
  id: string;
  userId: string;
  tokenHash: string;
  expiresAt: number;
  t: Translator;
  out: PassThrough;
  /** Resolves once the answer is over, whoever ended it. */
  finished: Promise<void>;
  /** Ids already sent by the replay, which the announcements may repeat. */
  replayed: Set<number>;
  /** Writes happen in order, each once the one before is out. */
  queue: Promise<void>;
}

const event = (name: string, data: unknown, id?: number) =>
  `event: ${name}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;

/**
 * Live notifications over Server-Sent Events. Each instance listens once to
 * the database's announcements and hands each notification to the streams
 * its reader has open here; the reader may be connected to any instance, the
 * writer may be any other. A stream ends with its session: sign-out,
 * suspension or expiry.
 */
export const notificationStreamRoutes: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ValibotTypeProvider>();
  const byUser = new Map<string, Set<OpenStream>>();

  const write = (stream: OpenStream, chunk: () => Promise<string | undefined>) => {
    stream.queue = stream.queue
      .then(chunk)
      .then((text) => {
        if (text !== undefined && !stream.out.writableEnded) stream.out.write(text);
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'notification stream write failed'));
  };

  const forgetting = new Set<Promise<void>>();
  const end = (stream: OpenStream) => {
    const streams = byUser.get(stream.userId);
    const listed = streams?.delete(stream) ?? false;
    if (streams?.size === 0) byUser.delete(stream.userId);
    if (!stream.out.writableEnded) stream.out.end();
    if (listed) {
      const forgotten = app.db
        .query('DELETE FROM live_streams WHERE id = $1', [stream.id])
        .then(
          () => undefined,
          (error: unknown) => app.log.warn({ err: error }, 'a live stream’s row could not be deleted; it stops counting once stale'),
        )
        .finally(() => forgetting.delete(forgotten));
      forgetting.add(forgotten);
    }
  };

  /**
   * Lists a new stream of `userId` for every instance, unless they already have
   * MAX_STREAMS_PER_USER open anywhere. Counted and listed under a lock of that
   * person's: pages opening at once on several instances cannot all slip under the cap.
   */
  const claimStream = (userId: string, id: string) =>
    app.db.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('live_streams:' || $1::text, 0))", [userId]);
      await tx.query('DELETE FROM live_streams WHERE user_id = $1 AND seen_at <= now() - make_interval(secs => $2)', [userId, STALE_SECONDS]);
      const { rows } = await tx.query<{ open: number }>('SELECT count(*)::int AS open FROM live_streams WHERE user_id = $1', [userId]);
      if (rows[0]!.open >= MAX_STREAMS_PER_USER) return false;
      await tx.query('INSERT INTO live_streams (id, user_id) VALUES ($1, $2)', [id, userId]);
      return true;
    });

  const everyStream = () => [...byUser.values()].flatMap((streams) => [...streams]);

  const listener = await app.db.listen(NOTIFICATION_ADDED, {
    onPayload(payload) {
      const [userId, id] = payload.split(':');
      const streams = userId ? byUser.get(userId) : undefined;
      if (!streams || !id) return;
      // One read for every page of the reader, each rendering it in its own language.
      const row = app.db.query<NotificationRow>(`${NOTIFICATION_SELECT} WHERE n.id = $1`, [id]).then((result) => result.rows[0]);
      for (const stream of streams) {
        write(stream, async () => {
          const found = await row;
          if (!found || stream.replayed.has(Number(found.id))) return undefined;
          return event(NOTIFICATION_EVENTS.notification, notificationView(stream.t, found), Number(found.id));
        });
      }
    },
    // Announcements were missed while the connection was down: pages read their lists again.
    onGap() {
      for (const stream of everyStream()) write(stream, async () => event(NOTIFICATION_EVENTS.resync, {}));
    },
  });

  // A session ended or its user changed (suspended, deleted): that user's streams check theirs.
  const recheck = async (streams: OpenStream[]) => {
    for (const stream of streams) {
      const found = await findSessionUser(app.db, stream.tokenHash).catch(() => undefined);
      if (!found || found.user.status !== 'active') end(stream);
      else stream.expiresAt = found.expiresAt.getTime();
    }
  };
  const unsubscribe = app.sessionChanges.subscribe((userId) => {
    const streams = userId === null ? everyStream() : [...(byUser.get(userId) ?? [])];
    if (streams.length > 0) void recheck(streams);
  });

  const heartbeat = setInterval(() => {
    const now = Date.now();
    const open = everyStream();
    for (const stream of open) {
      if (stream.expiresAt <= now) end(stream);
      else write(stream, async () => ': heartbeat\n\n');
    }
    // Still open here: the other instances keep counting them.
    const alive = everyStream().map((stream) => stream.id);
    if (alive.length > 0) {
      app.db
        .query('UPDATE live_streams SET seen_at = now() WHERE id = ANY ($1::uuid[])', [alive])
        .catch((error: unknown) => app.log.warn({ err: error }, 'live streams could not be refreshed'));
    }
  }, HEARTBEAT_MS).unref();

  // Open streams would hold the server open: a shutdown ends them, and pages reconnect elsewhere.
  // It waits for the answers to be over: the server then closes their connections as idle.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    unsubscribe();
    const streams = everyStream();
    for (const stream of streams) end(stream);
    await Promise.all(streams.map((stream) => stream.finished));
    await Promise.all([...forgetting]);
  });
  app.addHook('onClose', async () => listener.close());

  api.get(
    '/notifications/stream',
    {
      // Compression would hold events back until a buffer fills.
      compress: false,
      schema: {
        tags: ['notifications'],
        summary: 'New notifications as they happen (Server-Sent Events); a `Last-Event-ID` header replays the unread ones after it',
        security: SIGNED_IN,
        produces: ['text/event-stream'],
        response: { 200: EventStreamSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const tokenHash = hashToken(request.sessionToken!);
      const session = await findSessionUser(app.db, tokenHash);
      if (!session) throw new HttpError(401, request.t(M.signInRequired));
      const id = randomUUID();
      if (!(await claimStream(user.id, id))) throw new HttpError(429, request.t(MM.tooManyStreams));
      const streams = byUser.get(user.id) ?? new Set<OpenStream>();

      const stream: OpenStream = {
        id,
        userId: user.id,
        tokenHash,
        expiresAt: session.expiresAt.getTime(),
        t: request.t,
        out: new PassThrough(),
        // The response, not the request: a request's 'close' comes as soon as it has been read.
        finished: new Promise((resolve) => reply.raw.once('close', resolve)),
        replayed: new Set(),
        queue: Promise.resolve(),
      };
      // Listed before the replay is read: a notification committed in between is announced, not lost.
      streams.add(stream);
      byUser.set(user.id, streams);
      void stream.finished.then(() => end(stream));

      // Sent at once, so the page knows the stream is open before anything happens.
      stream.out.write(': open\n\n');
      const lastEventId = Number(request.headers['last-event-id']);
      if (Number.isSafeInteger(lastEventId) && lastEventId >= 0) {
        write(stream, async () => {
          const { rows } = await app.db.query<NotificationRow>(
            `SELECT * FROM (${NOTIFICATION_SELECT} WHERE n.user_id = $1 AND n.id > $2 AND n.read_at IS NULL ORDER BY n.id DESC LIMIT ${REPLAY_LIMIT}) AS latest
            ORDER BY id`,
            [user.id, lastEventId],
          );
          for (const row of rows) stream.replayed.add(Number(row.id));
          return (
            rows
              .map((row) => event(NOTIFICATION_EVENTS.notification, notificationView(stream.t, row) satisfies AppNotification, Number(row.id)))
              .join('') || undefined
          );
        });
      }

      reply.header('content-type', 'text/event-stream; charset=utf-8');
      // Proxies must pass each event on as it comes, not keep or transform the answer.
      reply.header('cache-control', 'no-cache, no-transform');
      reply.header('x-accel-buffering', 'no');
      // The connection ends with the stream: a shutdown that ends it does not wait for the connection to idle out.
      reply.header('connection', 'close');
      return reply.send(stream.out);
    },
  );
};
