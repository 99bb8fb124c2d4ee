import * as v from 'valibot';
import { api, send } from 'shared/api';
import { ContractSchema, type Contract } from './contract-types';

/** `GET /contracts`: the client's own, the contractor's, or those an expert is assigned to; newest first. */
export async function listContracts(): Promise<Contract[]> {
  return v.parse(v.object({ data: v.array(ContractSchema) }), await send(api.get('contracts'))).data;
}
