import * as v from 'valibot';
import { issueMessage } from '../schemas/issue-messages';
import { INPUT_MESSAGES } from '../schemas/input-messages';
import { listOf, TimestampSchema, type FileBody } from './common';

/** A notification id as a path or query parameter: a positive integer JavaScript holds exactly (PostgreSQL bigint). */
export const NOTIFICATION_ID_PATTERN = /^[1-9]\d{0,14}$/;

/** `GET /notifications?before=`: the page older than the notification `before` (an id). */
export const NotificationsQuerySchema = v.object({
  before: v.optional(v.pipe(v.string(), v.regex(NOTIFICATION_ID_PATTERN, issueMessage(INPUT_MESSAGES.notAnId)), v.transform(Number))),
});
export type NotificationsQuery = v.InferOutput<typeof NotificationsQuerySchema>;

export const NotificationSchema = v.object({
  id: v.number(),
  kind: v.string(),
  text: v.pipe(v.string(), v.description("Already in the viewer's language: the API renders it per request.")),
  link: v.string(),
  read: v.boolean(),
  created_at: TimestampSchema,
});
export type AppNotification = v.InferOutput<typeof NotificationSchema>;

/** `GET /notifications`: the latest thirty, newest first. */
export const NotificationsSchema = listOf(NotificationSchema);
export type Notifications = v.InferOutput<typeof NotificationsSchema>;

/**
 * `GET /notifications/stream`: Server-Sent Events. Each new notification of
 * the caller is an event `notification` whose id is the notification's and
 * whose data is the notification as `GET /notifications` lists it; `resync`
 * says some may have been missed (read the list again); comment lines keep
 * the connection open. A `Last-Event-ID` header replays the unread ones newer
 * than it.
 */
export const EventStreamSchema = v.pipe(
  v.custom<FileBody>(() => true),
  v.description('An endless text/event-stream of `notification` and `resync` events'),
  v.metadata({ file: true }),
);

/** The events of the notification stream, by their `event:` name. */
export const NOTIFICATION_EVENTS = { notification: 'notification', resync: 'resync' } as const;

/** `GET /notifications/unread-count`. */
export const UnreadCountSchema = v.object({ count: v.number() });
export type UnreadCount = v.InferOutput<typeof UnreadCountSchema>;

/** `GET /dev/outbox?to=`: only the e-mails to that address when given. */
export const OutboxQuerySchema = v.object({ to: v.optional(v.string()) });
export type OutboxQuery = v.InferOutput<typeof OutboxQuerySchema>;

/** One e-mail kept in the outbox (sent nowhere: no mail server is configured). */
export const OutboxMessageSchema = v.object({
  id: v.number(),
  to: v.string(),
  subject: v.string(),
  text: v.string(),
  html: v.string(),
  created_at: TimestampSchema,
});
export type OutboxMessage = v.InferOutput<typeof OutboxMessageSchema>;

/** `GET /dev/outbox`: the latest 100 e-mails, newest first. */
export const OutboxSchema = listOf(OutboxMessageSchema);
export type Outbox = v.InferOutput<typeof OutboxSchema>;
