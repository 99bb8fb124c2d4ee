import { ACCOUNT_BALANCES_SQL } from '../src/escrow/ledger';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPostgres, type Database } from '../src/db/database';
import { createSandboxPayins } from '../src/payments/payins/sandbox-payins';
import { CARDS } from './escrow-helpers';
import { serverProcess, type ServerProcess } from './server-process';
import { approveFunded, seedAdmin, seedContract, seedPerson, type SeededMilestone, type SeededPerson } from './escrow-fixtures';

/**
 * The server killed (SIGKILL) while releases, then the provider's pay-in
 * confirmations (its signed webhooks), are in flight, then started again: the
 * ledger is whole, and retrying every call with its key pays each milestone
 * exactly once — a call that had committed answers as it did the first time,
 * one that had not runs now — and each provider transaction is posted once,
 * whether by its webhook, by the start-up reconciliation or by a redelivery.
 */

const CONTRACTS = 30;
const MILESTONES = 2;
/** Shared with the server: the test plays the sandbox's own servers, which sign and send its webhooks. */
const SANDBOX_SECRET = `crash-${randomBytes(8).toString('hex')}`;

const baseUrl = process.env.DATABASE_URL!;
const databaseName = `escrow_crash_${randomBytes(6).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(baseUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

let server: Database;
let db: Database;
let api: ServerProcess;
let dataDir: string;

/**
 * The production entry point, on its own database, as an operator would start it.
 * `recoverySeconds`: the reconciliation round's grace, long unless a test wants
 * the start-up round to settle what a crash left (0: however recent).
 */
const startServer = (recoverySeconds = 3600) => api.start({ PAYMENT_RECOVERY_SECONDS: String(recoverySeconds) });

interface Answer {
  status: number;
  body: unknown;
}

async function post(url: string, headers: Record<string, string>, payload: unknown): Promise<Answer> {
  const response = await fetch(`http://127.0.0.1:${api.port}/api/v1${url}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  return { status: response.status, body: await response.json() };
}

/** The sandbox as its own servers see it: the same transaction list, the same signing secret. */
const sandbox = () => createSandboxPayins(db, { secret: `${SANDBOX_SECRET}:payins`, expiryMs: 30 * 60_000, callbackDelayMs: null });

interface Funding {
  contractId: string;
  milestone: SeededMilestone;
  key: string;
}

const fundOf = (call: Funding) =>
  post(`/contracts/${call.contractId}/milestones/${call.milestone.id}/fund`, { ...client.headers, 'idempotency-key': call.key }, { method: 'card' });

/** The fund call (202, the hosted page), then the client paying there with the test card that succeeds. */
async function startAndPay(call: Funding): Promise<void> {
  const started = await fundOf(call);
  if (started.status !== 202) throw new Error(JSON.stringify(started));
  const redirectUrl = (started.body as { payment: { redirect_url: string } }).payment.redirect_url;
  const paid = await fetch(`http://127.0.0.1:${api.port}${redirectUrl}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `choice=pay&card=${CARDS.ok}`,
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`the hosted page answered ${paid.status}`);
}

/** The sandbox's signed webhook for a milestone's pay-in, as its servers send it. */
async function deliverWebhook(milestoneId: string): Promise<Answer> {
  const { rows } = await db.query<{ provider_key: string }>(
    'SELECT provider_key FROM payment_intents WHERE milestone_id = $1 ORDER BY created_at DESC LIMIT 1',
    [milestoneId],
  );
  const hook = (await sandbox().webhookFor(rows[0]!.provider_key))!;
  const response = await fetch(`http://127.0.0.1:${api.port}/api/v1/payments/webhooks/sandbox`, {
    method: 'POST',
    headers: hook.headers,
    body: hook.body,
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
  api = await serverProcess({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SANDBOX_PAYMENT_SECRET: SANDBOX_SECRET,
    // No webhook of the sandbox's own: the test delivers them, so it knows which were in flight at the crash.
    SANDBOX_CALLBACK_MS: '',
  });
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
    contract.milestones.map(async (milestone) => {
      const call = { contractId: contract.id, milestone, key: `fund-${randomUUID()}` };
      await startAndPay(call);
      if ((await deliverWebhook(milestone.id)).status !== 200) throw new Error('webhook refused');
      return (await fundOf(call)).status;
    }),
  );
  expect(await Promise.all(funds)).toEqual(funds.map(() => 200));
  for (const contract of contracts) {
    expect(await approveFunded(db, contract.id)).toBe(MILESTONES);
    for (const milestone of contract.milestones) releases.push({ contractId: contract.id, milestone, key: `release-${randomUUID()}` });
  }
}, 60_000);

afterAll(async () => {
  await api?.stop('SIGTERM');
  await db?.close();
  await server?.exec(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function ledgerCheck() {
  const response = await fetch(`http://127.0.0.1:${api.port}/api/v1/admin/ledger/check`, { headers: admin.headers });
  return (await response.json()) as { ok: boolean; checks: { name: string; ok: boolean; detail: string }[] };
}

describe('a server killed in the middle of releases', () => {
  it('keeps the ledger whole, and the retried releases pay each milestone exactly once', async () => {
    // Eight clients release one milestone after another; the process dies once a third have answered,
    // with calls in flight (committed or not, the client cannot tell) and the rest never sent.
    const victim = api.child!;
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
    await api.stop('SIGKILL');
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

describe('a server killed between the provider’s confirmations and their posting', () => {
  it('posts each provider transaction exactly once across the restart, and the ledger stays whole', async () => {
    const contracts: { id: string; milestones: SeededMilestone[] }[] = [];
    for (let i = 0; i < 20; i += 1) {
      contracts.push(await seedContract(db, { clientId: client.id, contractorId: contractor.id }, [300_000 + 1_000 * i, 450_000 + 1_000 * i]));
    }
    const funds: (Funding & { hook?: Answer })[] = contracts.flatMap((contract) =>
      contract.milestones.map((milestone) => ({ contractId: contract.id, milestone, key: `fund-crash-${randomUUID()}` })),
    );
    const milestoneIds = funds.map((call) => call.milestone.id);
    // Every client pays on the hosted page: the provider has taken every payment, none is posted yet.
    await Promise.all(funds.map(startAndPay));
    const { rows: confirmed } = await db.query<{ count: string }>(
      `SELECT count(*) FROM sandbox_payins s JOIN payment_intents i ON i.provider_key = s.reference
        WHERE i.milestone_id = ANY ($1::uuid[]) AND s.status = 'COMPLETED' AND i.status = 'created'`,
      [milestoneIds],
    );
    expect(Number(confirmed[0]!.count)).toBe(funds.length);

    // The provider's servers send their webhooks, eight at a time; the process dies once a third have answered,
    // with confirmations in flight (received and maybe posted, the provider cannot tell) and the rest never sent.
    const victim = api.child!;
    const queue = [...funds];
    let answered = 0;
    let killed = false;
    const providerLoop = async () => {
      for (let call = queue.shift(); call && !killed; call = queue.shift()) {
        try {
          call.hook = await deliverWebhook(call.milestone.id);
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
    await Promise.all(Array.from({ length: 8 }, providerLoop));
    await api.stop('SIGKILL');
    const acknowledged = funds.filter((call) => call.hook);
    expect(acknowledged.every((call) => call.hook!.status === 200)).toBe(true);
    expect(acknowledged.length).toBeGreaterThanOrEqual(Math.floor(funds.length / 3));
    expect(acknowledged.length).toBeLessThan(funds.length);

    // What survived the crash is consistent: a milestone is funded exactly when its intent is posted, by one funding.
    const fundingState = async () => {
      const { rows } = await db.query<{ id: string; status: string; intent: string; fundings: string; funded: string; payin: string; paid: string }>(
        `SELECT m.id, m.status, i.status AS intent, s.id AS payin, s.amount AS paid,
                (SELECT count(*) FROM ledger_transfers t WHERE t.milestone_id = m.id AND t.code = 'funding') AS fundings,
                (SELECT coalesce(sum(t.amount), 0) FROM ledger_transfers t WHERE t.milestone_id = m.id AND t.code = 'funding') AS funded
           FROM milestones m JOIN payment_intents i ON i.milestone_id = m.id JOIN sandbox_payins s ON s.reference = i.provider_key
          WHERE m.id = ANY ($1::uuid[])`,
        [milestoneIds],
      );
      return rows;
    };
    const atCrash = await fundingState();
    expect(atCrash).toHaveLength(funds.length);
    expect(atCrash.map((row) => [row.status, row.intent, Number(row.fundings)])).toEqual(
      atCrash.map((row) => (row.intent === 'posted' ? ['funded', 'posted', 1] : ['draft', 'created', 0])),
    );
    // A webhook that was acknowledged had been posted before the acknowledgement.
    const postedAtCrash = new Set(atCrash.filter((row) => row.intent === 'posted').map((row) => row.id));
    for (const call of acknowledged) expect(postedAtCrash.has(call.milestone.id)).toBe(true);
    expect(postedAtCrash.size).toBeLessThan(funds.length);

    // The start-up reconciliation asks the provider about every open pay-in and posts what it confirmed.
    await startServer(0);
    const { rows: open } = await db.query(
      "SELECT id FROM payment_intents WHERE milestone_id = ANY ($1::uuid[]) AND status IN ('created', 'charged')",
      [milestoneIds],
    );
    expect(open).toEqual([]);
    const check = await ledgerCheck();
    expect(check.checks.filter((c) => !c.ok)).toEqual([]);

    // The provider redelivers every webhook (it never heard back for some): each is acknowledged and posts nothing more.
    const redelivered = await Promise.all(funds.map((call) => deliverWebhook(call.milestone.id)));
    expect(redelivered.map((answer) => answer.status)).toEqual(funds.map(() => 200));

    // Every client retries the fund call with its key: funded, for what the milestone costs, the same answer twice.
    const retried = await Promise.all(funds.map(fundOf));
    const again = await Promise.all(funds.map(fundOf));
    expect(retried.map((answer) => answer.status)).toEqual(funds.map(() => 200));
    funds.forEach((call, index) => {
      expect(again[index]!.body).toEqual(retried[index]!.body);
      expect((retried[index]!.body as { payment: { amount: number } }).payment.amount).toBe(
        call.milestone.amount + call.milestone.expert_fee + call.milestone.platform_fee,
      );
    });

    // Exactly one funding per provider transaction, of exactly what the provider took, and one transaction per key.
    const after = await fundingState();
    expect(new Set(after.map((row) => row.payin)).size).toBe(funds.length);
    expect(after.map((row) => [row.status, row.intent, Number(row.fundings), Number(row.funded)])).toEqual(
      after.map((row) => ['funded', 'posted', 1, Number(row.paid)]),
    );
    const { rows: perKey } = await db.query<{ key: string; payins: string }>(
      `SELECT i.idempotency_key AS key, count(s.id) AS payins FROM payment_intents i JOIN sandbox_payins s ON s.reference = i.provider_key
        WHERE i.idempotency_key = ANY ($1::text[]) GROUP BY i.idempotency_key`,
      [funds.map((call) => call.key)],
    );
    expect(new Map(perKey.map((row) => [row.key, Number(row.payins)]))).toEqual(new Map(funds.map((call) => [call.key, 1])));
    const final = await ledgerCheck();
    expect(final.checks.filter((c) => !c.ok)).toEqual([]);
    expect(final.ok).toBe(true);
  }, 90_000);
});
