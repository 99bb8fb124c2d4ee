import * as v from 'valibot';
import { api, IDEMPOTENCY_HEADER, send } from 'shared/api';
import { ReleaseSchema, type Release } from 'shared/contract';
import { milestonePath } from '../../common/api/get-contract';

/** `POST /contracts/:id/milestones/:mid/release`: the client pays the contractor and the fees out of escrow. */
export async function releaseMilestone(contractId: string, milestoneId: string, idempotencyKey: string): Promise<Release> {
  return v.parse(
    ReleaseSchema,
    await send(api.post(`${milestonePath(contractId, milestoneId)}/release`, { json: {}, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })),
  );
}
