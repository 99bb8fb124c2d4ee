import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { BENCH_SANDBOX_SECRET, fundThroughSandbox, type BenchSend } from './bench-payin';
import { loadConfig } from '../src/config';
import { openPostgres, type Queryable } from '../src/db/database';
import { seedContract, seedPerson } from '../test/escrow-fixtures';

/**
 * The database's processor time of one funding and one release, through the
 * API on a pool of a single connection: the processor time the server's
 * process for that connection spent (/proc/<pid>/stat, user + system), divided
 * by the payments. Unlike a throughput figure it stays meaningful while other
 * work shares the machine. The server must run on this machine.
 *
 * `pnpm --filter api exec tsx bench/escrow-db-time.ts [--payments 1000] [--others 2000] [--keep] [--log-statements] [--functions]`
 * (`--others`: active contracts of other projects, written with SQL first, as a platform has them;
 * `--keep` leaves the schema, with its funded and released contracts, for EXPLAIN;
 * `--log-statements` writes each statement of the measured payments, with its
 * duration, to the server's log through auto_explain, loaded for that connection only;
 * `--functions` prints, for the measured payments, each database function's calls and its time
 * per call, its own statements apart from the functions it calls: `track_functions`, for that
 * connection only, so the figures name where a payment's time goes by function).
 */

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const payments = option('payments', 1_000);
const others = option('others', 2_000);
const warmUp = 50;
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TICKS_PER_MS = 100 / 1000;

/** User and system processor time of a server process, in milliseconds. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_MS;
}

async function backendPid(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  return rows[0]!.pid;
}

/** The schema's functions by their own time (their statements, not the functions they call), from the statistics the measured connection sent. */
async function printFunctionTimes(measured: Queryable, server: Queryable, schema: string) {
  // A session sends its function statistics when it is idle, at most once a second, unless told to now.
  await measured.query('SELECT pg_stat_force_next_flush()');
  await measured.query('SELECT 1');
  const { rows } = await server.query<{ name: string; calls: number; total_ms: number; self_ms: number }>(
    `SELECT funcname AS name, calls::integer AS calls, total_time AS total_ms, self_time AS self_ms
       FROM pg_stat_user_functions WHERE schemaname = $1 ORDER BY self_time DESC`,
    [schema],
  );
  console.log('function                        calls   own µs/call   with callees µs/call');
  for (const row of rows) {
    const perCall = (ms: number) => ((ms * 1000) / row.calls).toFixed(0).padStart(6);
    console.log(`${row.name.padEnd(30)} ${String(row.calls).padStart(6)}   ${perCall(row.self_ms)}        ${perCall(row.total_ms)}`);
  }
}

async function main() {
  const schema = `bench_escrow_db_${randomBytes(6).toString('hex')}`;
  const server = await openPostgres(databaseUrl, { max: 1 });
  await server.exec(`CREATE SCHEMA ${schema}`);
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'fundament-bench-'));
  const db = await openPostgres(databaseUrl, { schema, max: 1 });
  const own = await openPostgres(databaseUrl, { schema, max: 1 });
  const config = loadConfig(
    { NODE_ENV: 'production', SANDBOX_PAYMENT_SECRET: BENCH_SANDBOX_SECRET },
    { serveWeb: false, seedDemo: false, logLevel: 'warn', uploadsDir, port: 0 },
  );
  const app = await buildApp({ config, database: db });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;
    const client = await seedPerson(db, 'client', 'Bench', 'Client');
    const contractor = await seedPerson(db, 'contractor', 'Bench', 'Builder');
    const expert = await seedPerson(db, 'expert', 'Bench', 'Expert');
    // The rest of the platform: each with its own project and one milestone in draft.
    await db.query(
      `WITH p AS (
         INSERT INTO projects (owner_id, title, description, category, country, city, currency, status)
         SELECT $1, 'Shop ' || n, 'A shop with a storage room at the back.', 'masonry', 'CM', 'Douala', 'XAF', 'contracted'
           FROM generate_series(1, $4::int) AS n
         RETURNING id
       ), c AS (
         INSERT INTO contracts (project_id, client_id, contractor_id, expert_id, currency)
         SELECT p.id, $1, $2, $3, 'XAF' FROM p
         RETURNING id
       )
       INSERT INTO milestones (contract_id, position, title, amount, expert_fee, platform_fee)
       SELECT c.id, 1, 'Walls', 400000, 10000, 6000 FROM c`,
      [client.id, contractor.id, expert.id, others],
    );
    const contracts: { id: string; milestoneId: string }[] = [];
    for (let i = 0; i < warmUp + payments; i += 1) {
      const seeded = await seedContract(db, { clientId: client.id, contractorId: contractor.id, expertId: expert.id }, [500_000 + 1_000 * (i % 500)]);
      contracts.push({ id: seeded.id, milestoneId: seeded.milestones[0]!.id });
    }
    const post = async (contract: { id: string; milestoneId: string }, action: 'fund' | 'release', payload: unknown) => {
      const response = await fetch(`${base}/contracts/${contract.id}/milestones/${contract.milestoneId}/${action}`, {
        method: 'POST',
        headers: { ...client.headers, 'content-type': 'application/json', 'idempotency-key': `bench-${randomUUID()}` },
        body: JSON.stringify(payload),
      });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${action}: ${response.status} ${body}`);
    };
    const origin = base.replace(/\/api\/v1$/, '');
    const send: BenchSend = async (requestPath, headers, body) => {
      const response = await fetch(`${origin}${requestPath}`, { method: 'POST', headers, body, redirect: 'manual' });
      return { status: response.status, body: await response.text() };
    };
    // A funding: the fund call, the payment on the sandbox's page, its webhook, the fund call's answer. The
    // benchmark's own look-ups for the webhook go through a connection of their own, outside the measured one.
    const fund = async (contract: { id: string; milestoneId: string }) => {
      const answer = await fundThroughSandbox(send, own, { contractId: contract.id, milestoneId: contract.milestoneId, headers: client.headers });
      if (answer.status !== 200) throw new Error(`fund: ${answer.status} ${answer.body}`);
    };
    const approve = (ids: string[]) =>
      db.query(
        `UPDATE milestones m SET status = 'approved', submitted_at = now(), inspected_at = now(), inspected_by = c.expert_id,
                inspection_decision = 'approved' FROM contracts c WHERE c.id = m.contract_id AND m.id = ANY ($1::uuid[])`,
        [ids],
      );
    const phase = async (label: string, list: typeof contracts, run: (contract: (typeof contracts)[number]) => Promise<void>) => {
      const pid = await backendPid(db);
      const cpu = cpuMs(pid);
      const started = performance.now();
      for (const contract of list) await run(contract);
      const wall = performance.now() - started;
      const used = cpuMs(pid) - cpu;
      if ((await backendPid(db)) !== pid) throw new Error('the pool changed its connection during the run');
      console.log(
        `${label}: ${(used / list.length).toFixed(2)} ms of database processor time each (${list.length}, ${(wall / list.length).toFixed(2)} ms wall each)`,
      );
    };
    const warm = contracts.slice(0, warmUp);
    const measured = contracts.slice(warmUp);
    for (const contract of warm) await fund(contract);
    await approve(warm.map((c) => c.milestoneId));
    for (const contract of warm) await post(contract, 'release', {});
    if (args.includes('--log-statements')) {
      await db.query("LOAD 'auto_explain'");
      for (const setting of ['log_min_duration = 0', 'log_nested_statements = on', 'log_analyze = on', 'log_timing = off', 'log_triggers = on']) {
        await db.query(`SET auto_explain.${setting}`);
      }
    }
    if (args.includes('--functions')) await db.query("SET track_functions = 'all'");
    await phase('fund', measured, fund);
    await approve(measured.map((c) => c.milestoneId));
    await phase('release', measured, (contract) => post(contract, 'release', {}));
    if (args.includes('--functions')) await printFunctionTimes(db, server, schema);
    if (args.includes('--keep')) console.log(`schema kept: ${schema}`);
  } finally {
    await app.close();
    await own.close();
    if (!args.includes('--keep')) {
      await server.exec(`DROP SCHEMA ${schema} CASCADE`);
      await server.exec(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
    }
    await server.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
