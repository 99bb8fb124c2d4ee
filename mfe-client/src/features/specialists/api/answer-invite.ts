import * as v from 'valibot';
import { api, send } from 'shared/api';
import { InviteSchema, type Invite } from './list-invites';

/** `POST /invites/{id}/accept` or `/decline`: the invited specialist's answer, final once given. */
export async function answerInvite(id: string, answer: 'accept' | 'decline'): Promise<Invite> {
  return v.parse(InviteSchema, await send(api.post(`invites/${encodeURIComponent(id)}/${answer}`, { json: {} })));
}
