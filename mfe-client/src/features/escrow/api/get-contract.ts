import * as v from 'valibot';
import { api, send } from 'shared/api';
import { ContractSchema, type Contract } from './contract-types';

export const contractPath = (id: string) => `contracts/${encodeURIComponent(id)}`;
export const milestonePath = (contractId: string, milestoneId: string) => `${contractPath(contractId)}/milestones/${encodeURIComponent(milestoneId)}`;

/** `GET /contracts/:id`: 404 unless the viewer is a party or the assigned expert. */
export async function getContract(id: string): Promise<Contract> {
  return v.parse(ContractSchema, await send(api.get(contractPath(id))));
}
