import { spawn, type ChildProcess } from 'node:child_process';
import { ACCOUNT_BALANCES_SQL } from '../src/escrow/ledger';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPostgres, type Database } from '../src/db/database';
import { CARDS } from './escrow-helpers';
import { approveFunded, seedAdmin, seedContract, seedPerson, type SeededMilestone, type SeededPerson } from './escrow-fixtures';

/**
 * The server killed (SIGKILL) while releases, then card payments, are in
 * flight, then started again: the ledger is whole, and retrying every call
 * with its key pays each milestone exactly once — a call that had committed
 * answers as it did the first time, one that had not runs now — and no card
 * is charged twice for one key.
 */

const API_DIR = path.resolve(__dirname, '..');
const CONTRACTS = 30;
const MILESTONES = 2;

const baseUrl = process.env.DATABASE_URL!;
const databaseName = `escrow_crash_${randomBytes(6).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(baseUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

let server: Database;
let db: Database;
let child: ChildProcess | undefined;
let port: number;
let dataDir: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The production entry point, on its own database, as an operator would start it. */
async function startServer(): Promise<void> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SERVE_WEB: 'false',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    // At start-up, settle every card payment a crash left unfinished, however recent.
    PAYMENT_RECOVERY_SECONDS: '0',
  };
  // Node itself with tsx's loader, not the tsx command: a SIGKILL of that wrapper would leave the server running.
  const started = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: API_DIR, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  started.stderr!.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  child = started;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (started.exitCode !== null) throw new Error(`the server exited: ${errors}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not start: ${errors}`);
}

async function stopServer(signal: NodeJS.Signals): Promise<void> {
  const running = child;
  child = undefined;
  if (!running || running.exitCode !== null || running.signalCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill(signal);
  await exited;
}

interface Answer {
  status: number;
  body: unknown;
}

async function post(url: string, headers: Record<string, string>, payload: unknown): Promise<Answer> {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1${url}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  return { status: response.status, body: await response.json() };
}

interface Release {
  contractId: string;
  milestone: SeededMilestone;
  key: string;
  /** The answer received before the crash; undefined when the call was cut off or never sent. */
  before?: Answer;
}

let client: SeededPerson;
let contractor: SeededPerson;
let admin: { headers: { authorization: string } };
const releases: Release[] = [];

const releaseOf = (release: Release) =>
  post(`/contracts/${release.contractId}/milestones/${release.milestone.id}/release`, { ...client.headers, 'idempotency-key': release.key }, {});

beforeAll(async () => {
  server = await openPostgres(baseUrl, { max: 1 });
  await server.exec(`CREATE DATABASE ${databaseName}`);
  db = await openPostgres(databaseUrl, { max: 2 });
  dataDir = mkdtempSync(path.join(tmpdir(), 'fundament-crash-'));
  port = await freePort();
  await startServer();

  // Accounts and contracts straight in the database; the money goes through the API.
  client = await seedPerson(db, 'client', 'Amina', 'Njoya');
  contractor = await seedPerson(db, 'contractor', 'Paul', 'Etoa');
  const expert = await seedPerson(db, 'expert', 'Eve', 'Mbarga');
  admin = await seedAdmin(db);
  const contracts: { id: string; milestones: SeededMilestone[] }[] = [];
  for (let i = 0; i < CONTRACTS; i += 1) {
    const amounts = Array.from({ length: MILESTONES }, (_, p) => 250_000 * (p + 1) + 1_000 * i);
    contracts.push(await seedContract(db, { clientId: client.id, contractorId: contractor.id, expertId: expert.id }, amounts));
  }
  const funds = contracts.flatMap((contract) =>
    contract.milestones.map((milestone) =>
      post(
        `/contracts/${contract.id}/milestones/${milestone.id}/fund`,
        { ...client.headers, 'idempotency-key': `fund-${randomUUID()}` },
        { card: CARDS.ok },
      ),
    ),
  );
  expect((await Promise.all(funds)).map((answer) => answer.status)).toEqual(funds.map(() => 200));
  for (const contract of contracts) {
    expect(await approveFunded(db, contract.id)).toBe(MILESTONES);
    for (const milestone of contract.milestones) releases.push({ contractId: contract.id, milestone, key: `release-${randomUUID()}` });
  }
}, 60_000);

afterAll(async () => {
  await stopServer('SIGTERM');
  await db?.close();
  await server?.exec(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function ledgerCheck() {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/admin/ledger/check`, { headers: admin.headers });
  return (await response.json()) as { ok: boolean; checks: { name: string; ok: boolean; detail: string }[] };
}

describe('a server killed in the middle of releases', () => {
  it('keeps the ledger whole, and the retried releases pay each milestone exactly once', async () => {
    // Eight clients release one milestone after another; the process dies once a third have answered,
    // with calls in flight (committed or not, the client cannot tell) and the rest never sent.
    const victim = child!;
    const queue = [...releases];
    let answered = 0;
    let killed = false;
    const clientLoop = async () => {
      for (let release = queue.shift(); release && !killed; release = queue.shift()) {
        try {
          release.before = await releaseOf(release);
          answered += 1;
          if (answered === Math.floor(releases.length / 3)) {
            killed = true;
            victim.kill('SIGKILL');
          }
        } catch {
          // Cut off by the crash.
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, clientLoop));
    await stopServer('SIGKILL');
    const answeredBefore = releases.filter((r) => r.before);
    expect(answeredBefore.every((r) => r.before!.status === 200)).toBe(true);
    // The crash came in the middle: some releases answered, some did not.
    expect(answeredBefore.length).toBeGreaterThanOrEqual(Math.floor(releases.length / 3));
    expect(answeredBefore.length).toBeLessThan(releases.length);

    // What survived the crash is consistent: a milestone is released exactly when its release's answer was kept, and no answer is half written.
    const { rows: statuses } = await db.query<{ id: string; status: string }>('SELECT id, status FROM milestones WHERE id = ANY ($1::uuid[])', [
      releases.map((r) => r.milestone.id),
    ]);
    const { rows: kept } = await db.query<{ key: string; status_code: number }>(
      'SELECT key, status_code FROM idempotency_keys WHERE key = ANY ($1::text[])',
      [releases.map((r) => r.key)],
    );
    const statusOf = new Map(statuses.map((row) => [row.id, row.status]));
    const keptAnswer = new Map(kept.map((row) => [row.key, Number(row.status_code)]));
    expect(releases.map((r) => [statusOf.get(r.milestone.id), keptAnswer.get(r.key) ?? null])).toEqual(
      releases.map((r) => (statusOf.get(r.milestone.id) === 'released' ? ['released', 200] : ['approved', null])),
    );
    const survived = statuses;
    const releasedAtCrash = survived.filter((row) => row.status === 'released').length;
    expect(releasedAtCrash).toBeGreaterThanOrEqual(answeredBefore.length);

    await startServer();
    const check = await ledgerCheck();
    expect(check.checks.filter((c) => !c.ok)).toEqual([]);
    expect(check.ok).toBe(true);

    // Every release again, with its key.
    const retried = await Promise.all(releases.map(releaseOf));
    expect(retried.map((answer) => answer.status)).toEqual(releases.map(() => 200));
    releases.forEach((release, index) => {
      // A release that had answered answers the same again, word for word.
      if (release.before) expect(retried[index]!.body).toEqual(release.before.body);
      expect((retried[index]!.body as { released: unknown }).released).toEqual({
        contractor: release.milestone.amount,
        expert_fee: release.milestone.expert_fee,
        platform_fee: release.milestone.platform_fee,
      });
    });

    const after = await ledgerCheck();
    expect(after.checks.filter((c) => !c.ok)).toEqual([]);
    const { rows: holds } = await db.query<{ milestone_id: string; status: string; posted: string; open: string }>(
      `SELECT m.id AS milestone_id, m.status,
              (SELECT count(*) FROM ledger_transfers r JOIN ledger_transfers p ON p.id = r.pending_id WHERE p.milestone_id = m.id) AS posted,
              (SELECT count(*) FROM ledger_transfers p WHERE p.milestone_id = m.id AND p.flag = 'pending'
                  AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = p.id)) AS open
         FROM milestones m WHERE m.id = ANY ($1::uuid[])`,
      [releases.map((r) => r.milestone.id)],
    );
    // Each milestone released once: its two holds (payout, platform fee) posted once each, none left open.
    expect(holds.map((row) => [row.status, Number(row.posted), Number(row.open)])).toEqual(releases.map(() => ['released', 2, 0]));
    const { rows: paid } = await db.query<{ posted: string; pending: string }>(
      `SELECT credits_posted - debits_posted AS posted, credits_pending AS pending FROM (${ACCOUNT_BALANCES_SQL}) b WHERE kind = 'contractor' AND user_id = $1`,
      [contractor.id],
    );
    expect({ posted: Number(paid[0]!.posted), pending: Number(paid[0]!.pending) }).toEqual({
      posted: releases.reduce((sum, r) => sum + r.milestone.amount, 0),
      pending: 0,
    });
    const { rows: keys } = await db.query<{ count: string }>("SELECT count(*) FROM idempotency_keys WHERE key LIKE 'release-%'");
    expect(Number(keys[0]!.count)).toBe(releases.length);
  }, 60_000);
});

describe('a server killed in the middle of card payments', () => {
  it('charges each key once across restarts, and every charge ends in the ledger', async () => {
    const contracts: { id: string; milestones: SeededMilestone[] }[] = [];
    for (let i = 0; i < 20; i += 1) {
      contracts.push(await seedContract(db, { clientId: client.id, contractorId: contractor.id }, [300_000 + 1_000 * i, 450_000 + 1_000 * i]));
    }
    const funds: Release[] = contracts.flatMap((contract) =>
      contract.milestones.map((milestone) => ({ contractId: contract.id, milestone, key: `fund-crash-${randomUUID()}` })),
    );
    const fundOf = (call: Release) =>
      post(
        `/contracts/${call.contractId}/milestones/${call.milestone.id}/fund`,
        { ...client.headers, 'idempotency-key': call.key },
        { card: CARDS.ok },
      );
    const victim = child!;
    const queue = [...funds];
    let answered = 0;
    let killed = false;
    const clientLoop = async () => {
      for (let call = queue.shift(); call && !killed; call = queue.shift()) {
        try {
          call.before = await fundOf(call);
          answered += 1;
          if (answered === Math.floor(funds.length / 3)) {
            killed = true;
            victim.kill('SIGKILL');
          }
        } catch {
          // Cut off by the crash.
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, clientLoop));
    await stopServer('SIGKILL');
    const answeredBefore = funds.filter((call) => call.before);
    expect(answeredBefore.every((call) => call.before!.status === 200)).toBe(true);
    expect(answeredBefore.length).toBeLessThan(funds.length);
    const keys = funds.map((call) => call.key);
    // Never money in the ledger without a charge behind it.
    const { rows: unbacked } = await db.query(
      `SELECT t.id FROM ledger_transfers t JOIN milestones m ON m.id = t.milestone_id
        WHERE t.code = 'funding' AND m.id = ANY ($1::uuid[])
          AND NOT EXISTS (SELECT 1 FROM payment_intents i JOIN sandbox_charges s ON s.idempotency_key = i.provider_key
                           WHERE i.milestone_id = m.id AND s.outcome = 'succeeded')`,
      [funds.map((call) => call.milestone.id)],
    );
    expect(unbacked).toEqual([]);

    // The start-up recovery settles what the crash left between charge and posting.
    await startServer();
    const { rows: unsettled } = await db.query(
      "SELECT id FROM payment_intents WHERE idempotency_key = ANY ($1::text[]) AND status IN ('created', 'charged')",
      [keys],
    );
    expect(unsettled).toEqual([]);
    const { rows: chargedNotPosted } = await db.query(
      `SELECT i.id FROM payment_intents i JOIN sandbox_charges s ON s.idempotency_key = i.provider_key
        WHERE i.idempotency_key = ANY ($1::text[]) AND s.outcome = 'succeeded' AND i.status <> 'posted'`,
      [keys],
    );
    expect(chargedNotPosted).toEqual([]);
    const check = await ledgerCheck();
    expect(check.checks.filter((c) => !c.ok)).toEqual([]);

    // Every payment again, with its key.
    const retried = await Promise.all(funds.map(fundOf));
    expect(retried.map((answer) => answer.status)).toEqual(funds.map(() => 200));
    funds.forEach((call, index) => {
      if (call.before) expect(retried[index]!.body).toEqual(call.before.body);
      expect((retried[index]!.body as { payment: { amount: number } }).payment.amount).toBe(
        call.milestone.amount + call.milestone.expert_fee + call.milestone.platform_fee,
      );
    });

    // One charge per key, across the restart; each milestone funded once, by exactly what was charged.
    const { rows: charges } = await db.query<{ key: string; charges: string; charged: string }>(
      `SELECT i.idempotency_key AS key, count(*) AS charges, sum(s.amount) AS charged
         FROM payment_intents i JOIN sandbox_charges s ON s.idempotency_key = i.provider_key AND s.outcome = 'succeeded'
        WHERE i.idempotency_key = ANY ($1::text[]) GROUP BY i.idempotency_key`,
      [keys],
    );
    expect(new Map(charges.map((row) => [row.key, Number(row.charges)]))).toEqual(new Map(keys.map((key) => [key, 1])));
    const { rows: funded } = await db.query<{ id: string; status: string; fundings: string; funded: string }>(
      `SELECT m.id, m.status, count(t.id) AS fundings, coalesce(sum(t.amount), 0) AS funded
         FROM milestones m LEFT JOIN ledger_transfers t ON t.milestone_id = m.id AND t.code = 'funding'
        WHERE m.id = ANY ($1::uuid[]) GROUP BY m.id, m.status`,
      [funds.map((call) => call.milestone.id)],
    );
    const chargedByKey = new Map(charges.map((row) => [row.key, Number(row.charged)]));
    const fundedById = new Map(funded.map((row) => [row.id, [row.status, Number(row.fundings), Number(row.funded)]]));
    for (const call of funds) expect(fundedById.get(call.milestone.id)).toEqual(['funded', 1, chargedByKey.get(call.key)]);
    const after = await ledgerCheck();
    expect(after.checks.filter((c) => !c.ok)).toEqual([]);
  }, 60_000);
});
