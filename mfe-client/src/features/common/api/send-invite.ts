import * as v from 'valibot';
import { api, send } from 'shared/api';
import { InviteViewSchema, type InviteView } from 'shared/contract';

/** `POST /invites`: ask a verified specialist to quote on one of your projects. */
export async function sendInvite(input: { project_id: string; specialist_id: string; message: string }): Promise<InviteView> {
  return v.parse(InviteViewSchema, await send(api.post('invites', { json: input })));
}
