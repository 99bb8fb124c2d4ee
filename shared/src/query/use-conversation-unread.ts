import { useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { api, send } from '../api/client';
import { ConversationUnreadSchema } from '../contract/conversations';
import { queryKeys } from './keys';

/** While the live stream is down, the count is still asked for this often (as the bell does). */
export const CONVERSATION_UNREAD_FALLBACK_MS = 5 * 60_000;

/** `GET /conversations/unread-count`: unread messages across the reader's conversations. */
export async function fetchConversationUnread(signal?: AbortSignal): Promise<number> {
  return v.parse(ConversationUnreadSchema, await send(api.get('conversations/unread-count', { signal }))).count;
}

/**
 * Unread messages of the signed-in user, for the navigation and the
 * dashboard: one cached answer, read again when a message notification comes
 * through the live stream (which invalidates the conversations), polled only
 * while the stream is down (`live` false). Undefined until known.
 */
export function useConversationUnread({ live, enabled = true }: { live: boolean; enabled?: boolean }): number | undefined {
  const unread = useQuery({
    queryKey: queryKeys.conversations.unreadCount(),
    queryFn: ({ signal }) => fetchConversationUnread(signal),
    enabled,
    refetchInterval: live ? false : CONVERSATION_UNREAD_FALLBACK_MS,
    refetchOnWindowFocus: 'always',
    // A badge is a hint: a failed refresh keeps the last count and waits for the next one.
    retry: false,
  });
  return unread.data;
}
