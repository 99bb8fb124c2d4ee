import { prepared, type Queryable } from '../db/database';

/** What happened, for whom; the text is rendered in the reader's language when read. */
export type NotificationKind =
  | 'project_request'
  | 'invite_received'
  | 'invite_answered'
  | 'quote_received'
  | 'quote_selected'
  | 'quote_not_selected'
  | 'contract_created'
  | 'contract_awarded'
  | 'milestone_funded'
  | 'milestone_submitted'
  | 'expert_assigned'
  | 'inspection_approved'
  | 'inspection_changes'
  | 'milestone_released'
  | 'dispute_opened'
  | 'dispute_message'
  | 'dispute_resolved'
  | 'contractor_insolvent'
  | 'estimate_ready'
  | 'insolvency_settled'
  | 'review_received'
  | 'auto_release_reminder'
  | 'dispute_escalated'
  | 'estimate_reminder'
  | 'message_received'
  | 'change_order_proposed'
  | 'change_order_approved'
  | 'change_order_declined';

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  data: Record<string, string | number>;
  link: string;
  /** The reader, when the statement that wrote the notification read them too (the money calls): their e-mail needs no look-up. */
  recipient?: Recipient;
}

/** What an e-mail to a notification's reader needs. */
export interface Recipient {
  email: string;
  first_name: string;
  locale: string;
}

/** Records in-app notifications inside the caller's transaction, so they exist exactly when the change does. */
export async function addNotifications(tx: Queryable, notifications: NewNotification[]): Promise<void> {
  if (notifications.length === 0) return;
  // One statement for all of them: a payment notifies two or three people.
  await tx.query(INSERT_NOTIFICATIONS, [
    notifications.map((notification) => notification.userId),
    notifications.map((notification) => notification.kind),
    notifications.map((notification) => JSON.stringify(notification.data)),
    notifications.map((notification) => notification.link),
  ]);
}

const INSERT_NOTIFICATIONS = prepared(
  'INSERT INTO notifications (user_id, kind, data, link) SELECT * FROM unnest($1::uuid[], $2::text[], $3::jsonb[], $4::text[])',
);
