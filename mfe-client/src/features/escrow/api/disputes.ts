import * as v from 'valibot';
import { api, send } from 'shared/api';
import { DisputeViewSchema, type DisputeView } from 'shared/contract';

/** `POST /disputes/:id/messages` (parties): answers with the whole dispute. */
export async function postDisputeMessage(disputeId: string, body: string): Promise<DisputeView> {
  return v.parse(DisputeViewSchema, await send(api.post(`disputes/${encodeURIComponent(disputeId)}/messages`, { json: { body } })));
}
