import { randomBytes } from 'node:crypto';
import type { Database, Listener } from '../src/db/database';
import { openTestDatabase } from './test-app';

/*
 * An instance hears every channel it listens on over one connection of its
 * own: a write of its own resolves once what it announced has been heard on
 * every channel; when that connection is cut, every listener knows it missed
 * announcements and hears again a second later.
 */

let db: Database;
let drop: () => Promise<void>;
let admin: Database;
let dropAdmin: () => Promise<void>;
const suffix = randomBytes(4).toString('hex');
const first = `first_${suffix}`;
const second = `second_${suffix}`;

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  ({ db: admin, drop: dropAdmin } = await openTestDatabase());
});
afterAll(async () => {
  await drop();
  await dropAdmin();
});

/** The server processes whose last statement listened on one of this file's channels. */
async function listeningBackends(): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE query LIKE 'LISTEN %' || $1`, [suffix]);
  return rows.map((row) => row.pid);
}

async function until(condition: () => boolean | Promise<boolean>, limitMs: number): Promise<number> {
  const started = performance.now();
  while (!(await condition())) {
    if (performance.now() - started > limitMs) return Number.POSITIVE_INFINITY;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return performance.now() - started;
}

it('hears two channels over one connection, its own writes before they resolve, and again after the connection is cut', async () => {
  const heard: string[] = [];
  let gaps = 0;
  const listeners: Listener[] = [
    await db.listen(first, { onPayload: (payload) => heard.push(`first ${payload}`), onGap: () => (gaps += 1) }),
    await db.listen(second, { onPayload: (payload) => heard.push(`second ${payload}`), onGap: () => (gaps += 1) }),
  ];
  const backends = await listeningBackends();
  expect(backends).toHaveLength(1);
  expect(listeners.every((listener) => listener.live)).toBe(true);

  await db.exec(`NOTIFY ${first}, 'one'; NOTIFY ${second}, 'two'`);
  expect(heard).toEqual(['first one', 'second two']);

  gaps = 0;
  await admin.query('SELECT pg_terminate_backend($1)', [backends[0]]);
  expect(await until(() => listeners.every((listener) => !listener.live), 1000)).toBeLessThan(1000);
  expect(gaps).toBeGreaterThanOrEqual(2);
  expect(await until(() => listeners.every((listener) => listener.live), 3000)).toBeLessThan(3000);
  const again = await listeningBackends();
  expect(again).toHaveLength(1);
  expect(again).not.toEqual(backends);
  await db.exec(`NOTIFY ${first}, 'three'; NOTIFY ${second}, 'four'`);
  expect(heard.slice(2)).toEqual(['first three', 'second four']);

  // The last listener closed, the connection goes.
  await listeners[0]!.close();
  await db.exec(`NOTIFY ${first}, 'five'; NOTIFY ${second}, 'six'`);
  expect(heard.slice(4)).toEqual(['second six']);
  await listeners[1]!.close();
  const gone = async () => (await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = ANY ($1)', [again])).rows.length === 0;
  expect(await until(gone, 1000)).toBeLessThan(1000);
});
