// The shared client always sends a JSON content type, and the API refuses that with an empty body, hence `json: {}`.
import * as v from 'valibot';
import { api, send } from 'shared/api';
import { NotificationsSchema, UnreadCountSchema, type AppNotification } from 'shared/contract';

/** `GET /notifications/unread-count`. */
export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  return v.parse(UnreadCountSchema, await send(api.get('notifications/unread-count', { signal }))).count;
}

/** `GET /notifications`: the latest thirty, newest first. */
export async function fetchNotifications(signal?: AbortSignal): Promise<AppNotification[]> {
  return v.parse(NotificationsSchema, await send(api.get('notifications', { signal }))).data;
}

/** `POST /notifications/:id/read`. */
export async function markRead(id: number): Promise<void> {
  await send<void>(api.post(`notifications/${id}/read`, { json: {} }));
}

/** `POST /notifications/read-all`. */
export async function markAllRead(): Promise<void> {
  await send<void>(api.post('notifications/read-all', { json: {} }));
}
