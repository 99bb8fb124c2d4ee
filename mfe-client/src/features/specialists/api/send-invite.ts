import * as v from 'valibot';
import { api, send } from 'shared/api';

const InviteViewSchema = v.object({ id: v.string(), status: v.string() });

/** `POST /invites`: ask a verified specialist to quote on one of your projects. */
export async function sendInvite(input: { project_id: string; specialist_id: string; message: string }) {
  return v.parse(InviteViewSchema, await send(api.post('invites', { json: input })));
}
