import * as v from 'valibot';
import { api, send } from 'shared/api';
import { ContractSchema } from './contract-types';
import { milestonePath } from './get-contract';
import { IDEMPOTENCY_HEADER } from './idempotency-key';

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

const FundingSchema = v.object({
  payment: v.nullable(v.object({ status: v.string(), reference: v.string(), amount: v.number(), card_last4: v.string() })),
  contract: ContractSchema,
});
export type Funding = v.InferOutput<typeof FundingSchema>;

/**
 * `POST /contracts/:id/milestones/:mid/fund`. Without a card when the
 * contract's credit covers the whole milestone (nothing to charge).
 */
export async function fundMilestone(contractId: string, milestoneId: string, card: CardInput | null, idempotencyKey: string): Promise<Funding> {
  return v.parse(
    FundingSchema,
    await send(api.post(`${milestonePath(contractId, milestoneId)}/fund`, { json: card ? { card } : {}, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })),
  );
}
