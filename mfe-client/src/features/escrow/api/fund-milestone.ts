import * as v from 'valibot';
import { api, IDEMPOTENCY_HEADER, send } from 'shared/api';
import {
  FundingSchema,
  FundingStartedSchema,
  PayinViewSchema,
  type FundBody,
  type Funding,
  type FundingStarted,
  type PayinView,
} from 'shared/contract';
import { milestonePath } from '../../common/api/get-contract';

/**
 * `POST /contracts/:id/milestones/:mid/fund`: the method only, never card
 * data. Funded at once (the contract's credit covered it, or a retry once
 * funded), or started: the provider's hosted page to go to, or the approval
 * awaited on the phone.
 */
export async function fundMilestone(
  contractId: string,
  milestoneId: string,
  body: FundBody,
  idempotencyKey: string,
): Promise<Funding | FundingStarted> {
  return v.parse(
    v.union([FundingSchema, FundingStartedSchema]),
    await send(api.post(`${milestonePath(contractId, milestoneId)}/fund`, { json: body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })),
  );
}

/** `GET …/payment`: where the milestone's latest payment stands at the provider. */
export async function getPayment(contractId: string, milestoneId: string, signal?: AbortSignal): Promise<PayinView> {
  return v.parse(PayinViewSchema, await send(api.get(`${milestonePath(contractId, milestoneId)}/payment`, { signal })));
}
