/*
 * `pnpm bench:api`: the production server (API only) on a PostgreSQL database
 * filled with marketplace volumes, measured with autocannon. Prints one table
 * of figures: requests per second, p50 and p99 latency, and throughput as a
 * share of GET /health from the same run, against the targets. It never fails
 * on speed; it fails only when the measurement itself is broken (the server
 * does not start, or answers errors).
 *
 * Environment (all optional):
 *   DATABASE_URL         PostgreSQL server (postgres://postgres@127.0.0.1:5432/test); its database is only used to create the bench one
 *   BENCH_DATABASE       database created afresh for the run (fundament_bench), dropped afterwards unless BENCH_KEEP_DATABASE=true
 *   BENCH_DURATION       seconds per endpoint (10)
 *   BENCH_CONNECTIONS    concurrent connections (50)
 *   BENCH_PROJECTS / BENCH_USERS / BENCH_DESIGNS   volumes (100000 / 10000 / 2000)
 *   BENCH_PORT           port of the server under test (3392)
 *   BENCH_ACCEPT_ENCODING  what the client accepts ("gzip, deflate, br", as a browser; "" for uncompressed answers)
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openPostgres } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { createSession } from '../src/accounts/sessions';
import {
  BENCH_SPECIALIST,
  LISTING_FILTERS,
  analyze,
  dropDatabase,
  recreateDatabase,
  seedBenchData,
  withDatabase,
  type BenchVolumes,
} from './bench-data';
import { listingPlans, planProblems, type PlanSummary } from './listing-plan';
import type { BenchRow, EscrowBenchOptions } from './bench-row';
import { startBenchServer, type BenchServer } from './bench-server';

const env = process.env;
const number = (name: string, fallback: number) => {
  const value = Number(env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`Invalid ${name}: ${env[name]}`);
  return value;
};

const SERVER_URL = env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = env.BENCH_DATABASE || 'fundament_bench';
const BENCH_URL = withDatabase(SERVER_URL, DATABASE);
const DURATION = number('BENCH_DURATION', 10);
const CONNECTIONS = number('BENCH_CONNECTIONS', 50);
const PORT = number('BENCH_PORT', 3392);
const BASE = `http://127.0.0.1:${PORT}`;
const ACCEPT_ENCODING = env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';
const VOLUMES: BenchVolumes = {
  projects: number('BENCH_PROJECTS', 100_000),
  users: number('BENCH_USERS', 10_000),
  designs: number('BENCH_DESIGNS', 2_000),
};

const log = (message: string) => process.stderr.write(`${message}\n`);

async function signIn(): Promise<string> {
  const response = await fetch(`${BASE}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_SPECIALIST.email, password: BENCH_SPECIALIST.password }),
  });
  if (!response.ok) throw new Error(`bench sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * Waits until the server answers /health quickly again, so requests still
 * queued from one endpoint's run do not slow the next one down.
 */
async function waitUntilIdle(): Promise<void> {
  let quick = 0;
  for (let i = 0; i < 600 && quick < 3; i += 1) {
    const started = performance.now();
    const response = await fetch(`${BASE}/api/v1/health`).catch(() => undefined);
    quick = response?.ok && performance.now() - started < 50 ? quick + 1 : 0;
    if (quick < 3) await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * One endpoint at CONNECTIONS connections for DURATION seconds. A signed-in
 * endpoint takes turns with `tokens`, as many devices signed in at once would:
 * one shared session would measure a single cache entry instead of many.
 */
async function measure(name: string, urlPath: string, tokens: string[], target?: BenchRow['target']): Promise<BenchRow> {
  let turn = 0;
  const options: autocannon.Options = {
    url: `${BASE}${urlPath}`,
    connections: CONNECTIONS,
    headers: { 'accept-encoding': ACCEPT_ENCODING },
    ...(tokens.length > 0
      ? {
          requests: [
            {
              setupRequest: (request) => {
                turn = (turn + 1) % tokens.length;
                return { ...request, headers: { ...request.headers, authorization: `Bearer ${tokens[turn]}` } };
              },
            },
          ],
        }
      : {}),
  };
  await waitUntilIdle();
  // A short unrecorded run first, so the figures are of a warm process and warm caches.
  await autocannon({ ...options, duration: Math.min(2, DURATION) });
  await waitUntilIdle();
  log(`  ${name}…`);
  const result = await autocannon({ ...options, duration: DURATION });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors - result.timeouts,
    timeouts: result.timeouts,
    answered: result.requests.total,
    ...(target ? { target } : {}),
  };
}

/** Rows of the escrow benchmark, whatever it names its figures. */
function escrowRows(rows: unknown): BenchRow[] {
  if (!Array.isArray(rows)) return [];
  return rows.map((row: Record<string, unknown>) => {
    const pick = (...keys: string[]) => Number(keys.map((key) => row[key]).find((value) => value !== undefined) ?? Number.NaN);
    return {
      name: String(row.name ?? row.label ?? row.endpoint ?? row.operation ?? 'escrow'),
      requestsPerSecond: pick('requestsPerSecond', 'rps', 'requests_per_second', 'throughput'),
      p50: pick('p50', 'p50Ms', 'latencyP50'),
      p99: pick('p99', 'p99Ms', 'latencyP99'),
      failures: pick('failures', 'errors', 'non2xx') || 0,
      ...(row.answered === undefined ? {} : { answered: Number(row.answered) }),
      ...(row.target && typeof row.target === 'object' ? { target: row.target as BenchRow['target'] } : {}),
    };
  });
}

/** The escrow figures, when the escrow benchmark is there (bench/escrow-bench.ts exporting runEscrowBench). */
async function runEscrowBenchIfPresent(options: EscrowBenchOptions): Promise<BenchRow[] | undefined> {
  const file = path.join(__dirname, 'escrow-bench.ts');
  if (!existsSync(file)) return undefined;
  const loaded = (await import(file)) as { runEscrowBench?: (options: EscrowBenchOptions) => Promise<unknown> };
  if (typeof loaded.runEscrowBench !== 'function') return undefined;
  return escrowRows(await loaded.runEscrowBench(options));
}

function verdict(row: BenchRow, baseline: number): string {
  if (row.failures > 0) return `BROKEN (${row.failures} failed requests)`;
  if (row.answered === 0) return `no answer within ${DURATION} s`;
  const notes: string[] = [];
  if (row.target) {
    const misses: string[] = [];
    if (row.target.minRatio !== undefined && row.requestsPerSecond / baseline < row.target.minRatio) misses.push('throughput');
    if (row.target.minPerSecond !== undefined && row.requestsPerSecond < row.target.minPerSecond) misses.push('throughput');
    if (row.target.maxP99 !== undefined && row.p99 > row.target.maxP99) misses.push('p99');
    notes.push(misses.length ? `FAIL (${misses.join(', ')})` : 'PASS');
  }
  if (row.timeouts) notes.push(`${row.timeouts} timed out`);
  return notes.join(', ');
}

function targetText(target: BenchRow['target']): string {
  if (!target) return '';
  const parts: string[] = [];
  if (target.minRatio !== undefined) parts.push(`≥ ${Math.round(target.minRatio * 100)} %`);
  if (target.minPerSecond !== undefined) parts.push(`≥ ${target.minPerSecond.toLocaleString('en')}/s`);
  if (target.maxP99 !== undefined) parts.push(`p99 ≤ ${target.maxP99} ms`);
  return parts.join(', ');
}

function printTable(rows: BenchRow[], baseline: number): void {
  const header = ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'vs /health', 'target', 'result'];
  const lines = rows.map((row) => [
    row.name,
    Number.isFinite(row.requestsPerSecond) ? row.requestsPerSecond.toFixed(0) : '–',
    Number.isFinite(row.p50) ? row.p50.toFixed(1) : '–',
    Number.isFinite(row.p99) ? row.p99.toFixed(1) : '–',
    Number.isFinite(row.requestsPerSecond) ? `${((row.requestsPerSecond / baseline) * 100).toFixed(0)} %` : '–',
    targetText(row.target),
    verdict(row, baseline),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, i) => (i >= 1 && i <= 4 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
}

/**
 * Target: no sequential scan of projects, no sort beyond the specialist's own rows, a small
 * share of the table read (planProblems). The plans themselves follow, to see which index did it.
 */
function printPlans(plans: PlanSummary[]): void {
  console.log(
    '\nQuery plans of the specialist listing (EXPLAIN ANALYZE of the one statement GET /projects runs; target: index scans only, no sort beyond the listing):',
  );
  const width = Math.max(...plans.map((plan) => plan.statement.length));
  for (const plan of plans) {
    const problems = planProblems(plan, VOLUMES.projects);
    console.log(
      `  ${plan.statement.padEnd(width)}  ${problems.length ? `FAIL (${problems.join('; ')})` : 'PASS'}  ${plan.executionMs.toFixed(1).padStart(7)} ms, ` +
        `${plan.total} projects listed; projects rows read ${plan.projectsRead} for ${plan.projectsKept} kept; largest sort ${plan.sortInputs[0] ?? 0} rows; ` +
        `sequential scans: ${plan.seqScans.join(', ') || 'none'}; indexes: ${plan.indexes.join(', ') || 'none'}`,
    );
  }
  for (const plan of plans) console.log(`\n${plan.statement}:\n${plan.text}`);
}

async function main(): Promise<void> {
  log(`Creating ${DATABASE} on ${new URL(SERVER_URL).host} …`);
  await recreateDatabase(SERVER_URL, DATABASE);
  const db = await openPostgres(BENCH_URL, { max: 2 });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fundament-bench-api-'));
  let server: BenchServer | undefined;
  let measurementBroken = false;
  try {
    await migrate(db);
    const started = Date.now();
    log(`Seeding ${VOLUMES.projects} projects, ${VOLUMES.users} users, ${VOLUMES.designs} designs …`);
    const { specialistId } = await seedBenchData(db, VOLUMES);
    await analyze(db);
    log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const { rows: detailRows } = await db.query<{ id: string }>(
      `SELECT id FROM projects WHERE status = 'open' AND category = $1 AND country = $2 AND city = $3 ORDER BY created_at DESC LIMIT 1`,
      [LISTING_FILTERS.category, BENCH_SPECIALIST.country, LISTING_FILTERS.city],
    );
    const detailId = detailRows[0]?.id;
    if (!detailId) throw new Error('no project matches the bench specialist; raise BENCH_PROJECTS');

    server = await startBenchServer({ databaseUrl: BENCH_URL, port: PORT, dataDir });
    // One session through the real sign-in, the others opened directly: the sign-in is rate limited per address.
    const tokens = [await signIn()];
    while (tokens.length < CONNECTIONS) tokens.push(await createSession(db, 'client', specialistId, 1));
    const listing = `/api/v1/projects?category=${encodeURIComponent(LISTING_FILTERS.category)}&city=${encodeURIComponent(LISTING_FILTERS.city)}`;
    const probe = await fetch(`${BASE}${listing}`, { headers: { authorization: `Bearer ${tokens[0]}` } });
    const listed = (await probe.json()) as { meta?: { total: number } };
    log(`Measuring ${DURATION} s per endpoint at ${CONNECTIONS} connections (the filtered listing finds ${listed.meta?.total ?? '?'} projects) …`);

    const rows: BenchRow[] = [];
    rows.push(await measure('GET /health (baseline)', '/api/v1/health', []));
    rows.push(await measure('GET /common/reference-book', '/api/v1/common/reference-book', [], { minRatio: 0.7 }));
    rows.push(await measure('GET /designs', '/api/v1/designs', [], { minRatio: 0.7 }));
    // What signing in costs every request (the session, remembered a few seconds per instance), for reading the rows below.
    rows.push(await measure('GET /auth/me (signed-in baseline)', '/api/v1/auth/me', tokens));
    rows.push(await measure('GET /projects (specialist, category + city)', listing, tokens, { minRatio: 0.25, maxP99: 50 }));
    // The specialist's default view, without filters: no target, measured because it is the page they open first.
    rows.push(await measure('GET /projects (specialist, no filter)', '/api/v1/projects', tokens));
    rows.push(await measure('GET /projects/:id', `/api/v1/projects/${detailId}`, tokens));

    const escrow = await runEscrowBenchIfPresent({ baseUrl: BASE, databaseUrl: BENCH_URL, connections: CONNECTIONS, duration: DURATION, db });
    if (escrow) rows.push(...escrow);

    const plans = await listingPlans(db, specialistId);

    const baseline = rows[0]!.requestsPerSecond;
    console.log(
      `\nAPI benchmark: autocannon, ${CONNECTIONS} connections, ${DURATION} s per endpoint, production server on PostgreSQL` +
        ` (${VOLUMES.projects} projects, ${VOLUMES.users} users, ${VOLUMES.designs} designs), Accept-Encoding: ${ACCEPT_ENCODING || 'none'}\n`,
    );
    printTable(rows, baseline);
    if (!escrow)
      console.log('\n(no escrow figures: bench/escrow-bench.ts exporting runEscrowBench is missing; its rows join this table when it is there)');
    printPlans(plans);
    measurementBroken = rows.some((row) => row.failures > 0);
  } finally {
    await server?.stop();
    await db.close();
    if (env.BENCH_KEEP_DATABASE !== 'true') await dropDatabase(SERVER_URL, DATABASE);
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (measurementBroken) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
