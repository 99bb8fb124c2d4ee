import type { FastifyInstance } from 'fastify';
import type { MessageDescriptor } from '@lingui/core';
import {
  SITE_RECORD_MESSAGES as SM,
  MARKETPLACE_API_MESSAGES as MM,
  API_MESSAGES as M,
  ESCROW_API_MESSAGES as EM,
  CONVERSATION_API_MESSAGES as CM,
} from 'shared/messages';
import { isApiLocale, translatorFor, type Translator } from '../i18n/server-i18n';
import type { NewNotification, NotificationKind, Recipient } from './notifications';
import { escapeHtml } from '../mail/templates';
import { neutraliseLinks } from '../mail/plain-text';
import type { MailMessage } from '../mail/mailer';
import type { EmailCategory } from 'shared/contract';
import { categoryOf, optOuts, unsubscribeParts, type HeldDelivery } from '../mail/email-preferences';

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
  // A message with files only has no text to preview; one deleted or hidden shows none.
  change_order_proposed: () => SM.notifyChangeProposed,
  change_order_approved: () => SM.notifyChangeApproved,
  change_order_declined: () => SM.notifyChangeDeclined,
  message_received: (data) => (data.withdrawn ? CM.notifyMessageBrief : data.preview ? CM.notifyMessage : CM.notifyAttachment),
};

/** The sentence a notification reads as, in one language. */
export function notificationText(t: Translator, kind: string, data: Record<string, string | number>): string {
  const descriptor = TEXT[kind as NotificationKind];
  return descriptor ? t(descriptor(data), data) : kind;
}

/**
 * The readers of `notifications` by id: as the notifications name them, or
 * looked up when one does not; and the categories each turned off, for those
 * whose notifications have one (money notifications need no look-up at all).
 */
async function recipientsOf(
  app: FastifyInstance,
  notifications: NewNotification[],
): Promise<{ people: Map<string, Recipient>; off: Map<string, Map<EmailCategory, HeldDelivery>> }> {
  const people = new Map<string, Recipient>();
  for (const notification of notifications) if (notification.recipient) people.set(notification.userId, notification.recipient);
  const unknown = [...new Set(notifications.filter((notification) => !people.has(notification.userId)).map((notification) => notification.userId))];
  const optional = notifications.filter((notification) => categoryOf(notification.kind)).map((notification) => notification.userId);
  const [found, off] = await Promise.all([
    unknown.length === 0
      ? Promise.resolve([] as Array<Recipient & { id: string }>)
      : app.db
          .query<Recipient & { id: string }>('SELECT id, email, first_name, locale FROM users WHERE id = ANY ($1::uuid[])', [unknown])
          .then(({ rows }) => rows),
    optOuts(app.db, optional),
  ]);
  for (const row of found) people.set(row.id, row);
  return { people, off };
}

/**
 * E-mails the same events as the in-app notifications, each in its reader's
 * language. Called after the transaction commits: a mail never announces a
 * change that was rolled back. A notification of a category its reader turned
 * off is not e-mailed; one they may turn off carries the unsubscribe headers
 * (RFC 8058) and a footer link.
 */
export async function emailNotifications(
  app: FastifyInstance,
  publicUrl: string,
  notifications: NewNotification[],
  /** Names each e-mail's sent marker: a retried fan-out job sends nobody a second one. */
  keyPrefix?: string,
): Promise<void> {
  if (notifications.length === 0) return;
  const { people, off } = await recipientsOf(app, notifications);
  const messages: MailMessage[] = [];
  for (const [index, notification] of notifications.entries()) {
    const person = people.get(notification.userId);
    if (!person) continue;
    const category = categoryOf(notification.kind);
    if (category && off.get(notification.userId)?.has(category)) continue;
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
    const unsubscribe = category ? await unsubscribeParts(app.mailLinks, t, notification.userId, category) : undefined;
    messages.push({
      ...(keyPrefix ? { key: `${keyPrefix}:${index}` } : {}),
      to: person.email,
      subject,
      text: [greeting, '', subject, '', open, link, '', signature, ...(unsubscribe ? ['', unsubscribe.text] : [])].join('\n'),
      html: `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5"><p>${escapeHtml(greeting)}</p><p>${escapeHtml(subject)}</p><p>${escapeHtml(open)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(signature)}</p>${unsubscribe?.html ?? ''}</body></html>`,
      ...(unsubscribe ? { headers: unsubscribe.headers } : {}),
    });
  }
  // One statement for all of them: a payment e-mails two or three people.
  await app.deliverMails(messages);
}

const NOTIFICATION_MAIL_JOB = 'notifications.mail';
const defined = new WeakSet<object>();

/**
 * E-mails notifications once their change has committed, as a job: the
 * request hands over the list and answers; a worker looks the readers up,
 * composes each e-mail in its reader's language and queues them, however many
 * specialists a project matched. Call while the application is being built
 * (route plugins): the job is declared on the first call.
 */
export function notificationMailer(app: FastifyInstance, publicUrl: string) {
  if (!defined.has(app.jobs)) {
    defined.add(app.jobs);
    app.jobs.define<{ notifications: NewNotification[] }>({
      name: NOTIFICATION_MAIL_JOB,
      retry: { limit: 5, delaySeconds: 10, backoff: true },
      run: ({ notifications }, job) => emailNotifications(app, publicUrl, notifications, job.id),
    });
  }
  return (notifications: NewNotification[]): void => {
    if (notifications.length === 0) return;
    app.inBackground(() =>
      app
        .enqueue(NOTIFICATION_MAIL_JOB, { notifications })
        .then(() => undefined)
        .catch((error: unknown) => app.log.error({ err: error }, 'notification e-mails could not be queued')),
    );
  };
}
