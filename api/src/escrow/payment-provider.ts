import { createHash, createHmac } from 'node:crypto';
import { columnsOf, createBatcher, outcomesByPlace } from '../db/call-batches';
import { isDatabase, prepared, type Queryable } from '../db/database';
import { BATCHES } from './payment-calls';

/** Card details as typed in the fund form. A real provider receives a token from its own hosted fields instead. */
export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export interface ChargeRequest {
  amount: number;
  currency: string;
  card: CardInput;
  description: string;
  /** Passed on to the provider so that a retried charge (after a crash, say) is not taken twice. */
  idempotencyKey: string;
}

export type ChargeResult = { status: 'succeeded'; reference: string; cardLast4: string } | { status: 'declined'; cardLast4: string };

/** The provider could not be reached or failed: nothing was charged, the call may be retried. */
export class PaymentUnavailableError extends Error {
  constructor() {
    super('payment provider unavailable');
    this.name = 'PaymentUnavailableError';
  }
}

/** What escrow needs from a payment provider; a real one (card acquirer, mobile money) implements the same. */
export interface PaymentProvider {
  readonly name: string;
  /** Charges the card; the same idempotency key always answers with the first charge's outcome. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The outcome of a charge made with this key, or null when the provider never took one (recovery after a crash). */
  lookup(idempotencyKey: string): Promise<ChargeResult | null>;
  /**
   * The provider's fingerprint of a card: the same card gives the same
   * fingerprint, and nothing about the card can be read back from it. Our
   * idempotency records compare requests through it, never through card data.
   */
  fingerprint(card: CardInput): string;
}

/** Test cards of the sandbox, the same numbers the big card processors use in their test modes. */
export const SANDBOX_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  fails: '4000000000000119',
} as const;

const digitsOf = (card: CardInput) => card.number.replace(/\D/g, '');

interface ChargeRow {
  outcome: string;
  reference: string | null;
  card_last4: string;
}

const FIND_CHARGE = prepared('SELECT outcome, reference, card_last4 FROM sandbox_charges WHERE idempotency_key = $1');
/** A charge recorded, or the one already recorded with its key, in one round trip; no trigger announces it. */
const CHARGE = prepared(
  `WITH added AS (
     INSERT INTO sandbox_charges (idempotency_key, outcome, reference, card_last4, amount, currency)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING outcome, reference, card_last4
   )
   SELECT outcome, reference, card_last4 FROM added
   UNION ALL
   SELECT outcome, reference, card_last4 FROM sandbox_charges WHERE idempotency_key = $1 AND NOT EXISTS (SELECT 1 FROM added)`,
  { announces: false },
);

/**
 * Charges sent at the same moment, in one statement: each key's first charge, or the one it
 * already had (`n` is a charge's place in the arrays). A key whose charge a racing process
 * committed after this statement began comes back without an outcome, and is read next.
 */
const CHARGE_MANY = prepared(
  `WITH wanted AS (
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[]) WITH ORDINALITY
       AS w (idempotency_key, outcome, reference, card_last4, amount, currency, n)
   ), added AS (
     INSERT INTO sandbox_charges (idempotency_key, outcome, reference, card_last4, amount, currency)
     SELECT idempotency_key, outcome, reference, card_last4, amount, currency FROM wanted ORDER BY idempotency_key
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING idempotency_key, outcome, reference, card_last4
   )
   SELECT w.n::integer AS n, coalesce(a.outcome, s.outcome) AS outcome, coalesce(a.reference, s.reference) AS reference,
          coalesce(a.card_last4, s.card_last4) AS card_last4
     FROM wanted w
     LEFT JOIN added a ON a.idempotency_key = w.idempotency_key
     LEFT JOIN sandbox_charges s ON a.idempotency_key IS NULL AND s.idempotency_key = w.idempotency_key`,
  { announces: false },
);

/** A charge as the sandbox records it: the CHARGE statement's parameters. */
type ChargeParams = [key: string, outcome: string, reference: string | null, last4: string, amount: number, currency: string];

/**
 * A provider that charges nobody, so the whole money flow runs on a fresh
 * machine: the declined and failing test cards answer as a real provider
 * would, every other valid number succeeds. Like a real provider it keeps its
 * charges durably (its own table, one outcome per key, no card number) and
 * answers a repeated idempotency key with the first charge, across restarts.
 * `secret` keys its card fingerprints, as a provider keeps its own secret.
 */
export function createSandboxProvider(db: Queryable, secret: string): PaymentProvider {
  const toResult = (row: ChargeRow): ChargeResult =>
    row.outcome === 'succeeded'
      ? { status: 'succeeded', reference: row.reference!, cardLast4: row.card_last4 }
      : { status: 'declined', cardLast4: row.card_last4 };
  const find = async (key: string) => {
    const { rows } = await db.query<ChargeRow>(FIND_CHARGE, [key]);
    return rows[0] ? toResult(rows[0]) : null;
  };
  const chargeOne = async (params: ChargeParams) => {
    const { rows } = await db.query<ChargeRow>(CHARGE, params);
    return rows[0] ? toResult(rows[0]) : (await find(params[0]))!;
  };
  // Charges that come while others are being recorded share one statement and its commit, as the
  // payments do (see payment-calls); alone, a charge is the one statement above.
  const record = isDatabase(db)
    ? createBatcher<ChargeParams, ChargeResult>({
        runOne: chargeOne,
        async runMany(charges) {
          const { rows } = await db.query<ChargeRow & { n: number }>(CHARGE_MANY, columnsOf(charges));
          return outcomesByPlace(rows, async (row) => ({ ok: row.outcome ? toResult(row) : (await find(charges[row.n - 1]![0]))! }));
        },
        keyOf: ([key]) => key,
        ...BATCHES,
      })
    : chargeOne;
  return {
    name: 'sandbox',
    async charge(request) {
      const number = digitsOf(request.card);
      if (number === SANDBOX_CARDS.fails) throw new PaymentUnavailableError();
      const succeeded = number !== SANDBOX_CARDS.declined;
      const reference = succeeded ? `sbx_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 20)}` : null;
      // The first charge with a key wins, even when two of our processes race with it: the loser's
      // statement cannot see the winner's row (it began before that committed) and reads it next.
      return record([request.idempotencyKey, succeeded ? 'succeeded' : 'declined', reference, number.slice(-4), request.amount, request.currency]);
    },
    lookup: find,
    fingerprint(card) {
      return createHmac('sha256', secret)
        .update(`${digitsOf(card)}|${card.expiry.replace(/\s/g, '')}`)
        .digest('base64url');
    },
  };
}
