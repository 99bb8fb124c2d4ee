import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_CATEGORIES, type EmailCategory, type EmailDelivery } from 'shared/contract';
import { EMAIL_CATEGORY_LABELS, EMAIL_PREFERENCE_MESSAGES as PM } from 'shared/messages';
import type { Queryable } from '../db/database';
import type { Translator } from '../i18n/server-i18n';
import type { NotificationKind } from '../marketplace/notifications';
import { escapeHtml } from './templates';

/**
 * The category of each notification e-mail a person may turn off. Kinds not
 * listed are about money or the work it pays for (funding, submission,
 * inspection, release, disputes, insolvency): always sent, without an
 * unsubscribe link.
 */
const CATEGORY_OF: Partial<Record<NotificationKind, EmailCategory>> = {
  project_request: 'projects',
  invite_received: 'projects',
  invite_answered: 'projects',
  quote_received: 'quotes',
  quote_selected: 'quotes',
  quote_not_selected: 'quotes',
  contract_created: 'quotes',
  contract_awarded: 'quotes',
  expert_assigned: 'quotes',
  review_received: 'quotes',
  message_received: 'messages',
};

export function categoryOf(kind: string): EmailCategory | undefined {
  return CATEGORY_OF[kind as NotificationKind];
}

/** The notification kinds a category gathers. */
export function kindsOf(category: EmailCategory): NotificationKind[] {
  return (Object.keys(CATEGORY_OF) as NotificationKind[]).filter((kind) => CATEGORY_OF[kind] === category);
}

const isCategory = (value: string): value is EmailCategory => (EMAIL_CATEGORIES as readonly string[]).includes(value);

/**
 * Signs and reads unsubscribe tokens: `<user id>.<category>.<HMAC>`, with the
 * key of `mail_link_key` (one for every instance). The key is read once.
 */
export function mailLinks(db: Queryable, publicUrl: string) {
  let key: Promise<string> | undefined;
  const readKey = () =>
    (key ??= db.query<{ key: string }>('SELECT key FROM mail_link_key').then(({ rows }) => {
      if (!rows[0]) throw new Error('mail_link_key is empty');
      return rows[0].key;
    })).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
  const mac = (secret: string, userId: string, category: EmailCategory) =>
    createHmac('sha256', secret).update(`unsubscribe:${userId}:${category}`).digest('base64url');
  return {
    async token(userId: string, category: EmailCategory): Promise<string> {
      return `${userId}.${category}.${mac(await readKey(), userId, category)}`;
    },
    /** The person and category a token names, or undefined when it was not signed with our key. */
    async read(token: string): Promise<{ userId: string; category: EmailCategory } | undefined> {
      const [userId, category, signature, ...rest] = token.split('.');
      if (!userId || !category || !signature || rest.length > 0 || !isCategory(category)) return undefined;
      const expected = Buffer.from(mac(await readKey(), userId, category));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return { userId, category };
    },
    /** The page a person opens from the e-mail (asks before unsubscribing). */
    page: (token: string) => `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`,
    /** What a mail client POSTs to at once (RFC 8058). */
    oneClick: (token: string) => `${publicUrl}/api/v1/email/unsubscribe?token=${encodeURIComponent(token)}`,
  };
}

export type MailLinks = ReturnType<typeof mailLinks>;

/** How a category is sent when it is not as it happens; no row in `email_opt_outs` is 'instant'. */
export type HeldDelivery = Exclude<EmailDelivery, 'instant'>;

/**
 * The categories each of `userIds` does not receive as they happen: turned off, or gathered
 * into the daily summary. Either way no e-mail leaves at the event.
 */
export async function optOuts(db: Queryable, userIds: string[]): Promise<Map<string, Map<EmailCategory, HeldDelivery>>> {
  const held = new Map<string, Map<EmailCategory, HeldDelivery>>();
  if (userIds.length === 0) return held;
  const { rows } = await db.query<{ user_id: string; category: EmailCategory; delivery: HeldDelivery }>(
    'SELECT user_id, category, delivery FROM email_opt_outs WHERE user_id = ANY ($1::uuid[])',
    [[...new Set(userIds)]],
  );
  for (const row of rows) held.set(row.user_id, (held.get(row.user_id) ?? new Map()).set(row.category, row.delivery));
  return held;
}

/** How each category reaches `userId`, in the order of EMAIL_CATEGORIES. */
export async function deliveriesOf(db: Queryable, userId: string): Promise<Array<{ category: EmailCategory; delivery: EmailDelivery }>> {
  const held = (await optOuts(db, [userId])).get(userId);
  return EMAIL_CATEGORIES.map((category) => ({ category, delivery: held?.get(category) ?? 'instant' }));
}

/** A change of how a category is sent; a change to 'daily' dates the start of what the summary gathers. */
export async function setPreference(db: Queryable, userId: string, category: EmailCategory, delivery: EmailDelivery): Promise<void> {
  if (delivery === 'instant') await db.query('DELETE FROM email_opt_outs WHERE user_id = $1 AND category = $2', [userId, category]);
  else {
    await db.query(
      `INSERT INTO email_opt_outs (user_id, category, delivery) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, category) DO UPDATE SET delivery = EXCLUDED.delivery, created_at = now()
        WHERE email_opt_outs.delivery <> EXCLUDED.delivery`,
      [userId, category, delivery],
    );
  }
}

export interface Unsubscribe {
  headers: Record<string, string>;
  text: string;
  html: string;
}

/**
 * What an e-mail of `category` carries so its reader can stop that kind: the
 * RFC 8058 headers (a mail client's "Unsubscribe" button POSTs to the one-click
 * address, no page shown) and a footer linking to the page that asks first.
 */
export async function unsubscribeParts(
  links: MailLinks,
  t: Translator,
  userId: string,
  category: EmailCategory,
  /** Why the reader gets this e-mail, when not the usual footer's words. */
  line: string = t(PM.mailUnsubscribe, { category: t(EMAIL_CATEGORY_LABELS[category]) }),
): Promise<Unsubscribe> {
  const token = await links.token(userId, category);
  const page = links.page(token);
  return {
    headers: { 'List-Unsubscribe': `<${links.oneClick(token)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    text: `${line}\n${page}`,
    html: `<p style="color: #666; font-size: 12px">${escapeHtml(line)} <a href="${escapeHtml(page)}">${escapeHtml(t(PM.mailUnsubscribeLink))}</a></p>`,
  };
}
