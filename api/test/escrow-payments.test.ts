import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/database';
import { recoverPaymentIntents } from '../src/escrow/card-payments';
import { createSandboxProvider, type PaymentProvider } from '../src/escrow/payment-provider';
import { openTestDatabase } from './test-app';
import { CARDS, createContract, createParties, fund, getContract, key, ledgerCheck, type EscrowParties } from './escrow-helpers';

/*
 * Card payments: the intent is recorded before the card is charged, the card
 * is charged outside any transaction, and a recovery step settles payments a
 * crash left in between. Idempotency keys keep their outcome (a decline
 * included), expire, and never keep anything derived from a card number.
 */

/** What a test makes the provider do around a charge. */
let hook: { before?: (key: string) => Promise<void>; after?: (key: string) => Promise<void> } = {};

let app: FastifyInstance;
let db: Database;
let sandbox: PaymentProvider;
let drop: () => Promise<void>;
let uploadsDir: string;
let parties: EscrowParties;

beforeAll(async () => {
  const opened = await openTestDatabase({ migrated: true });
  db = opened.db;
  drop = opened.drop;
  uploadsDir = mkdtempSync(path.join(tmpdir(), 'fundament-payments-'));
  const rateLimits = { ...loadConfig({ NODE_ENV: 'test' }).rateLimits, login: 1000, signUp: 1000, loginPerAddress: 1000 };
  const config = loadConfig({ NODE_ENV: 'test' }, { serveWeb: false, uploadsDir, rateLimits });
  sandbox = createSandboxProvider(db, config.escrow.sandboxSecret);
  // The sandbox, with a hook before and after each charge: where a crash or a check goes.
  const payments: PaymentProvider = {
    name: 'sandbox',
    fingerprint: (card) => sandbox.fingerprint(card),
    lookup: (providerKey) => sandbox.lookup(providerKey),
    async charge(request) {
      await hook.before?.(request.idempotencyKey);
      const result = await sandbox.charge(request);
      await hook.after?.(request.idempotencyKey);
      return result;
    },
  };
  app = await buildApp({ config, database: db, payments });
  await app.ready();
  parties = await createParties(app, db);
});
afterEach(() => {
  hook = {};
});
afterAll(async () => {
  await app.close();
  await drop();
  rmSync(uploadsDir, { recursive: true, force: true });
});

class Crash extends Error {}

async function newMilestone() {
  const contractId = await createContract(app, parties, [{ title: 'Foundations', amount: 1_000_000 }]);
  const [milestone] = (await getContract(app, parties.client, contractId)).milestones;
  return { contractId, milestoneId: milestone!.id, total: milestone!.total };
}

async function chargesOf(milestoneId: string) {
  const { rows } = await db.query<{ outcome: string; amount: string }>(
    `SELECT s.outcome, s.amount FROM sandbox_charges s JOIN payment_intents i ON i.provider_key = s.idempotency_key WHERE i.milestone_id = $1`,
    [milestoneId],
  );
  return rows.map((row) => [row.outcome, Number(row.amount)]);
}

async function fundings(milestoneId: string) {
  const { rows } = await db.query<{ amount: string }>("SELECT amount FROM ledger_transfers WHERE milestone_id = $1 AND code = 'funding'", [
    milestoneId,
  ]);
  return rows.map((row) => Number(row.amount));
}

describe('a declined card', () => {
  it('is the key’s outcome: the same request gets the decline again, another card with the key is 409', async () => {
    const { contractId, milestoneId } = await newMilestone();
    const idempotencyKey = key();
    const declined = await fund(app, parties.client, contractId, milestoneId, CARDS.declined, idempotencyKey);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe('Your card was declined. No money was taken.');
    const again = await fund(app, parties.client, contractId, milestoneId, CARDS.declined, idempotencyKey);
    expect(again.statusCode).toBe(402);
    expect(again.json()).toEqual(declined.json());
    const otherCard = await fund(app, parties.client, contractId, milestoneId, CARDS.ok, idempotencyKey);
    expect(otherCard.statusCode).toBe(409);
    expect(otherCard.json().message).toBe('This Idempotency-Key was already used for another request.');
    // One attempt at the provider, nothing in the ledger; a new key pays.
    expect(await chargesOf(milestoneId)).toEqual([['declined', expect.any(Number)]]);
    expect(await fundings(milestoneId)).toEqual([]);
    expect((await fund(app, parties.client, contractId, milestoneId, CARDS.ok)).statusCode).toBe(200);
  });
});

describe('the stored request hash', () => {
  it('is not derived from the card number or the security code', async () => {
    const { contractId, milestoneId } = await newMilestone();
    const idempotencyKey = key();
    const url = `/api/v1/contracts/${contractId}/milestones/${milestoneId}/fund`;
    expect((await fund(app, parties.client, contractId, milestoneId, CARDS.ok, idempotencyKey)).statusCode).toBe(200);
    const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM idempotency_keys WHERE key = $1', [idempotencyKey]);
    const stored = JSON.stringify(rows[0]);
    const digits = CARDS.ok.number.replace(/\s/g, '');
    // A hash over the body as sent (card number included) is what must never be kept.
    for (const number of [CARDS.ok.number, digits]) {
      const body = JSON.stringify({ card: { ...CARDS.ok, number } });
      for (const candidate of [body, `POST ${url} ${body}`]) expect(stored).not.toContain(createHash('sha256').update(candidate).digest('hex'));
    }
    const everything = JSON.stringify([
      rows,
      (await db.query('SELECT * FROM payment_intents WHERE idempotency_key = $1', [idempotencyKey])).rows,
      (await db.query('SELECT * FROM sandbox_charges')).rows,
    ]);
    expect(everything).not.toContain(digits);
    expect(everything).not.toContain(digits.slice(0, 6));
    // The same card answers the same; the holder's name differing is another request.
    expect((await fund(app, parties.client, contractId, milestoneId, CARDS.ok, idempotencyKey)).statusCode).toBe(200);
    expect(
      (await fund(app, parties.client, contractId, milestoneId, { ...CARDS.ok, number: '5555 5555 5555 4444' }, idempotencyKey)).statusCode,
    ).toBe(409);
  });
});

describe('idempotency keys', () => {
  it('are kept 24 hours, then forgotten and cleaned up', async () => {
    const { contractId, milestoneId } = await newMilestone();
    const idempotencyKey = key();
    expect((await fund(app, parties.client, contractId, milestoneId, CARDS.declined, idempotencyKey)).statusCode).toBe(402);
    const { rows } = await db.query<{ hours: number }>(
      'SELECT extract(epoch FROM expires_at - created_at) / 3600 AS hours FROM idempotency_keys WHERE key = $1',
      [idempotencyKey],
    );
    expect(Number(rows[0]!.hours)).toBeCloseTo(24, 3);
    await db.query("UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = $1", [idempotencyKey]);
    // Expired: the key is free again, so another card with it is a new request.
    const reused = await fund(app, parties.client, contractId, milestoneId, CARDS.ok, idempotencyKey);
    expect(reused.statusCode).toBe(200);
    const other = key();
    expect((await fund(app, parties.client, contractId, milestoneId, CARDS.ok, other)).statusCode).toBe(409);
    await db.query("UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = $1", [idempotencyKey]);
    const report = await recoverPaymentIntents(db, sandbox, 0);
    expect(report.expiredKeys).toBeGreaterThanOrEqual(1);
    expect((await db.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [idempotencyKey])).rows).toEqual([]);
  });
});

describe('a card payment', () => {
  it('records its intent and commits it before the card is charged', async () => {
    const { contractId, milestoneId } = await newMilestone();
    let seen: unknown[] = [];
    hook.before = async (providerKey) => {
      // Read on the database itself while the charge runs: only committed rows are visible, and
      // nothing of the request may hold a transaction open (the embedded database has one connection).
      seen = (await db.query('SELECT status, milestone_id FROM payment_intents WHERE provider_key = $1', [providerKey])).rows;
    };
    expect((await fund(app, parties.client, contractId, milestoneId)).statusCode).toBe(200);
    expect(seen).toEqual([{ status: 'created', milestone_id: milestoneId }]);
  });

  it('charged but cut off before posting is posted by the recovery, and its key answers as the posting did', async () => {
    const { contractId, milestoneId, total } = await newMilestone();
    const idempotencyKey = key();
    hook.after = async () => {
      throw new Crash('the process died after the charge');
    };
    const cut = await fund(app, parties.client, contractId, milestoneId, CARDS.ok, idempotencyKey);
    expect(cut.statusCode).toBe(500);
    hook = {};
    // Charged, not posted: the provider has the charge, the ledger not yet.
    expect(await chargesOf(milestoneId)).toEqual([['succeeded', total]]);
    expect(await fundings(milestoneId)).toEqual([]);
    const report = await recoverPaymentIntents(db, sandbox, 0);
    expect(report).toMatchObject({ posted: 1, cancelled: 0 });
    expect(await fundings(milestoneId)).toEqual([total]);
    expect((await getContract(app, parties.client, contractId)).milestones[0]!.status).toBe('funded');
    const retried = await fund(app, parties.client, contractId, milestoneId, CARDS.ok, idempotencyKey);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().payment).toMatchObject({ status: 'succeeded', amount: total, card_last4: '4242' });
    expect(await chargesOf(milestoneId)).toEqual([['succeeded', total]]);
    const check = await ledgerCheck(app, parties);
    expect(check.checks.filter((c) => !c.ok)).toEqual([]);
  });

  it('cut off before the charge is finished by a retry with its key, charged once', async () => {
    const { contractId, milestoneId, total } = await newMilestone();
    const idempotencyKey = key();
    hook.before = async () => {
      throw new Crash('the process died before the charge');
    };
    expect((await fund(app, parties.client, contractId, milestoneId, CARDS.ok, idempotencyKey)).statusCode).toBe(500);
    hook = {};
    // While it is unsettled, another payment of the milestone waits for it.
    const meanwhile = await fund(app, parties.client, contractId, milestoneId);
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().message).toBe('This payment is still being processed. Try again in a moment with the same key.');
    const retried = await fund(app, parties.client, contractId, milestoneId, CARDS.ok, idempotencyKey);
    expect(retried.statusCode).toBe(200);
    expect(await chargesOf(milestoneId)).toEqual([['succeeded', total]]);
    expect(await fundings(milestoneId)).toEqual([total]);
  });

  it('never charged (the process died first) is cancelled by the recovery, and its key can be used again', async () => {
    const { contractId, milestoneId, total } = await newMilestone();
    const idempotencyKey = key();
    hook.before = async () => {
      throw new Crash('the process died before the charge');
    };
    expect((await fund(app, parties.client, contractId, milestoneId, CARDS.ok, idempotencyKey)).statusCode).toBe(500);
    hook = {};
    expect(await recoverPaymentIntents(db, sandbox, 0)).toMatchObject({ posted: 0, cancelled: 1 });
    expect(await chargesOf(milestoneId)).toEqual([]);
    const retried = await fund(app, parties.client, contractId, milestoneId, CARDS.ok, idempotencyKey);
    expect(retried.statusCode).toBe(200);
    expect(await fundings(milestoneId)).toEqual([total]);
  });

  it('leaves a payment still within its grace period to the call that is making it', async () => {
    const { contractId, milestoneId } = await newMilestone();
    hook.before = async () => {
      throw new Crash('slow provider');
    };
    await fund(app, parties.client, contractId, milestoneId);
    hook = {};
    expect(await recoverPaymentIntents(db, sandbox, 3600)).toMatchObject({ posted: 0, cancelled: 0 });
    const { rows } = await db.query('SELECT status FROM payment_intents WHERE milestone_id = $1', [milestoneId]);
    expect(rows).toEqual([{ status: 'created' }]);
  });

  it('with the provider unreachable answers 502 and frees the key for a retry', async () => {
    const { contractId, milestoneId } = await newMilestone();
    const idempotencyKey = key();
    expect((await fund(app, parties.client, contractId, milestoneId, CARDS.failing, idempotencyKey)).statusCode).toBe(502);
    expect((await fund(app, parties.client, contractId, milestoneId, CARDS.ok, idempotencyKey)).statusCode).toBe(200);
  });
});
