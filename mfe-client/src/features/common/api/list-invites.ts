import * as v from 'valibot';
import { api, send } from 'shared/api';
import { InviteListSchema, type InviteView } from 'shared/contract';

/** `GET /invites`: sent by a client, received by a specialist. */
export async function listInvites(signal?: AbortSignal): Promise<InviteView[]> {
  return v.parse(InviteListSchema, await send(api.get('invites', { signal }))).data;
}
