/*
 * Processor time of the production server per request: the server process's
 * own user + system time (from /proc, all its threads) over a fixed number of
 * requests, after a warm-up. Unlike requests per second, the figure holds
 * while other work shares the machine. Each row also prints the PostgreSQL
 * server's processes (every process of the machine named `postgres`: run it
 * alone) and the load generator's own time. Small volumes, a database of its
 * own (fundament_cpu, dropped afterwards).
 *
 *   npx tsx bench/cpu-per-request.ts
 *
 * With CPU_ONLY=listing it seeds the bench:api data instead (CPU_LISTING_PROJECTS,
 * 100,000 projects by default) and measures the specialist's filtered listing
 * beside /health on that database.
 *
 * Environment: DATABASE_URL (server), CPU_REQUESTS (5000 per GET), CPU_ESCROW
 * (400 fundings and releases), CPU_ESCROW_CLIENTS (10 payments at once; at 50,
 * as bench:escrow's busiest level, the batches are larger), CPU_ONLY (health |
 * me | listing | escrow), SERVER_LOG_LEVEL (warn, as bench:api),
 * CPU_PROFILE_DIR (also write a V8 .cpuprofile of the server there),
 * BENCH_PORT (3397).
 */
import { readFileSync, readdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Pool } from 'undici';
import { randomUUID } from 'node:crypto';
import { openPostgres } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { BENCH_SPECIALIST, LISTING_FILTERS, analyze, recreateDatabase, seedBenchData, withDatabase, dropDatabase } from './bench-data';
import { createSession } from '../src/accounts/sessions';
import { startBenchServer } from './bench-server';
import { fundThroughSandbox, type BenchSend } from './bench-payin';
import { seedPerson, seedContract, approveFunded } from '../test/escrow-fixtures';

const SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = 'fundament_cpu';
const URL_DB = withDatabase(SERVER_URL, DATABASE);
const PORT = Number(process.env.BENCH_PORT ?? 3397);
const BASE = `http://127.0.0.1:${PORT}`;
const N = Number(process.env.CPU_REQUESTS ?? 5000);
const ESCROW = Number(process.env.CPU_ESCROW ?? 400);
const LISTING_PROJECTS = Number(process.env.CPU_LISTING_PROJECTS ?? 100_000);
const ESCROW_CLIENTS = Number(process.env.CPU_ESCROW_CLIENTS ?? 10);
const TICK_US = 1_000_000 / 100;

/** A process's name and the fields of /proc/<pid>/stat after it. */
function procStat(pid: number | string): { name: string; fields: string[] } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), fields: stat.slice(stat.lastIndexOf(')') + 2).split(' ') };
}

/** User and system time of a process, in µs. */
function cpuSplit(pid: number | string): { user: number; system: number } {
  const { fields } = procStat(pid);
  return { user: Number(fields[11]) * TICK_US, system: Number(fields[12]) * TICK_US };
}

/**
 * Processor time of every PostgreSQL process of this machine, in µs: the live
 * ones, and those that ended (a backend whose connection closed, an autovacuum
 * worker), which the postmaster's children's time holds once it has reaped
 * them. Without the latter, a process ending during a measurement took its
 * time out of the sum.
 */
function postgresMicros(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const { name, fields } = procStat(entry);
      if (name !== 'postgres') continue;
      // utime, stime, then the time of the children it waited for (cutime, cstime).
      for (const at of [11, 12, 13, 14]) total += Number(fields[at] ?? 0) * TICK_US;
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

async function main() {
  await recreateDatabase(SERVER_URL, DATABASE);
  const db = await openPostgres(URL_DB, { max: 2 });
  await migrate(db);
  const profileDir = process.env.CPU_PROFILE_DIR;
  const server = await startBenchServer({
    databaseUrl: URL_DB,
    port: PORT,
    dataDir: mkdtempSync(path.join(tmpdir(), 'cpu-')),
    env: { LOG_LEVEL: process.env.SERVER_LOG_LEVEL ?? 'warn' },
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  });
  try {
    const pid = server.process.pid!;
    /** Runs `work` (`count` requests) and prints the server's, PostgreSQL's and the load generator's processor time per request. */
    const measured = async (name: string, count: number, work: () => Promise<void>) => {
      const server = cpuSplit(pid);
      const database = postgresMicros();
      const load = process.cpuUsage();
      await work();
      const after = cpuSplit(pid);
      const loadUsed = process.cpuUsage(load);
      const each = (micros: number) => (micros / count).toFixed(0).padStart(6);
      console.log(
        `${name.padEnd(28)} ${each(after.user + after.system - server.user - server.system)} µs/request  (${count} requests; ` +
          `server user ${each(after.user - server.user).trim()} + system ${each(after.system - server.system).trim()}, ` +
          `PostgreSQL ${each(postgresMicros() - database).trim()}, load generator ${each(loadUsed.user + loadUsed.system).trim()} µs)`,
      );
    };
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
      let failed = 0;
      await measured(name, amount, async () => {
        failed = (await autocannon(opts)).non2xx;
      });
      if (failed) throw new Error(`${name}: ${failed} answers were not 2xx`);
    };
    const only = process.env.CPU_ONLY;
    if (only === 'listing') {
      // The data of bench:api: the specialist's page of one trade and city among all the projects.
      const { specialistId } = await seedBenchData(db, { projects: LISTING_PROJECTS, users: 10_000, designs: 0 });
      await analyze(db);
      const tokens = await Promise.all(Array.from({ length: 20 }, () => createSession(db, 'client', specialistId, 1)));
      const query = new URLSearchParams(LISTING_FILTERS).toString();
      await run('GET /health', '/api/v1/health', [], N);
      await run(`GET /projects (trade + city)`, `/api/v1/projects?${query}`, tokens, N);
      console.log(
        `(${LISTING_PROJECTS} projects; the specialist serves ${BENCH_SPECIALIST.categories.join(', ')} in ${BENCH_SPECIALIST.cities.join(', ')})`,
      );
      return;
    }
    // The clients of the signed-in GETs and of the payments (the listing has its own data above).
    const people = [] as Awaited<ReturnType<typeof seedPerson>>[];
    for (let i = 0; i < 20; i += 1) people.push(await seedPerson(db, 'client'));
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
    // undici's pool, as bench:escrow: fetch would cost the machine about five times more per request than this.
    const pool = new Pool(BASE, { connections: ESCROW_CLIENTS });
    const post = async (c: (typeof contracts)[number], action: string, body: unknown) => {
      const answer = await pool.request({
        path: `/api/v1/contracts/${c.id}/milestones/${c.milestone}/${action}`,
        method: 'POST',
        headers: {
          ...c.headers,
          'accept-encoding': 'gzip, deflate, br',
          'content-type': 'application/json',
          'idempotency-key': `cpu-${randomUUID()}`,
        },
        body: JSON.stringify(body),
      });
      await answer.body.text();
      if (answer.statusCode !== 200) throw new Error(`${action} ${answer.statusCode}`);
    };
    const send: BenchSend = async (requestPath, headers, body) => {
      const answer = await pool.request({ path: requestPath, method: 'POST', headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' }, body });
      return { status: answer.statusCode, body: await answer.body.text() };
    };
    // A funding: the fund call, the payment on the sandbox's page, its webhook, the fund call's answer.
    const fund = async (c: (typeof contracts)[number]) => {
      const answer = await fundThroughSandbox(send, db, { contractId: c.id, milestoneId: c.milestone, headers: c.headers });
      if (answer.status !== 200) throw new Error(`fund ${answer.status}`);
    };
    const inParallel = async (items: typeof contracts, fn: (c: (typeof contracts)[number]) => Promise<void>) => {
      const queue = [...items];
      await Promise.all(
        Array.from({ length: ESCROW_CLIENTS }, async () => {
          for (let c = queue.shift(); c; c = queue.shift()) await fn(c);
        }),
      );
    };
    const warm = contracts.slice(0, 50),
      paid = contracts.slice(50);
    /** The payments of `paid`, with the processor time of each. */
    const payments = (name: string, run: (c: (typeof contracts)[number]) => Promise<void>) =>
      measured(name, paid.length, () => inParallel(paid, run));
    await inParallel(warm, fund);
    await payments('POST …/fund, hosted page, webhook, …/fund', fund);
    for (const c of contracts) await approveFunded(db, c.id);
    await inParallel(warm, (c) => post(c, 'release', {}));
    await payments('POST …/release', (c) => post(c, 'release', {}));
    await pool.close();
  } finally {
    await server.stop();
    await db.close();
    await dropDatabase(SERVER_URL, DATABASE);
  }
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
