import { createHash } from 'node:crypto';

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

export type ChargeResult = { status: 'succeeded'; reference: string; cardLast4: string } | { status: 'declined' };

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
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

/** Test cards of the sandbox, the same numbers the big card processors use in their test modes. */
export const SANDBOX_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  fails: '4000000000000119',
} as const;

/**
 * A provider that charges nobody, so the whole money flow runs on a fresh
 * machine: the declined and failing test cards answer as a real provider
 * would, every other valid number succeeds. Like a real provider it answers
 * a repeated idempotency key with the first charge.
 */
export function createSandboxProvider(): PaymentProvider {
  const charges = new Map<string, ChargeResult>();
  return {
    name: 'sandbox',
    async charge(request) {
      const number = request.card.number.replace(/\D/g, '');
      if (number === SANDBOX_CARDS.fails) throw new PaymentUnavailableError();
      const earlier = charges.get(request.idempotencyKey);
      if (earlier) return earlier;
      const result: ChargeResult =
        number === SANDBOX_CARDS.declined
          ? { status: 'declined' }
          : {
              status: 'succeeded',
              reference: `sbx_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 20)}`,
              cardLast4: number.slice(-4),
            };
      charges.set(request.idempotencyKey, result);
      return result;
    },
  };
}
