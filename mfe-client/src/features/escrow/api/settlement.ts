import * as v from 'valibot';
import { api, IDEMPOTENCY_HEADER, send } from 'shared/api';
import { ReplacementListSchema, SettlementSchema, type Replacement, type Settlement } from 'shared/contract';
import { contractPath } from '../../common/api/get-contract';

/** `GET /contracts/:id/replacements`: verified contractors of the same trade and area. */
export async function listReplacements(contractId: string, signal?: AbortSignal): Promise<Replacement[]> {
  return v.parse(ReplacementListSchema, await send(api.get(`${contractPath(contractId)}/replacements`, { signal }))).data;
}

export type SettlementChoice = { choice: 'refund' } | { choice: 'carry'; replacement_contractor_id: string };

/** `POST /contracts/:id/settlement` (client, insolvency): pays what the estimates owe, refunds or carries the rest. */
export async function settleContract(contractId: string, input: SettlementChoice, idempotencyKey: string): Promise<Settlement> {
  return v.parse(
    SettlementSchema,
    await send(api.post(`${contractPath(contractId)}/settlement`, { json: input, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })),
  );
}
