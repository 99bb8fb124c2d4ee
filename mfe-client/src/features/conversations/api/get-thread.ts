import * as v from 'valibot';
import { api, send } from 'shared/api';
import { ConversationThreadSchema, type ConversationThread } from 'shared/contract';

/** `GET /conversations/:id?before=`: the newest page of messages, or the page older than the message `before`. */
export async function getThread(id: string, before: string | undefined, signal?: AbortSignal): Promise<ConversationThread> {
  const searchParams = before ? { before } : undefined;
  return v.parse(ConversationThreadSchema, await send(api.get(`conversations/${encodeURIComponent(id)}`, { signal, searchParams })));
}
