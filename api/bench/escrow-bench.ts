import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPostgres, type Database } from '../src/db/database';
import { milestoneFees } from '../src/escrow/fees';
import { ACCOUNT_IDS, OPEN_HOLDS } from '../src/escrow/ledger';
import { seedAdmin, seedPerson, type SeededPerson } from '../test/escrow-fixtures';
import type { BenchRow, EscrowBenchOptions as ApiBenchHandOver } from './bench-row';
import { writeLedgerHistory } from './ledger-history';

/**
 * Escrow throughput on PostgreSQL: contracts written straight into the
 * database, then every milestone funded and released through HTTP by
 * concurrent clients, and the ledger check at the end. Reports operations per
 * second and latency percentiles, and whether the busiest statements' plans
 * use indexes. A figure to watch, not a test: nothing is asserted.
 *
 * On its own (`pnpm bench:escrow [--contracts 2000] [--concurrency 20] [--pool 10] [--history 1000000]`)
 * it starts the API in-process on a fresh schema of DATABASE_URL, dropped
 * afterwards. `pnpm bench:api` hands over its running server and database
 * instead (`baseUrl`, `db`, `connections`, `duration`): the rows then join its table.
 */

export interface EscrowBenchSettings extends Partial<ApiBenchHandOver> {
  /** Contracts of one milestone each: one fund and one release apiece. */
  contracts?: number;
  /** Clients sending requests at the same time (`connections` when bench:api calls). */
  concurrency?: number;
  /** Connections of the in-process API's pool (the server's default is 10). */
  pool?: number;
  /** Transfers of past payments written first with SQL, so the ledger check has a long history. */
  history?: number;
  log?: (line: string) => void;
}

const DEFAULTS = { databaseUrl: 'postgres://postgres@127.0.0.1:5432/test', contracts: 2_000, concurrency: 20, pool: 10 };

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
  call: (contract: BenchContract) => Promise<Response>,
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
          const response = await call(contract);
          const body = await response.text();
          result.latencies.push(performance.now() - sent);
          if (response.status === 200) result.done.push(contract);
          else result.errors.push(`${response.status} ${body.slice(0, 200)}`);
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

function row(name: string, result: Measured): BenchRow {
  return {
    name,
    requestsPerSecond: round(result.latencies.length / result.seconds),
    p50: round(percentile(result.latencies, 0.5)),
    p99: round(percentile(result.latencies, 0.99)),
    failures: result.errors.length,
    answered: result.latencies.length,
  };
}

/** Seeds, funds, releases and checks, against the API at `base` on `db`. */
async function fundAndRelease(
  db: Database,
  base: string,
  settings: { contracts: number; concurrency: number; duration?: number; history?: number },
  log: (line: string) => void,
) {
  const { contracts: count, concurrency, duration } = settings;
  log(`Seeding ${count} escrow contracts…`);
  const clients: SeededPerson[] = [];
  for (let i = 0; i < concurrency; i += 1) clients.push(await seedPerson(db, 'client', 'Bench', `Client${i}`));
  const contractors: SeededPerson[] = [];
  for (let i = 0; i < 50; i += 1) contractors.push(await seedPerson(db, 'contractor', 'Bench', `Builder${i}`));
  const experts: string[] = [];
  for (let i = 0; i < 10; i += 1) experts.push((await seedPerson(db, 'expert', 'Bench', `Expert${i}`)).id);
  const admin = await seedAdmin(db);
  const contracts = await seedContracts(db, clients, contractors, experts, count);
  const rows: BenchRow[] = [];
  const timedCheck = async (label: string): Promise<BenchRow> => {
    const started = performance.now();
    const response = await fetch(`${base}/admin/ledger/check`, { headers: admin.headers });
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

  const post = (contract: BenchContract, action: 'fund' | 'release', payload: unknown) =>
    fetch(`${base}/contracts/${contract.id}/milestones/${contract.milestoneId}/${action}`, {
      method: 'POST',
      headers: { ...contract.client.headers, 'content-type': 'application/json', 'idempotency-key': `bench-${randomUUID()}` },
      body: JSON.stringify(payload),
    });
  const deadline = () => (duration === undefined ? undefined : performance.now() + duration * 1000);
  const limit = duration === undefined ? '' : ` (at most ${duration} s)`;

  log(`Funding milestones with ${concurrency} concurrent clients${limit}…`);
  const card = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Bench Client' };
  const funds = await measure(contracts, concurrency, deadline(), (contract) => post(contract, 'fund', { card }));
  // Completion and inspection move no money: straight to "approved" for the releases.
  await db.query(
    `UPDATE milestones m SET status = 'approved', submitted_at = now(), inspected_at = now(), inspected_by = c.expert_id,
            inspection_decision = 'approved' FROM contracts c WHERE c.id = m.contract_id AND m.status = 'funded' AND m.id = ANY ($1::uuid[])`,
    [funds.done.map((contract) => contract.milestoneId)],
  );
  log(`Releasing them with ${concurrency} concurrent clients${limit}…`);
  const releases = await measure(funds.done, concurrency, deadline(), (contract) => post(contract, 'release', {}));

  const sample = funds.done[0] ?? contracts[0]!;
  return [
    ...rows,
    row('POST …/fund (escrow)', funds),
    row('POST …/release (escrow)', releases),
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
  const settings = {
    contracts: options.contracts ?? DEFAULTS.contracts,
    concurrency: options.concurrency ?? options.connections ?? DEFAULTS.concurrency,
    ...(options.duration === undefined ? {} : { duration: options.duration }),
    ...(options.history === undefined ? {} : { history: options.history }),
  };
  // Handed a running server and its database: measure through it.
  if (options.baseUrl && options.db) return fundAndRelease(options.db, `${options.baseUrl.replace(/\/+$/, '')}/api/v1`, settings, log);

  const databaseUrl = options.databaseUrl ?? DEFAULTS.databaseUrl;
  const schema = `bench_escrow_${randomBytes(6).toString('hex')}`;
  const server = await openPostgres(databaseUrl, { max: 1 });
  await server.exec(`CREATE SCHEMA ${schema}`);
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'fundament-bench-'));
  const db = await openPostgres(databaseUrl, { schema, max: options.pool ?? DEFAULTS.pool });
  // Production settings, as a real instance runs (no web front ends, no demo data, quiet logs).
  const config = loadConfig({ NODE_ENV: 'production' }, { serveWeb: false, seedDemo: false, logLevel: 'warn', uploadsDir, port: 0 });
  const app = await buildApp({ config, database: db });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    log(`API listening on a fresh schema ${schema}`);
    return await fundAndRelease(db, `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`, settings, log);
  } finally {
    await app.close();
    await server.exec(`DROP SCHEMA ${schema} CASCADE`);
    // The job queue's own schema, which the API creates next to its data's (src/jobs/jobs-plugin.ts).
    await server.exec(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
    await server.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  }
}

export function formatRows(rows: BenchRow[]): string {
  const header = ['operation', 'ops', 'failures', 'ops/s', 'p50 ms', 'p99 ms'];
  const cells = rows.map((r) => [r.name, String(r.answered ?? ''), String(r.failures), String(r.requestsPerSecond), String(r.p50), String(r.p99)]);
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

if (require.main === module) {
  const settings: EscrowBenchSettings = {
    databaseUrl: process.env.DATABASE_URL || DEFAULTS.databaseUrl,
    contracts: argument('contracts') ?? DEFAULTS.contracts,
    concurrency: argument('concurrency') ?? DEFAULTS.concurrency,
    pool: argument('pool') ?? DEFAULTS.pool,
    history: argument('history'),
    log: (line) => console.log(line),
  };
  runEscrowBench(settings).then(
    (rows) => {
      const history = settings.history ? `, ${settings.history} transfers of history` : '';
      console.log(
        `\nEscrow on PostgreSQL: ${settings.contracts} contracts, ${settings.concurrency} concurrent clients, API pool of ${settings.pool}${history}\n`,
      );
      console.log(formatRows(rows));
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
