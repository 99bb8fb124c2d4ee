import type { AppNotification } from 'shared/contract';
import type { Translator } from '../../i18n/server-i18n';
import { notificationText } from '../../marketplace/notification-mail';
import { preview } from '../conversations/conversation-views';

export interface NotificationRow {
  id: string;
  kind: string;
  data: Record<string, string | number>;
  link: string;
  read_at: Date | string | null;
  created_at: Date | string;
  /** For a message's notification: the message's text now, null once deleted or hidden (or unknown). */
  message_body?: string | null;
}

/**
 * Notifications with what their message says now: a notification of a
 * message keeps only a reference to it (`data.message_id`), so a message its
 * author deleted or edited, or an admin hid, reads as it is, never as it was.
 * Followed by a WHERE on `n`.
 */
export const NOTIFICATION_SELECT = `SELECT n.*, CASE WHEN m.deleted_at IS NULL AND m.hidden_at IS NULL THEN m.body END AS message_body
  FROM notifications n
  LEFT JOIN conversation_messages m ON n.kind = 'message_received' AND m.id = (n.data->>'message_id')::uuid`;

/** The data a message's notification is read with: its current preview, or `withdrawn` when there is none to show. */
function currentData(row: NotificationRow): Record<string, string | number> {
  if (row.kind !== 'message_received') return row.data;
  // Older rows kept a copy of the words: never shown again.
  const { preview: _stored, ...data } = row.data;
  if (row.message_body === null || row.message_body === undefined) return { ...data, withdrawn: 1 };
  return row.message_body.trim() ? { ...data, preview: preview(row.message_body) } : data;
}

/** A notification as the bell lists it and the stream sends it: its text in the reader's language. */
export function notificationView(t: Translator, row: NotificationRow): AppNotification {
  return {
    id: Number(row.id),
    kind: row.kind,
    text: notificationText(t, row.kind, currentData(row)),
    link: row.link,
    read: row.read_at !== null,
    created_at: new Date(row.created_at).toISOString(),
  };
}
