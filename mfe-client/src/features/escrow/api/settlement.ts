import * as v from 'valibot';
import { api, send } from 'shared/api';
import { ContractSchema } from './contract-types';
import { contractPath } from './get-contract';
import { IDEMPOTENCY_HEADER } from './idempotency-key';

const ReplacementSchema = v.object({
  id: v.string(),
  name: v.string(),
  company_name: v.nullish(v.string(), ''),
  city: v.nullish(v.string(), ''),
  country: v.nullish(v.string(), ''),
  rating: v.nullable(v.number()),
  review_count: v.number(),
});
export type Replacement = v.InferOutput<typeof ReplacementSchema>;

/** `GET /contracts/:id/replacements`: verified contractors of the same trade and area. */
export async function listReplacements(contractId: string): Promise<Replacement[]> {
  return v.parse(v.object({ data: v.array(ReplacementSchema) }), await send(api.get(`${contractPath(contractId)}/replacements`))).data;
}

const SettlementSchema = v.object({ contract: ContractSchema, new_contract_id: v.nullable(v.string()) });
export type Settlement = v.InferOutput<typeof SettlementSchema>;

export type SettlementChoice = { choice: 'refund' } | { choice: 'carry'; replacement_contractor_id: string };

/** `POST /contracts/:id/settlement` (client, insolvency): pays what the estimates owe, refunds or carries the rest. */
export async function settleContract(contractId: string, input: SettlementChoice, idempotencyKey: string): Promise<Settlement> {
  return v.parse(
    SettlementSchema,
    await send(api.post(`${contractPath(contractId)}/settlement`, { json: input, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })),
  );
}
