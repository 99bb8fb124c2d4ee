import * as v from 'valibot';
import { api, send } from 'shared/api';
import { ConversationListSchema, type ConversationList } from 'shared/contract';

/** `GET /conversations`: the reader's conversations, the latest activity first. */
export async function listConversations(signal?: AbortSignal): Promise<ConversationList> {
  return v.parse(ConversationListSchema, await send(api.get('conversations', { signal })));
}
