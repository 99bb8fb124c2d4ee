import type { FastifyInstance } from 'fastify';
import { DAILY_DIGEST_HOUR_UTC, type EmailCategory } from 'shared/contract';
import { API_MESSAGES as M, EMAIL_CATEGORY_LABELS, EMAIL_PREFERENCE_MESSAGES as PM } from 'shared/messages';
import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import { isApiLocale, translatorFor, type Translator } from '../i18n/server-i18n';
import { kindsOf, unsubscribeParts, type MailLinks } from '../mail/email-preferences';
import type { MailMessage } from '../mail/mailer';
import { neutraliseLinks } from '../mail/plain-text';
import { escapeHtml } from '../mail/templates';
import { NOTIFICATION_SELECT, notificationView, type NotificationRow } from '../routes/notifications/notification-view';

/** Every day at DAILY_DIGEST_HOUR_UTC, once for all instances. */
export const DAILY_DIGEST_SCHEDULE = `0 ${DAILY_DIGEST_HOUR_UTC} * * *`;

/** Lines listed in one summary; the rest are counted and left to the notifications page. */
const LINES_PER_DIGEST = 20;

export interface DailyDigestDeps {
  db: Database;
  publicUrl: string;
  links: MailLinks;
  deliverMail(message: MailMessage): Promise<void>;
}

/**
 * The end of the window the summary due at `now` gathers: the latest digest hour at or before
 * `now`. A retried job (another instance, after a crash) computes the same one, so its e-mails
 * carry the same keys and the mail queue sends each once.
 */
export function digestCutoff(now: Date): Date {
  const cutoff = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DAILY_DIGEST_HOUR_UTC));
  if (cutoff > now) cutoff.setUTCDate(cutoff.getUTCDate() - 1);
  return cutoff;
}

interface Reader {
  id: string;
  email: string;
  first_name: string;
  locale: string;
  /** As text: a JavaScript date would lose the microseconds the comparison needs. */
  since: string | null;
  /** Each category they receive once a day, with when they chose it. */
  categories: Array<{ category: EmailCategory; chosen_at: string }>;
}

const READERS_SQL = `
SELECT u.id, u.email, u.first_name, u.locale, d.sent_through::text AS since,
       json_agg(json_build_object('category', o.category, 'chosen_at', o.created_at::text)) AS categories
  FROM email_opt_outs o
  JOIN users u ON u.id = o.user_id
  LEFT JOIN email_digests d ON d.user_id = u.id
 WHERE o.delivery = 'daily' AND u.status = 'active'
   AND (d.sent_through IS NULL OR d.sent_through < $1::timestamptz)
 GROUP BY u.id, d.sent_through`;

/**
 * Mails each person who chose "once a day" for a category one summary of that category's
 * notifications they have not read, from their last summary (or their choice) up to the
 * cutoff, in their language. A person with nothing new gets nothing, and their window moves
 * on. Answers how many summaries were sent.
 */
export async function sendDailyDigests(deps: DailyDigestDeps, now: Date = new Date()): Promise<number> {
  const cutoff = digestCutoff(now);
  const { rows: readers } = await deps.db.query<Reader>(READERS_SQL, [cutoff]);
  let sent = 0;
  for (const reader of readers) {
    // Each category from when it was chosen: what came before was already e-mailed as it happened.
    const windows = reader.categories.map(({ category, chosen_at }) => ({
      kinds: kindsOf(category),
      from: reader.since && reader.since > chosen_at ? reader.since : chosen_at,
    }));
    const { rows } = await deps.db.query<NotificationRow>(
      `${NOTIFICATION_SELECT}
        JOIN unnest($2::text[], $3::timestamptz[]) AS w (kinds, from_time) ON n.kind = ANY (string_to_array(w.kinds, ','))
       WHERE n.user_id = $1 AND n.read_at IS NULL AND n.created_at > w.from_time AND n.created_at <= $4::timestamptz
       ORDER BY n.created_at, n.id`,
      [reader.id, windows.map((window) => window.kinds.join(',')), windows.map((window) => window.from), cutoff],
    );
    if (rows.length > 0) {
      const t = translatorFor(isApiLocale(reader.locale) ? reader.locale : 'en');
      const categories = reader.categories.map(({ category }) => category);
      await deps.deliverMail(await digestMail(deps, t, reader, rows, categories, `daily-digest:${reader.id}:${cutoff.toISOString()}`));
      sent += 1;
    }
    // Moved on only after the e-mail is queued: a crash before it sends the same summary again, under the same key.
    await deps.db.query(
      `INSERT INTO email_digests (user_id, sent_through) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET sent_through = GREATEST(email_digests.sent_through, EXCLUDED.sent_through)`,
      [reader.id, cutoff],
    );
  }
  return sent;
}

async function digestMail(
  deps: DailyDigestDeps,
  t: Translator,
  reader: Reader,
  rows: NotificationRow[],
  categories: EmailCategory[],
  key: string,
): Promise<MailMessage> {
  // Names and titles in the lines are what users typed: none of their links may be live in our e-mail.
  const lines = rows.slice(0, LINES_PER_DIGEST).map((row) => {
    const view = notificationView(t, row);
    return { text: neutraliseLinks(view.text), link: `${deps.publicUrl}${view.link}` };
  });
  const more = rows.length - lines.length;
  const subject = t(PM.digestSubject, { count: rows.length });
  const greeting = t(M.mailGreeting, { name: neutraliseLinks(reader.first_name) });
  const intro = t(PM.digestIntro);
  // The bell on every signed-in page lists them all.
  const notificationsLink = `${deps.publicUrl}/main`;
  const signature = t(M.mailSignature);
  // One way out per category the summary gathers; the headers' one-click stops the first.
  const footers = await Promise.all(
    categories.map((category) =>
      unsubscribeParts(deps.links, t, reader.id, category, t(PM.digestWhy, { category: t(EMAIL_CATEGORY_LABELS[category]) })),
    ),
  );
  const moreLine = more > 0 ? t(PM.digestMore, { count: more }) : undefined;
  return {
    key,
    to: reader.email,
    subject,
    text: [
      greeting,
      '',
      intro,
      '',
      ...lines.map((line) => `- ${line.text}\n  ${line.link}`),
      ...(moreLine ? ['', moreLine, notificationsLink] : []),
      '',
      signature,
      '',
      ...footers.map((footer) => footer.text),
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5"><p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><ul>${lines
      .map((line) => `<li><a href="${escapeHtml(line.link)}">${escapeHtml(line.text)}</a></li>`)
      .join('')}</ul>${
      moreLine ? `<p>${escapeHtml(moreLine)} <a href="${escapeHtml(notificationsLink)}">${escapeHtml(notificationsLink)}</a></p>` : ''
    }<p>${escapeHtml(signature)}</p>${footers.map((footer) => footer.html).join('')}</body></html>`,
    headers: footers[0]!.headers,
  };
}

/** The summary as a scheduled job: one instance runs it each day. */
export function defineDailyDigest(app: FastifyInstance, config: AppConfig): void {
  app.jobs.define({
    name: 'mail.daily-digest',
    schedule: DAILY_DIGEST_SCHEDULE,
    run: async () => {
      const sent = await sendDailyDigests({
        db: app.db,
        publicUrl: config.publicUrl,
        links: app.mailLinks,
        deliverMail: (message) => app.deliverMail(message),
      });
      if (sent > 0) app.log.info({ sent }, 'daily summaries sent');
    },
  });
}
