import * as v from 'valibot';
import { api, send } from 'shared/api';
import { ContractListSchema, type ContractView } from 'shared/contract';

/** `GET /contracts`: the client's own, the contractor's, or those an expert is assigned to; newest first. */
export async function listContracts(signal?: AbortSignal): Promise<ContractView[]> {
  return v.parse(ContractListSchema, await send(api.get('contracts', { signal }))).data;
}
