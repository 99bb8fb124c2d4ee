import * as v from 'valibot';
import { api, send } from 'shared/api';
import { DisputeSchema, type Dispute } from './contract-types';

/** `POST /disputes/:id/messages` (parties): answers with the whole dispute. */
export async function postDisputeMessage(disputeId: string, body: string): Promise<Dispute> {
  return v.parse(DisputeSchema, await send(api.post(`disputes/${encodeURIComponent(disputeId)}/messages`, { json: { body } })));
}
