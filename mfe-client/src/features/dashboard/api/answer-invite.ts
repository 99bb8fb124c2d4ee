import * as v from 'valibot';
import { api, send } from 'shared/api';
import { InviteViewSchema, type InviteView } from 'shared/contract';

/** `POST /invites/{id}/accept` or `/decline`: the invited specialist's answer, final once given. */
export async function answerInvite(id: string, answer: 'accept' | 'decline'): Promise<InviteView> {
  return v.parse(InviteViewSchema, await send(api.post(`invites/${encodeURIComponent(id)}/${answer}`, { json: {} })));
}
