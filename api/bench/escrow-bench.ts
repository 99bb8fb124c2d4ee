import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { openPostgres, type Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { milestoneFees } from '../src/escrow/fees';
import { ACCOUNT_IDS, OPEN_HOLDS } from '../src/escrow/ledger';
import { seedAdmin, seedPerson, type SeededPerson } from '../test/escrow-fixtures';
import { dropDatabase, recreateDatabase, withDatabase } from './bench-data';
import { startBenchServer, type BenchServer } from './bench-server';
import type { BenchRow, EscrowBenchOptions as ApiBenchHandOver } from './bench-row';
import { writeLedgerHistory } from './ledger-history';
import { fundThroughSandbox, type BenchSend } from './bench-payin';

/**
 * Escrow throughput on PostgreSQL: contracts written straight into the
 * database, then every milestone funded and released through HTTP by
 * concurrent clients, and the ledger check at the end. Each level starts with
 * two unmeasured rounds of every client on contracts of their own (the first
 * level's, on a fresh server, are reported apart). Reports operations per
 * second and latency percentiles against the targets, and whether the busiest
 * statements' plans use indexes. A figure to watch, not a test: nothing is
 * asserted.
 *
 * On its own (`pnpm bench:escrow [--contracts 2000] [--concurrency 1,10,50] [--pool N] [--history 1000000]`)
 * it starts the production server in a process of its own on a fresh database
 * of DATABASE_URL's server (dropped afterwards) and measures each concurrency
 * on contracts of its own. `pnpm bench:api` hands over its running server and
 * database instead (`baseUrl`, `db`, `connections`, `duration`): the rows then
 * join its table. Either way the load comes from another process than the
 * server's, through undici's keep-alive pool (about a tenth of the processor
 * time of `fetch` per request), as a browser asks: compressed answers accepted.
 */

export interface EscrowBenchSettings extends Partial<ApiBenchHandOver> {
  /** Contracts of one milestone each: one fund and one release apiece. */
  contracts?: number;
  /** Clients sending requests at the same time (`connections` when bench:api calls); on its own, each level in turn. */
  concurrency?: number | number[];
  /** Connections of the server's database pool (DATABASE_POOL_SIZE; unset, the server sizes it for the machine). */
  pool?: number;
  /** Transfers of past payments written first with SQL, so the ledger check has a long history. */
  history?: number;
  log?: (line: string) => void;
}

const DEFAULTS = { databaseUrl: 'postgres://postgres@127.0.0.1:5432/test', contracts: 2_000, concurrency: [1, 10, 50] };
const DATABASE = 'fundament_escrow_bench';
const PORT = Number(process.env.BENCH_PORT ?? 3393);
/**
 * The targets for both payments, at the 50 connections it measured them with. With fewer
 * clients at once a level shows what one payment costs alone and how batching grows: one client
 * waits for each answer before the next payment, so its rate is one over the latency.
 */
const TARGET = { minPerSecond: 1_000, maxP99: 100 };
const TARGET_CONCURRENCY = 50;
/** Rounds of every client in the warm-up before each level's measured run. */
const WARM_UP_ROUNDS = 2;

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

interface BenchContract {
  id: string;
  milestoneId: string;
  client: SeededPerson;
}

/** Projects, contracts and milestones in three statements, with the fees the API would compute. */
async function seedContracts(db: Database, clients: SeededPerson[], contractors: SeededPerson[], expertIds: string[], count: number) {
  const indexes = Array.from({ length: count }, (_, i) => i);
  const clientOf = (i: number) => clients[i % clients.length]!;
  const { rows: projects } = await db.query<{ id: string }>(
    `INSERT INTO projects (owner_id, title, description, category, country, city, currency, status)
     SELECT owner, 'Guest house ' || n, 'A two-bedroom guest house near the beach, with a covered terrace.', 'masonry', 'CM', 'Douala', 'XAF', 'contracted'
       FROM unnest($1::uuid[]) WITH ORDINALITY AS t (owner, n) ORDER BY n
     RETURNING id`,
    [indexes.map((i) => clientOf(i).id)],
  );
  const { rows: contracts } = await db.query<{ id: string; project_id: string }>(
    `INSERT INTO contracts (project_id, client_id, contractor_id, expert_id, currency)
     SELECT p, c, k, e, 'XAF' FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[]) AS t (p, c, k, e)
     RETURNING id, project_id`,
    [
      projects.map((p) => p.id),
      indexes.map((i) => clientOf(i).id),
      indexes.map((i) => contractors[i % contractors.length]!.id),
      indexes.map((i) => expertIds[i % expertIds.length]!),
    ],
  );
  const byProject = new Map(contracts.map((c) => [c.project_id, c.id]));
  const contractIds = projects.map((p) => byProject.get(p.id)!);
  const amounts = indexes.map((i) => 500_000 + 1_000 * (i % 500));
  const fees = amounts.map((amount) => milestoneFees(amount, 'XAF'));
  const { rows: milestones } = await db.query<{ id: string; contract_id: string }>(
    `INSERT INTO milestones (contract_id, position, title, amount, expert_fee, platform_fee)
     SELECT c, 1, 'Foundations', a, e, p FROM unnest($1::uuid[], $2::bigint[], $3::bigint[], $4::bigint[]) AS t (c, a, e, p)
     RETURNING id, contract_id`,
    [contractIds, amounts, fees.map((f) => f.expert_fee), fees.map((f) => f.platform_fee)],
  );
  const milestoneOf = new Map(milestones.map((m) => [m.contract_id, m.id]));
  return contractIds.map((id, i): BenchContract => ({ id, milestoneId: milestoneOf.get(id)!, client: clientOf(i) }));
}

interface Measured {
  latencies: number[];
  errors: string[];
  seconds: number;
  done: BenchContract[];
}

/**
 * Runs `call` for the contracts with `concurrency` clients, each working
 * through its own client's contracts, until they are all done or the
 * deadline (if any) has passed.
 */
async function measure(
  contracts: BenchContract[],
  concurrency: number,
  deadline: number | undefined,
  call: (contract: BenchContract) => Promise<{ status: number; body: string }>,
): Promise<Measured> {
  const queues = Array.from({ length: concurrency }, (_, w) => contracts.filter((_, i) => i % concurrency === w));
  const result: Measured = { latencies: [], errors: [], seconds: 0, done: [] };
  const started = performance.now();
  await Promise.all(
    queues.map(async (queue) => {
      for (const contract of queue) {
        if (deadline !== undefined && performance.now() > deadline) return;
        const sent = performance.now();
        try {
          const { status, body } = await call(contract);
          result.latencies.push(performance.now() - sent);
          if (status === 200) result.done.push(contract);
          else result.errors.push(`${status} ${body.slice(0, 200)}`);
        } catch (error) {
          result.errors.push(String(error));
        }
      }
    }),
  );
  result.seconds = (performance.now() - started) / 1000;
  result.latencies.sort((a, b) => a - b);
  return result;
}

/** A payment row; `withTarget` false for the warm-up's and below the targets' concurrency. */
function row(name: string, result: Measured, withTarget: boolean): BenchRow {
  return {
    name,
    requestsPerSecond: round(result.latencies.length / result.seconds),
    p50: round(percentile(result.latencies, 0.5)),
    p99: round(percentile(result.latencies, 0.99)),
    failures: result.errors.length,
    answered: result.latencies.length,
    ...(withTarget ? { target: TARGET } : {}),
  };
}

/** Seeds, funds, releases and checks, against the API at `base` on `db`. */
async function fundAndRelease(
  db: Database,
  base: string,
  settings: { contracts: number; concurrency: number; duration?: number; history?: number; label?: string; cold?: boolean },
  log: (line: string) => void,
) {
  const { contracts: count, concurrency, duration } = settings;
  const label = settings.label ?? '';
  log(`Seeding ${count} escrow contracts…`);
  const clients: SeededPerson[] = [];
  for (let i = 0; i < concurrency; i += 1) clients.push(await seedPerson(db, 'client', 'Bench', `Client${i}`));
  const contractors: SeededPerson[] = [];
  for (let i = 0; i < 50; i += 1) contractors.push(await seedPerson(db, 'contractor', 'Bench', `Builder${i}`));
  const experts: string[] = [];
  for (let i = 0; i < 10; i += 1) experts.push((await seedPerson(db, 'expert', 'Bench', `Expert${i}`)).id);
  const admin = await seedAdmin(db);
  // The warm-up's contracts are paid first and apart: see below.
  const warmUp = await seedContracts(db, clients, contractors, experts, concurrency * WARM_UP_ROUNDS);
  const contracts = await seedContracts(db, clients, contractors, experts, count);
  const rows: BenchRow[] = [];
  const timedCheck = async (label: string): Promise<BenchRow> => {
    const started = performance.now();
    const response = await fetch(`${base}/api/v1/admin/ledger/check`, { headers: admin.headers });
    const check = (await response.json()) as {
      ok: boolean;
      accounts: number;
      transfers: number;
      verified_transfers: number;
      checks: { name: string; ok: boolean }[];
    };
    const ms = round(performance.now() - started);
    const verdict = check.ok
      ? `ok, ${check.checks.length} checks, ${check.transfers} transfers (${check.verified_transfers} new), ${check.accounts} accounts`
      : `FAILED: ${check.checks
          .filter((c) => !c.ok)
          .map((c) => c.name)
          .join(', ')}`;
    return {
      name: `GET /admin/ledger/check ${label}(${verdict})`,
      requestsPerSecond: round(1000 / ms),
      p50: ms,
      p99: ms,
      failures: check.ok ? 0 : 1,
      answered: 1,
    };
  };
  if (settings.history) {
    log(`Writing a history of ${settings.history} transfers…`);
    const started = performance.now();
    const written = await writeLedgerHistory(db, settings.history);
    log(`History written in ${round((performance.now() - started) / 1000)} s: ${written.transfers} transfers, ${written.accounts} accounts`);
    // The first check reads the whole history (no checkpoint yet); the one after the run only what it added.
    rows.push(await timedCheck('first pass '));
  }

  const pool = new Pool(base, { connections: concurrency });
  const post = async (contract: BenchContract, action: 'fund' | 'release', payload: unknown) => {
    const answer = await pool.request({
      path: `/api/v1/contracts/${contract.id}/milestones/${contract.milestoneId}/${action}`,
      method: 'POST',
      headers: {
        ...contract.client.headers,
        'accept-encoding': 'gzip, deflate, br',
        'content-type': 'application/json',
        'idempotency-key': `bench-${randomUUID()}`,
      },
      body: JSON.stringify(payload),
    });
    return { status: answer.statusCode, body: await answer.body.text() };
  };
  const deadline = () => (duration === undefined ? undefined : performance.now() + duration * 1000);
  const limit = duration === undefined ? '' : ` (at most ${duration} s)`;

  const send: BenchSend = async (requestPath, headers, body) => {
    const answer = await pool.request({ path: requestPath, method: 'POST', headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' }, body });
    return { status: answer.statusCode, body: await answer.body.text() };
  };
  // A funding is the client's fund call, their payment on the sandbox's page, its webhook, and the fund call's answer.
  const fundAll = (batch: BenchContract[], until?: number) =>
    measure(batch, concurrency, until, (contract) =>
      fundThroughSandbox(send, db, { contractId: contract.id, milestoneId: contract.milestoneId, headers: contract.client.headers }),
    );
  const releaseAll = async (funded: BenchContract[], until?: number) => {
    // Completion and inspection move no money: straight to "approved" for the releases.
    await db.query(
      `UPDATE milestones m SET status = 'approved', submitted_at = now(), inspected_at = now(), inspected_by = c.expert_id,
              inspection_decision = 'approved' FROM contracts c WHERE c.id = m.contract_id AND m.status = 'funded' AND m.id = ANY ($1::uuid[])`,
      [funded.map((contract) => contract.milestoneId)],
    );
    return measure(funded, concurrency, until, (contract) => post(contract, 'release', {}));
  };

  // A few rounds of every client first, apart from the figures, as bench:api warms up: the first
  // requests after a start wait for V8 to compile the server's code and for each database
  // connection to plan the payment functions. On a fresh server they are a row of their own.
  log(`Warming up: ${warmUp.length} fundings and releases with ${concurrency} concurrent clients…`);
  const warmFunds = await fundAll(warmUp);
  const warmReleases = await releaseAll(warmFunds.done);
  const coldRows = settings.cold
    ? [
        row(`POST …/fund (first ${warmUp.length} after the server started${label})`, warmFunds, false),
        row(`POST …/release (first ${warmUp.length} after the server started${label})`, warmReleases, false),
      ]
    : [];

  log(`Funding milestones with ${concurrency} concurrent clients${limit}…`);
  const funds = await fundAll(contracts, deadline());
  log(`Releasing them with ${concurrency} concurrent clients${limit}…`);
  const releases = await releaseAll(funds.done, deadline());
  await pool.close();

  const sample = funds.done[0] ?? contracts[0]!;
  return [
    ...rows,
    ...coldRows,
    row(`POST …/fund (escrow${label})`, funds, concurrency >= TARGET_CONCURRENCY),
    row(`POST …/release (escrow${label})`, releases, concurrency >= TARGET_CONCURRENCY),
    await timedCheck(''),
    ...(await planChecks(db, sample)),
  ];
}

/** Tables large enough in a run that reading one whole for one payment is a mistake of the plan. */
const LARGE_TABLES = ['contracts', 'milestones', 'ledger_accounts', 'ledger_transfers', 'idempotency_keys', 'payment_intents'];

/**
 * The plans of the payments' busiest statements on the data the run left:
 * a row per statement, failed when it scans a large table whole.
 */
async function planChecks(db: Database, contract: BenchContract): Promise<BenchRow[]> {
  // The view every payment reads under its lock: the statement the database's function returns, its
  // argument as a parameter.
  const { rows: view } = await db.query<{ prosrc: string }>("SELECT prosrc FROM pg_proc WHERE proname = 'escrow_contract_view'");
  const viewStatement = /RETURN \(([\s\S]*)\);\s*END/.exec(view[0]!.prosrc)![1]!.replace('WHERE c.id = contract', 'WHERE c.id = $1');
  const checked: [string, string, unknown[]][] = [
    ['contract view', viewStatement, [contract.id]],
    ['open holds', OPEN_HOLDS.text, [contract.milestoneId]],
    ['account ids', ACCOUNT_IDS.text, [['escrow'], [null], [contract.id], ['XAF']]],
  ];
  const rows: BenchRow[] = [];
  for (const [label, text, params] of checked) {
    const { rows: explained } = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${text}`, params);
    const scans: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== 'object') return;
      const plan = node as Record<string, unknown>;
      if (plan['Node Type'] === 'Seq Scan' && LARGE_TABLES.includes(String(plan['Relation Name']))) scans.push(String(plan['Relation Name']));
      Object.values(plan).forEach(walk);
    };
    walk(explained[0]?.['QUERY PLAN']);
    const verdict = scans.length === 0 ? 'indexes only' : `FAILED: reads all of ${[...new Set(scans)].join(', ')}`;
    rows.push({ name: `EXPLAIN ${label} (${verdict})`, requestsPerSecond: 0, p50: 0, p99: 0, failures: scans.length === 0 ? 0 : 1, answered: 1 });
  }
  return rows;
}

export async function runEscrowBench(options: EscrowBenchSettings = {}): Promise<BenchRow[]> {
  const log = options.log ?? (() => undefined);
  const contracts = options.contracts ?? DEFAULTS.contracts;
  const levels = [options.concurrency ?? options.connections ?? DEFAULTS.concurrency].flat();
  const common = { contracts, ...(options.duration === undefined ? {} : { duration: options.duration }) };
  // The history and its first full check belong to the first level only.
  const history = options.history === undefined ? {} : { history: options.history };
  // Handed a running server and its database: measure through it.
  if (options.baseUrl && options.db)
    return fundAndRelease(options.db, options.baseUrl.replace(/\/+$/, ''), { ...common, ...history, concurrency: levels[0]! }, log);

  const serverUrl = options.databaseUrl ?? DEFAULTS.databaseUrl;
  const databaseUrl = withDatabase(serverUrl, DATABASE);
  await recreateDatabase(serverUrl, DATABASE);
  const db = await openPostgres(databaseUrl, { max: 2 });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fundament-bench-escrow-'));
  let server: BenchServer | undefined;
  try {
    await migrate(db);
    server = await startBenchServer({
      databaseUrl,
      port: PORT,
      dataDir,
      ...(options.pool === undefined ? {} : { env: { DATABASE_POOL_SIZE: String(options.pool) } }),
    });
    const base = server.base;
    log(`Production server on a fresh database ${DATABASE}`);
    const rows: BenchRow[] = [];
    for (const [i, concurrency] of levels.entries()) {
      const first = i === 0 ? { ...history, cold: true } : {};
      const level = await fundAndRelease(db, base, { ...common, ...first, concurrency, label: `, ${concurrency} at once` }, log);
      const isCheckOrPlan = (row: BenchRow) => !row.name.startsWith('POST');
      // The ledger check and the plans once, after the last level.
      rows.push(...(i === levels.length - 1 ? level : level.filter((row) => !isCheckOrPlan(row) || row.name.includes('first pass'))));
    }
    return rows;
  } finally {
    await server?.stop();
    await db.close();
    await dropDatabase(serverUrl, DATABASE);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Whether a payment row meets its targets, and which it misses. */
function targetVerdict(row: BenchRow): string {
  const target = row.target;
  if (!target) return '';
  const misses = [
    ...(target.minPerSecond !== undefined && row.requestsPerSecond < target.minPerSecond ? ['throughput'] : []),
    ...(target.maxP99 !== undefined && row.p99 > target.maxP99 ? ['p99'] : []),
  ];
  return misses.length ? `not met (${misses.join(', ')})` : 'met';
}

export function formatRows(rows: BenchRow[]): string {
  const header = ['operation', 'ops', 'failures', 'ops/s', 'p50 ms', 'p99 ms', 'target'];
  const cells = rows.map((r) => [
    r.name,
    String(r.answered ?? ''),
    String(r.failures),
    String(r.requestsPerSecond),
    String(r.p50),
    String(r.p99),
    targetVerdict(r),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (values: string[]) => values.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

function argument(name: string): number | undefined {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) return undefined;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} needs a positive whole number`);
  return value;
}

/** `--concurrency 1,10,50`: the levels measured one after the other. */
function levelsArgument(): number[] | undefined {
  const index = process.argv.indexOf('--concurrency');
  if (index < 0) return undefined;
  const levels = String(process.argv[index + 1])
    .split(',')
    .map(Number);
  if (levels.some((level) => !Number.isInteger(level) || level <= 0))
    throw new Error('--concurrency needs positive whole numbers, separated by commas');
  return levels;
}

if (require.main === module) {
  const settings: EscrowBenchSettings = {
    databaseUrl: process.env.DATABASE_URL || DEFAULTS.databaseUrl,
    contracts: argument('contracts') ?? DEFAULTS.contracts,
    concurrency: levelsArgument() ?? DEFAULTS.concurrency,
    pool: argument('pool'),
    history: argument('history'),
    log: (line) => console.log(line),
  };
  runEscrowBench(settings).then(
    (rows) => {
      const history = settings.history ? `, ${settings.history} transfers of history` : '';
      const pool = settings.pool ? `database pool of ${settings.pool}` : 'database pool sized by the server';
      console.log(
        `\nEscrow on PostgreSQL: ${settings.contracts} contracts per level, production server, ${pool}${history}; ` +
          `target at ${TARGET_CONCURRENCY} clients at once ≥ ${TARGET.minPerSecond}/s with p99 ≤ ${TARGET.maxP99} ms\n`,
      );
      console.log(formatRows(rows));
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
