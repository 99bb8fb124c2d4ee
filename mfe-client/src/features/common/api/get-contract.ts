import * as v from 'valibot';
import { api, send } from 'shared/api';
import { ContractViewSchema, type ContractView } from 'shared/contract';

export const contractPath = (id: string) => `contracts/${encodeURIComponent(id)}`;
export const milestonePath = (contractId: string, milestoneId: string) => `${contractPath(contractId)}/milestones/${encodeURIComponent(milestoneId)}`;

/** `GET /contracts/:id`: 404 unless the viewer is a party or the assigned expert. */
export async function getContract(id: string, signal?: AbortSignal): Promise<ContractView> {
  return v.parse(ContractViewSchema, await send(api.get(contractPath(id), { signal })));
}
