import type { FastifyInstance } from 'fastify';
import { MESSAGE_DIGEST_QUIET_MINUTES } from 'shared/contract';
import { API_MESSAGES as M, CONVERSATION_API_MESSAGES as CM } from 'shared/messages';
import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import { isApiLocale, translatorFor, type Translator } from '../i18n/server-i18n';
import { unsubscribeParts, type MailLinks, type Unsubscribe } from '../mail/email-preferences';
import type { MailMessage } from '../mail/mailer';
import { neutraliseLinks } from '../mail/plain-text';
import { escapeHtml } from '../mail/templates';
import { preview } from '../routes/conversations/conversation-views';

/** How often the digest looks for quiet conversations: a digest leaves at most this late after the quiet period. */
export const MESSAGE_DIGEST_SCHEDULE = '*/5 * * * *';

/** Previews listed in one digest; more are counted, not shown. */
const PREVIEWS_PER_DIGEST = 5;

export interface DigestDeps {
  db: Database;
  publicUrl: string;
  /** Signs the footer's and headers' unsubscribe links. */
  links: MailLinks;
  deliverMail(message: MailMessage): Promise<void>;
}

interface DueRow {
  conversation_id: string;
  title: string;
  user_id: string;
  email: string;
  first_name: string;
  locale: string;
  /** As text: a JavaScript date would lose the microseconds the comparison needs. */
  since: string | null;
}

/**
 * Participants with unread messages in conversations quiet for
 * MESSAGE_DIGEST_QUIET_MINUTES, not mailed about them yet: unread past both
 * what they read and what an earlier digest already told them.
 */
const DUE_SQL = `
WITH quiet AS (
  SELECT c.id, c.specialist_id, p.owner_id, p.title,
         (SELECT ct.expert_id FROM contracts ct WHERE ct.project_id = c.project_id AND ct.contractor_id = c.specialist_id
           ORDER BY ct.created_at DESC LIMIT 1) AS expert_id
    FROM conversations c JOIN projects p ON p.id = c.project_id
   WHERE c.last_message_at <= $1::timestamptz - make_interval(mins => $2)
), people AS (
  SELECT q.id, q.title, who.user_id FROM quiet q
   CROSS JOIN LATERAL (VALUES (q.owner_id), (q.specialist_id), (q.expert_id)) AS who (user_id)
   WHERE who.user_id IS NOT NULL
)
SELECT pe.id AS conversation_id, pe.title, u.id AS user_id, u.email, u.first_name, u.locale,
       GREATEST(r.read_up_to, r.digested_up_to)::text AS since
  FROM people pe JOIN users u ON u.id = pe.user_id
  LEFT JOIN conversation_reads r ON r.conversation_id = pe.id AND r.user_id = pe.user_id
 WHERE u.status = 'active'
   -- Turned off in Settings or by an unsubscribe link: no digest, nothing claimed.
   AND NOT EXISTS (SELECT 1 FROM email_opt_outs o WHERE o.user_id = u.id AND o.category = 'messages')
   AND EXISTS (
   SELECT 1 FROM conversation_messages m
    WHERE m.conversation_id = pe.id AND m.sender_id <> pe.user_id AND m.deleted_at IS NULL AND m.hidden_at IS NULL
      AND m.created_at > COALESCE(GREATEST(r.read_up_to, r.digested_up_to), '-infinity'))`;

/**
 * Mails each participant one digest of the unread messages of a conversation
 * that has been quiet for MESSAGE_DIGEST_QUIET_MINUTES, in their language,
 * with previews only (never whole bodies nor files), once per batch of unread
 * messages. `now` is the clock (tests move it). Answers how many were mailed.
 */
export async function sendMessageDigests(deps: DigestDeps, now: Date = new Date()): Promise<number> {
  const { rows: due } = await deps.db.query<DueRow>(DUE_SQL, [now, MESSAGE_DIGEST_QUIET_MINUTES]);
  let sent = 0;
  for (const row of due) {
    // Claimed first, up to the conversation's newest message, so that two instances never mail the same batch.
    const { rows: claimed } = await deps.db.query(
      `INSERT INTO conversation_reads (conversation_id, user_id, digested_up_to)
       SELECT c.id, $2, c.last_message_at FROM conversations c WHERE c.id = $1
       ON CONFLICT (conversation_id, user_id) DO UPDATE SET digested_up_to = EXCLUDED.digested_up_to
        WHERE conversation_reads.digested_up_to IS NULL OR conversation_reads.digested_up_to < EXCLUDED.digested_up_to
       RETURNING 1`,
      [row.conversation_id, row.user_id],
    );
    if (claimed.length === 0) continue;
    const { rows: messages } = await deps.db.query<{ body: string; first_name: string; last_name: string; files: number }>(
      `SELECT m.body, u.first_name, u.last_name, (SELECT count(*)::int FROM conversation_attachments a WHERE a.message_id = m.id) AS files
         FROM conversation_messages m JOIN users u ON u.id = m.sender_id
        WHERE m.conversation_id = $1 AND m.sender_id <> $2 AND m.deleted_at IS NULL AND m.hidden_at IS NULL
          AND m.created_at > COALESCE($3::timestamptz, '-infinity')
          AND m.created_at <= (SELECT last_message_at FROM conversations WHERE id = $1)
        ORDER BY m.created_at, m.id`,
      [row.conversation_id, row.user_id, row.since],
    );
    if (messages.length === 0) continue;
    const t = translatorFor(isApiLocale(row.locale) ? row.locale : 'en');
    const unsubscribe = await unsubscribeParts(deps.links, t, row.user_id, 'messages');
    await deps.deliverMail(digestMail(t, deps.publicUrl, row, messages, unsubscribe));
    sent += 1;
  }
  return sent;
}

function digestMail(
  t: Translator,
  publicUrl: string,
  row: DueRow,
  messages: { body: string; first_name: string; last_name: string; files: number }[],
  unsubscribe: Unsubscribe,
): MailMessage {
  // What users typed is quoted: none of their links may be live in our e-mail.
  const title = neutraliseLinks(row.title);
  const lines = messages.slice(-PREVIEWS_PER_DIGEST).map((message) => {
    const text = preview(message.body) || t(CM.digestFile);
    return `${neutraliseLinks(`${message.first_name} ${message.last_name}`.trim())}: ${neutraliseLinks(text)}`;
  });
  const subject = t(CM.digestSubject, { title });
  const greeting = t(M.mailGreeting, { name: neutraliseLinks(row.first_name) });
  const intro = t(CM.digestIntro, { count: messages.length, title });
  const open = t(CM.digestOpen);
  const link = `${publicUrl}/main/messages/${row.conversation_id}`;
  const signature = t(M.mailSignature);
  return {
    to: row.email,
    subject,
    text: [greeting, '', intro, '', ...lines, '', open, link, '', signature, '', unsubscribe.text].join('\n'),
    html: `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5"><p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><ul>${lines
      .map((line) => `<li>${escapeHtml(line)}</li>`)
      .join(
        '',
      )}</ul><p>${escapeHtml(open)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(signature)}</p>${unsubscribe.html}</body></html>`,
    headers: unsubscribe.headers,
  };
}

export function digestDeps(app: FastifyInstance, config: AppConfig): DigestDeps {
  return { db: app.db, publicUrl: config.publicUrl, links: app.mailLinks, deliverMail: (message) => app.deliverMail(message) };
}

/** The digest as a scheduled job: one instance runs it every few minutes. */
export function defineMessageDigest(app: FastifyInstance, config: AppConfig): void {
  app.jobs.define({
    name: 'conversations.digest',
    schedule: MESSAGE_DIGEST_SCHEDULE,
    run: async () => {
      const sent = await sendMessageDigests(digestDeps(app, config));
      if (sent > 0) app.log.info({ sent }, 'message digests sent');
    },
  });
}
