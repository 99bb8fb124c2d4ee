/*
 * Processor time of the production server per request: the server process's
 * own user + system time (from /proc, all its threads) over a fixed number of
 * requests, after a warm-up. Unlike requests per second, the figure holds
 * while other work shares the machine. Small volumes, a database of its own
 * (fundament_cpu, dropped afterwards).
 *
 *   npx tsx bench/cpu-per-request.ts
 *
 * Environment: DATABASE_URL (server), CPU_REQUESTS (5000 per GET), CPU_ESCROW
 * (400 fundings and releases), CPU_ONLY (health | me | escrow),
 * SERVER_LOG_LEVEL (warn, as bench:api), CPU_PROFILE_DIR (also write a V8
 * .cpuprofile of the server there), BENCH_PORT (3397).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { openPostgres } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { recreateDatabase, withDatabase, dropDatabase } from './bench-data';
import { seedPerson, seedContract, approveFunded } from '../test/escrow-fixtures';

const SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = 'fundament_cpu';
const URL_DB = withDatabase(SERVER_URL, DATABASE);
const PORT = Number(process.env.BENCH_PORT ?? 3397);
const BASE = `http://127.0.0.1:${PORT}`;
const N = Number(process.env.CPU_REQUESTS ?? 5000);
const ESCROW = Number(process.env.CPU_ESCROW ?? 400);
const TICK_US = 1_000_000 / 100;

function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
}

async function main() {
  await recreateDatabase(SERVER_URL, DATABASE);
  const db = await openPostgres(URL_DB, { max: 2 });
  await migrate(db);
  const profileDir = process.env.CPU_PROFILE_DIR;
  const args = [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), '--import', 'tsx', 'src/server.ts'];
  const server: ChildProcess = spawn(process.execPath, args, {
    cwd: path.resolve(__dirname, '..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: URL_DB,
      SERVE_WEB: 'false',
      SEED_DEMO: 'false',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      LOG_LEVEL: process.env.SERVER_LOG_LEVEL ?? 'warn',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cpu-')),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; ; i += 1) {
      if (i > 200) throw new Error('no start');
      try {
        if ((await fetch(`${BASE}/api/v1/health`)).ok) break;
      } catch {
        /* starting */
      }
      await new Promise((r) => setTimeout(r, 300));
    }
    const pid = server.pid!;
    const people = [] as Awaited<ReturnType<typeof seedPerson>>[];
    for (let i = 0; i < 20; i += 1) people.push(await seedPerson(db, 'client'));
    const run = async (name: string, url: string, tokens: string[], amount: number) => {
      let turn = 0;
      const opts: autocannon.Options = {
        url: `${BASE}${url}`,
        connections: 20,
        amount,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
        ...(tokens.length
          ? {
              requests: [
                {
                  setupRequest: (r) => {
                    turn = (turn + 1) % tokens.length;
                    return { ...r, headers: { ...r.headers, authorization: `Bearer ${tokens[turn]}` } };
                  },
                },
              ],
            }
          : {}),
      };
      await autocannon({ ...opts, amount: Math.min(2000, amount) });
      const before = cpuMicros(pid);
      const result = await autocannon(opts);
      const used = cpuMicros(pid) - before;
      console.log(`${name.padEnd(20)} ${(used / amount).toFixed(0).padStart(6)} µs/request  (${amount} requests, non-2xx ${result.non2xx})`);
    };
    const only = process.env.CPU_ONLY;
    if (!only || only === 'health') await run('GET /health', '/api/v1/health', [], N);
    if (!only || only === 'me')
      await run(
        'GET /auth/me',
        '/api/v1/auth/me',
        people.map((p) => p.token),
        N,
      );
    if (only && only !== 'escrow') return;

    // Escrow: one milestone per contract, funded then released through the API.
    const contractor = await seedPerson(db, 'contractor');
    const expert = await seedPerson(db, 'expert');
    const contracts = [] as { id: string; milestone: string; headers: Record<string, string> }[];
    for (let i = 0; i < ESCROW + 50; i += 1) {
      const client = people[i % people.length]!;
      const c = await seedContract(db, { clientId: client.id, contractorId: contractor.id, expertId: expert.id }, [500_000]);
      contracts.push({ id: c.id, milestone: c.milestones[0]!.id, headers: client.headers });
    }
    const post = (c: (typeof contracts)[number], action: string, body: unknown) =>
      fetch(`${BASE}/api/v1/contracts/${c.id}/milestones/${c.milestone}/${action}`, {
        method: 'POST',
        headers: { ...c.headers, 'content-type': 'application/json', 'idempotency-key': `cpu-${randomUUID()}` },
        body: JSON.stringify(body),
      }).then(async (r) => {
        await r.text();
        if (r.status !== 200) throw new Error(`${action} ${r.status}`);
      });
    const card = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Bench Client' };
    const inParallel = async (items: typeof contracts, fn: (c: (typeof contracts)[number]) => Promise<void>) => {
      const queue = [...items];
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          for (let c = queue.shift(); c; c = queue.shift()) await fn(c);
        }),
      );
    };
    const warm = contracts.slice(0, 50),
      measured = contracts.slice(50);
    await inParallel(warm, (c) => post(c, 'fund', { card }));
    let before = cpuMicros(pid);
    await inParallel(measured, (c) => post(c, 'fund', { card }));
    console.log(
      `${'POST …/fund'.padEnd(20)} ${((cpuMicros(pid) - before) / measured.length).toFixed(0).padStart(6)} µs/request  (${measured.length} requests)`,
    );
    for (const c of contracts) await approveFunded(db, c.id);
    await inParallel(warm, (c) => post(c, 'release', {}));
    before = cpuMicros(pid);
    await inParallel(measured, (c) => post(c, 'release', {}));
    console.log(
      `${'POST …/release'.padEnd(20)} ${((cpuMicros(pid) - before) / measured.length).toFixed(0).padStart(6)} µs/request  (${measured.length} requests)`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode === null ? server.once('exit', r) : r(undefined)));
    await db.close();
    await dropDatabase(SERVER_URL, DATABASE);
  }
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
