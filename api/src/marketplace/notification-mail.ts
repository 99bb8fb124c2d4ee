import type { FastifyInstance } from 'fastify';
import type { MessageDescriptor } from '@lingui/core';
import { MARKETPLACE_API_MESSAGES as MM, API_MESSAGES as M, ESCROW_API_MESSAGES as EM, CONVERSATION_API_MESSAGES as CM } from 'shared/messages';
import { isApiLocale, translatorFor, type Translator } from '../i18n/server-i18n';
import type { NewNotification, NotificationKind, Recipient } from './notifications';
import { escapeHtml } from '../mail/templates';
import { neutraliseLinks } from '../mail/plain-text';
import type { MailMessage } from '../mail/mailer';

const TEXT: Record<NotificationKind, (data: Record<string, string | number>) => MessageDescriptor> = {
  project_request: () => MM.notifyProjectRequest,
  invite_received: () => MM.notifyInviteReceived,
  invite_answered: (data) => (data.answer === 'accepted' ? MM.notifyInviteAccepted : MM.notifyInviteDeclined),
  quote_received: () => MM.notifyQuoteReceived,
  quote_selected: () => MM.notifyQuoteSelected,
  quote_not_selected: () => MM.notifyQuoteNotSelected,
  contract_created: () => EM.notifyContractCreated,
  contract_awarded: () => EM.notifyContractAwarded,
  milestone_funded: () => EM.notifyMilestoneFunded,
  milestone_submitted: () => EM.notifyMilestoneSubmitted,
  expert_assigned: () => EM.notifyExpertAssigned,
  inspection_approved: () => EM.notifyInspectionApproved,
  inspection_changes: () => EM.notifyInspectionChanges,
  milestone_released: () => EM.notifyMilestoneReleased,
  dispute_opened: () => EM.notifyDisputeOpened,
  dispute_message: () => EM.notifyDisputeMessage,
  dispute_resolved: () => EM.notifyDisputeResolved,
  contractor_insolvent: () => EM.notifyContractorInsolvent,
  estimate_ready: () => EM.notifyEstimateReady,
  insolvency_settled: () => EM.notifyInsolvencySettled,
  review_received: () => EM.notifyReviewReceived,
  auto_release_reminder: () => EM.notifyAutoReleaseReminder,
  dispute_escalated: () => EM.notifyDisputeEscalated,
  estimate_reminder: () => EM.notifyEstimateReminder,
  // A message with files only has no text to preview.
  message_received: (data) => (data.preview ? CM.notifyMessage : CM.notifyAttachment),
};

/** The sentence a notification reads as, in one language. */
export function notificationText(t: Translator, kind: string, data: Record<string, string | number>): string {
  const descriptor = TEXT[kind as NotificationKind];
  return descriptor ? t(descriptor(data), data) : kind;
}

/** The readers of `notifications` by id: as the notifications name them, or looked up when one does not. */
async function recipientsOf(app: FastifyInstance, notifications: NewNotification[]): Promise<Map<string, Recipient>> {
  if (notifications.every((notification) => notification.recipient)) {
    return new Map(notifications.map((notification) => [notification.userId, notification.recipient!]));
  }
  const { rows } = await app.db.query<Recipient & { id: string }>('SELECT id, email, first_name, locale FROM users WHERE id = ANY ($1::uuid[])', [
    [...new Set(notifications.map((notification) => notification.userId))],
  ]);
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * E-mails the same events as the in-app notifications, each in its reader's
 * language. Called after the transaction commits: a mail never announces a
 * change that was rolled back.
 */
export async function emailNotifications(app: FastifyInstance, publicUrl: string, notifications: NewNotification[]): Promise<void> {
  if (notifications.length === 0) return;
  const people = await recipientsOf(app, notifications);
  const messages: MailMessage[] = [];
  for (const notification of notifications) {
    const person = people.get(notification.userId);
    if (!person) continue;
    const t = translatorFor(isApiLocale(person.locale) ? person.locale : 'en');
    // Names and titles are what users typed: quoted in our e-mail, none of their links may be live.
    const data = Object.fromEntries(
      Object.entries(notification.data).map(([key, value]) => [key, typeof value === 'string' ? neutraliseLinks(value) : value]),
    );
    const subject = notificationText(t, notification.kind, data);
    const link = `${publicUrl}${notification.link}`;
    const greeting = t(M.mailGreeting, { name: neutraliseLinks(person.first_name) });
    const open = t(MM.mailOpenLink);
    const signature = t(M.mailSignature);
    messages.push({
      to: person.email,
      subject,
      text: [greeting, '', subject, '', open, link, '', signature].join('\n'),
      html: `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5"><p>${escapeHtml(greeting)}</p><p>${escapeHtml(subject)}</p><p>${escapeHtml(open)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(signature)}</p></body></html>`,
    });
  }
  // One statement for all of them: a payment e-mails two or three people.
  await app.deliverMails(messages);
}

/**
 * E-mails notifications once their change has committed, without the caller
 * waiting: `backgroundIdle` and a clean shutdown wait for them.
 */
export function notificationMailer(app: FastifyInstance, publicUrl: string) {
  return (notifications: NewNotification[]): void => {
    if (notifications.length === 0) return;
    app.inBackground(() =>
      emailNotifications(app, publicUrl, notifications).catch((error: unknown) => app.log.error({ err: error }, 'notification e-mails failed')),
    );
  };
}
