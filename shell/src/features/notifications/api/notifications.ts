// The shared client always sends a JSON content type, and the API refuses that with an empty body, hence `json: {}`.
import * as v from 'valibot';
import { api, send } from 'shared/api';

const UnreadCountSchema = v.object({ count: v.number() });

export const NotificationSchema = v.object({
  id: v.number(),
  kind: v.string(),
  /** Already in the viewer's language: the API renders it per request. */
  text: v.string(),
  link: v.string(),
  read: v.boolean(),
  created_at: v.string(),
});
export type AppNotification = v.InferOutput<typeof NotificationSchema>;

/** `GET /notifications/unread-count`. */
export async function fetchUnreadCount(): Promise<number> {
  return v.parse(UnreadCountSchema, await send(api.get('notifications/unread-count'))).count;
}

/** `GET /notifications`: the latest thirty, newest first. */
export async function fetchNotifications(): Promise<AppNotification[]> {
  return v.parse(v.object({ data: v.array(NotificationSchema) }), await send(api.get('notifications'))).data;
}

/** `POST /notifications/:id/read`. */
export async function markRead(id: number): Promise<void> {
  await send<void>(api.post(`notifications/${id}/read`, { json: {} }));
}

/** `POST /notifications/read-all`. */
export async function markAllRead(): Promise<void> {
  await send<void>(api.post('notifications/read-all', { json: {} }));
}
