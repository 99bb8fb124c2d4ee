import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface QueryResult<Row> {
  rows: Row[];
}

/** Something SQL can be sent to: the database, or one transaction of it. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** PostgreSQL, embedded (PGlite) or a server (pg): one dialect, one interface. */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
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
  await db.waitReady;
  const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row>(sql: string, params: unknown[] = []) {
      const result = await target.query<Row>(sql, params);
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
    close: () => db.close(),
  };
}

export interface PostgresOptions {
  /** Every connection uses this schema first (isolated test runs on a shared server). */
  schema?: string;
  max?: number;
}

/** A PostgreSQL server through a connection pool. */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle connection the server closed (restart, failover, an admin's command) is an
  // 'error' event on the pool: without a listener it would end the process. The pool opens a
  // new connection for the next query; a query in flight still fails, with its own error.
  pool.on('error', () => undefined);
  // Fail at start-up, not on the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params: unknown[] = []) {
      const result = await client.query(sql, params);
      return { rows: result.rows as Row[] };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
