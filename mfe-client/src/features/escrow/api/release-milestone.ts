import * as v from 'valibot';
import { api, send } from 'shared/api';
import { ContractSchema } from './contract-types';
import { milestonePath } from './get-contract';
import { IDEMPOTENCY_HEADER } from './idempotency-key';

const ReleaseSchema = v.object({
  released: v.object({ contractor: v.number(), expert_fee: v.number(), platform_fee: v.number() }),
  contract: ContractSchema,
});
export type Release = v.InferOutput<typeof ReleaseSchema>;

/** `POST /contracts/:id/milestones/:mid/release`: the client pays the contractor and the fees out of escrow. */
export async function releaseMilestone(contractId: string, milestoneId: string, idempotencyKey: string): Promise<Release> {
  return v.parse(
    ReleaseSchema,
    await send(api.post(`${milestonePath(contractId, milestoneId)}/release`, { json: {}, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })),
  );
}
