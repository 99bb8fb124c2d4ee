import * as v from 'valibot';
import { api, send } from 'shared/api';

export const InviteSchema = v.object({
  id: v.string(),
  status: v.picklist(['pending', 'accepted', 'declined']),
  message: v.string(),
  created_at: v.string(),
  project: v.nullable(v.object({ id: v.string(), title: v.nullable(v.string()) })),
  inviter: v.object({ id: v.string(), name: v.string() }),
  specialist: v.nullable(v.object({ id: v.string(), name: v.nullable(v.string()) })),
  email: v.nullable(v.string()),
});
export type Invite = v.InferOutput<typeof InviteSchema>;

/** `GET /invites`: sent by a client, received by a specialist. */
export async function listInvites(): Promise<Invite[]> {
  return v.parse(v.object({ data: v.array(InviteSchema) }), await send(api.get('invites'))).data;
}
