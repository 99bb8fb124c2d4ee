import type { AppNotification } from 'shared/contract';
import type { Translator } from '../../i18n/server-i18n';
import { notificationText } from '../../marketplace/notification-mail';

export interface NotificationRow {
  id: string;
  kind: string;
  data: Record<string, string | number>;
  link: string;
  read_at: Date | string | null;
  created_at: Date | string;
}

/** A notification as the bell lists it and the stream sends it: its text in the reader's language. */
export function notificationView(t: Translator, row: NotificationRow): AppNotification {
  return {
    id: Number(row.id),
    kind: row.kind,
    text: notificationText(t, row.kind, row.data),
    link: row.link,
    read: row.read_at !== null,
    created_at: new Date(row.created_at).toISOString(),
  };
}
