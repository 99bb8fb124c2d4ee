export { createQueryClient, retryOnce, STALE_TIME_MS } from './query-client';
export type { QueryClientOptions } from './query-client';
export { queryKeys, isListKey } from './keys';
export { connectLiveNotifications, openNotificationStream, LIVE_RETRY } from './live-notifications';
export type { LiveNotificationsOptions, StreamOpener } from './live-notifications';
export { useLiveNotifications } from './use-live-notifications';
export { useConversationUnread, fetchConversationUnread, CONVERSATION_UNREAD_FALLBACK_MS } from './use-conversation-unread';
export { notificationStreamLiveAtom } from './live-stream-atom';
