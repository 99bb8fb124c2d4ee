import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface QueryResult<Row> {
  rows: Row[];
}

/**
 * A statement PostgreSQL parses and plans once per connection, then runs by
 * name: for the statements of the busiest requests. Made with `prepared`.
 */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
  /**
   * False for a write that no trigger announces (NOTIFY): the database then
   * answers without the round trip on the listening connections that waits
   * for this instance to hear its own announcements.
   */
  readonly announces?: false;
}

/**
 * Names a statement after its text: the same text always gets the same name,
 * and two texts never share one (a server connection refuses a name reused
 * for another text). Statements built from filters get one name per variant.
 */
export function prepared(text: string, options: { announces?: false } = {}): PreparedStatement {
  return { name: `s_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`, text, ...options };
}

/** Something SQL can be sent to: the database, or one transaction of it. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string | PreparedStatement, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** Notifications of one channel (LISTEN), as long as it is open. */
export interface Listener {
  /**
   * False while the connection that listens is down: notifications sent in
   * that time are lost, so whoever relies on them must not trust what they
   * remember until it is back.
   */
  readonly live: boolean;
  /**
   * Resolves once every notification committed before the call has been
   * handed to `onPayload`: what this process just wrote is then reflected.
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onPayload(payload: string): void;
  /** The connection dropped: notifications may have been missed. */
  onGap?(): void;
}

/** PostgreSQL, embedded (PGlite) or a server (pg): one dialect, one interface. */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** LISTEN on `channel`: every instance on the database hears what any of them NOTIFYs. */
  listen(channel: string, handlers: ListenHandlers): Promise<Listener>;
  /** The connection pool's use, on a server (metrics); the embedded database has no pool. */
  poolUse?(): PoolUse;
  close(): Promise<void>;
}

export interface PoolUse {
  /** Connections open, busy or idle. */
  open: number;
  idle: number;
  /** Queries waiting for a free connection. */
  waiting: number;
  max: number;
}

/** The database itself rather than one of its transactions (which has no `transaction` of its own). */
export function isDatabase(db: Queryable): db is Database {
  return 'transaction' in db;
}

const textOf = (sql: string | PreparedStatement) => (typeof sql === 'string' ? sql : sql.text);

/**
 * Connections a server pool opens when DATABASE_POOL_SIZE does not say: two per
 * core of this machine and one more, at least 4 and at most 20. Node runs the
 * requests on one core; more connections than the database can serve at once
 * only queue inside it.
 */
export function defaultPoolSize(cores: number = availableParallelism()): number {
  return Math.min(20, Math.max(4, 2 * cores + 1));
}

/** Embedded PostgreSQL in `dataDir/pgdata`, or in memory when no folder is given. */
export async function openPglite(dataDir?: string): Promise<Database> {
  let db: PGlite;
  if (dataDir) {
    const folder = path.join(dataDir, 'pgdata');
    mkdirSync(folder, { recursive: true });
    db = new PGlite(folder);
  } else {
    db = new PGlite();
  }
  return pgliteDatabase(db);
}

/** An embedded database, once it is ready, behind the interface every caller uses. */
export async function pgliteDatabase(db: PGlite): Promise<Database> {
  await db.waitReady;
  const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    // The embedded database is one connection in this process: there is no round trip a
    // named statement would save, so it runs the text.
    async query<Row>(sql: string | PreparedStatement, params: unknown[] = []) {
      const result = await target.query<Row>(textOf(sql), params);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...wrap(db),
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    // One connection: a NOTIFY reaches the callback before the statement that sent it
    // resolves, so there is never anything to wait for.
    async listen(channel, handlers) {
      const stop = await db.listen(channel, handlers.onPayload);
      return { live: true, sync: async () => undefined, close: stop };
    },
    close: () => db.close(),
  };
}

export interface PostgresOptions {
  /** Every connection uses this schema first (isolated test runs on a shared server). */
  schema?: string;
  /** Connections in the pool; `defaultPoolSize()` when not given. */
  max?: number;
}

/** A PostgreSQL server through a connection pool. */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const connection = {
    connectionString: url,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  };
  const max = options.max ?? defaultPoolSize();
  const pool = new pg.Pool({ ...connection, max });
  const listeners = new Set<Listener>();
  const announcements = announcementsOn(connection);
  // An idle connection the server closed (restart, failover, an admin's command) is an
  // 'error' event on the pool: without a listener it would end the process. The pool opens a
  // new connection for the next query; a query in flight still fails, with its own error.
  pool.on('error', () => undefined);
  // Fail at start-up, not on the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  /**
   * A change this process committed resolves only once the announcements it
   * caused (NOTIFY, from triggers) have reached this process's listeners: what
   * this instance remembers never lags behind what it wrote, whoever wrote it.
   */
  const heard = async () => {
    // Every listener shares one connection: one round trip hears them all.
    const [any] = listeners;
    if (any) await any.sync();
  };
  const wrap = (client: pg.Pool | pg.PoolClient, autocommit: boolean): Queryable => ({
    async query<Row>(sql: string | PreparedStatement, params: unknown[] = []) {
      // pg prepares a named statement on each connection the first time it runs there.
      const result =
        typeof sql === 'string' ? await client.query(sql, params) : await client.query({ name: sql.name, text: sql.text, values: params });
      if (autocommit && mayAnnounce(sql)) await heard();
      return { rows: result.rows as Row[] };
    },
    async exec(sql: string) {
      await client.query(sql);
      if (autocommit) await heard();
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool, true),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client, false));
        await client.query('COMMIT');
        await heard();
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, handlers) {
      const opened = await announcements.listen(channel, handlers);
      const listener: Listener = {
        get live() {
          return opened.live;
        },
        sync: () => opened.sync(),
        async close() {
          listeners.delete(listener);
          await opened.close();
        },
      };
      listeners.add(listener);
      return listener;
    },
    poolUse: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    async close() {
      listeners.clear();
      await announcements.close();
      await pool.end();
    },
  };
}

const RECONNECT_MS = 1000;

/** Statements that change nothing: SELECT and EXPLAIN, the reads of the busiest requests (not one calling a function that writes). */
const READ_ONLY = /^\s*(SELECT|EXPLAIN)\b/i;

const mayAnnounce = (sql: string | PreparedStatement) => (typeof sql === 'string' || sql.announces !== false) && !READ_ONLY.test(textOf(sql));

/** Channels one process listens on, over one connection of its own, and its round trip. */
interface Announcements {
  listen(channel: string, handlers: ListenHandlers): Promise<Listener>;
  close(): Promise<void>;
}

/**
 * LISTEN on one connection of its own, outside the pool (a pooled connection
 * goes back to others between statements), for every channel the process
 * listens on: one connection an instance, and one round trip to hear all of
 * them. When it drops, `onGap` tells every listener and a new connection
 * listens again a second later.
 */
function announcementsOn(connection: pg.ClientConfig): Announcements {
  const channels = new Map<string, Set<ListenHandlers>>();
  /** The channels the current connection listens on. */
  const listening = new Set<string>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const everyHandler = () => [...channels.values()].flatMap((handlers) => [...handlers]);

  const connect = async () => {
    const next = new pg.Client(connection);
    next.on('notification', (message) => {
      for (const handlers of channels.get(message.channel) ?? []) handlers.onPayload(message.payload ?? '');
    });
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      listening.clear();
      for (const handlers of everyHandler()) handlers.onGap?.();
      void next.end().catch(() => undefined);
      if (!closed && channels.size > 0) retry = setTimeout(reconnect, RECONNECT_MS);
    };
    next.on('error', lost);
    next.on('end', lost);
    await next.connect();
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    const names = [...channels.keys()];
    for (const channel of names) await next.query(`LISTEN ${channel}`);
    client = next;
    for (const channel of names) listening.add(channel);
    // Whatever happened while nobody listened is unknown.
    for (const handlers of everyHandler()) handlers.onGap?.();
  };
  const connected = () => {
    connecting ??= connect().finally(() => (connecting = undefined));
    return connecting;
  };
  const reconnect = () => {
    retry = undefined;
    if (!closed && channels.size > 0 && !client) connected().catch(() => (retry = closed ? undefined : setTimeout(reconnect, RECONNECT_MS)));
  };

  // A round trip on the listening connection: the server sends the notifications committed
  // before it ahead of the answer, and pg hands them over in that order. Callers that come
  // while one is on its way share the next one (theirs may have committed after it left).
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const roundTrip = (): Promise<void> => {
    const trip = (client?.query('SELECT 1') ?? Promise.resolve())
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        if (running === trip) running = undefined;
      });
    running = trip;
    return trip;
  };
  const sync = (): Promise<void> => {
    if (queued) return queued;
    if (!running) return roundTrip();
    const next = running.then(() => {
      queued = undefined;
      return roundTrip();
    });
    queued = next;
    return next;
  };

  return {
    async listen(channel, handlers) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Unsafe channel name: ${channel}`);
      const ofChannel = channels.get(channel) ?? new Set<ListenHandlers>();
      channels.set(channel, ofChannel);
      ofChannel.add(handlers);
      try {
        if (!client) await connected();
        if (client && !listening.has(channel)) {
          await client.query(`LISTEN ${channel}`);
          listening.add(channel);
          handlers.onGap?.();
        }
      } catch (error) {
        ofChannel.delete(handlers);
        if (ofChannel.size === 0) channels.delete(channel);
        throw error;
      }
      let open = true;
      return {
        get live() {
          return open && client !== undefined && listening.has(channel);
        },
        sync,
        async close() {
          if (!open) return;
          open = false;
          ofChannel.delete(handlers);
          if (ofChannel.size > 0 || channels.get(channel) !== ofChannel) return;
          channels.delete(channel);
          listening.delete(channel);
          const current = client;
          if (channels.size > 0) {
            await current?.query(`UNLISTEN ${channel}`).catch(() => undefined);
            return;
          }
          // Nobody listens any more: the connection goes.
          if (retry) clearTimeout(retry);
          retry = undefined;
          client = undefined;
          await current?.end().catch(() => undefined);
        },
      };
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = undefined;
      channels.clear();
      listening.clear();
      await current?.end().catch(() => undefined);
    },
  };
}
