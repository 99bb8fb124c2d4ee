import * as v from 'valibot';
import { api, send } from 'shared/api';
import { FundingSchema, type Funding } from 'shared/contract';
import type { Card } from 'shared/schemas';
import { milestonePath } from '../../common/api/get-contract';
import { IDEMPOTENCY_HEADER } from './idempotency-key';

/**
 * `POST /contracts/:id/milestones/:mid/fund`. Without a card when the
 * contract's credit covers the whole milestone (nothing to charge).
 */
export async function fundMilestone(contractId: string, milestoneId: string, card: Card | null, idempotencyKey: string): Promise<Funding> {
  return v.parse(
    FundingSchema,
    await send(
      api.post(`${milestonePath(contractId, milestoneId)}/fund`, { json: card ? { card } : {}, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
    ),
  );
}
