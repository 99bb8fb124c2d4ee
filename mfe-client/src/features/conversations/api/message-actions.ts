// What a reader does to one message or to the conversation; each answer is followed by reading the thread again.
// The shared client always sends a JSON content type, and the API refuses that with an empty body, hence `json: {}`.
import { api, send } from 'shared/api';

const base = (conversationId: string) => `conversations/${encodeURIComponent(conversationId)}`;
const message = (conversationId: string, messageId: string) => `${base(conversationId)}/messages/${encodeURIComponent(messageId)}`;

/** `PATCH /conversations/:id/messages/:messageId`: only within the grace period. */
export async function editMessage(conversationId: string, messageId: string, body: string): Promise<void> {
  await send(api.patch(message(conversationId, messageId), { json: { body } }));
}

/** `DELETE /conversations/:id/messages/:messageId`: only within the grace period. */
export async function deleteMessage(conversationId: string, messageId: string): Promise<void> {
  await send(api.delete(message(conversationId, messageId), { json: {} }));
}

/** `POST|DELETE /conversations/:id/messages/:messageId/pin`: evidence for a dispute on the contract. */
export async function setPinned(conversationId: string, messageId: string, pinned: boolean): Promise<void> {
  const path = `${message(conversationId, messageId)}/pin`;
  await send(pinned ? api.post(path, { json: {} }) : api.delete(path, { json: {} }));
}

/** `POST /conversations/:id/messages/:messageId/report`: sent to the admins with the reason. */
export async function reportMessage(conversationId: string, messageId: string, reason: string): Promise<void> {
  await send(api.post(`${message(conversationId, messageId)}/report`, { json: { reason } }));
}

/** `POST|DELETE /conversations/:id/block`: the reader stops (or starts again) receiving the other party's messages. */
export async function setBlocked(conversationId: string, blocked: boolean): Promise<void> {
  const path = `${base(conversationId)}/block`;
  await send(blocked ? api.post(path, { json: {} }) : api.delete(path, { json: {} }));
}

/** `POST /conversations/:id/read`: everything up to and including this message is read. */
export async function markRead(conversationId: string, upTo: string): Promise<void> {
  await send(api.post(`${base(conversationId)}/read`, { json: { up_to: upTo } }));
}
