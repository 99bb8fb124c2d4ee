import {
  MESSAGE_GRACE_MINUTES,
  MESSAGE_PREVIEW_LENGTH,
  type AdminConversationMessage,
  type ConversationMessage,
  type ConversationSummary,
  type MessageAttachment,
  type Participant,
  type ParticipantRole,
} from 'shared/contract';
import type { Queryable } from '../../db/database';
import { barredSql } from '../../marketplace/project-access';
import { roleOf, type ConversationRow } from './conversation-access';

export const PAGE_SIZE = 50;

export interface MessageRow {
  id: string;
  conversation_id: string;
  sender_id: string;
  sender_first_name: string;
  sender_last_name: string;
  body: string;
  created_at: Date | string;
  edited_at: Date | string | null;
  deleted_at: Date | string | null;
  hidden_at: Date | string | null;
  hidden_reason: string | null;
}

interface AttachmentRow {
  id: string;
  message_id: string;
  file_name: string;
  stored_name: string;
  content_type: string;
  size_bytes: number;
}

export const MESSAGE_SELECT = `SELECT m.id, m.conversation_id, m.sender_id, u.first_name AS sender_first_name, u.last_name AS sender_last_name,
       m.body, m.created_at, m.edited_at, m.deleted_at, m.hidden_at, m.hidden_reason
  FROM conversation_messages m JOIN users u ON u.id = m.sender_id`;

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/** What lists, notifications and e-mails show of a message: one line, at most MESSAGE_PREVIEW_LENGTH characters. */
export function preview(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length <= MESSAGE_PREVIEW_LENGTH ? line : `${line.slice(0, MESSAGE_PREVIEW_LENGTH - 1).trimEnd()}…`;
}

/** Unread for `reader`: from someone else, still shown, newer than what they read. */
export const UNREAD_SQL = (reader: string) => `m.sender_id <> ${reader} AND m.deleted_at IS NULL AND m.hidden_at IS NULL
  AND m.created_at > COALESCE((SELECT r.read_up_to FROM conversation_reads r WHERE r.conversation_id = m.conversation_id AND r.user_id = ${reader}), '-infinity')`;

/** Unread messages per conversation for the reader. */
async function unreadCounts(db: Queryable, ids: string[], readerId: string): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ conversation_id: string; unread: number }>(
    `SELECT m.conversation_id, count(*)::int AS unread FROM conversation_messages m
      WHERE m.conversation_id = ANY ($1::uuid[]) AND ${UNREAD_SQL('$2::uuid')}
      GROUP BY m.conversation_id`,
    [ids, readerId],
  );
  return new Map(rows.map((row) => [row.conversation_id, Number(row.unread)]));
}

/** The summaries of conversations (as `reader` sees them; an admin reads with no unread count), in the order given. */
export async function summaries(db: Queryable, conversations: ConversationRow[], readerId: string | undefined): Promise<ConversationSummary[]> {
  if (conversations.length === 0) return [];
  // A contract whose parties never wrote is summarised without a conversation (an empty id).
  const ids = conversations.map((conversation) => conversation.id).filter(Boolean);
  const people = [...new Set(conversations.flatMap((c) => [c.owner_id, c.specialist_id, ...(c.expert_id ? [c.expert_id] : [])]))];
  const [{ rows: users }, { rows: reads }, { rows: lasts }, unread] = await Promise.all([
    db.query<{ id: string; first_name: string; last_name: string; barred: boolean }>(
      `SELECT u.id, u.first_name, u.last_name, ${barredSql('u.id')} AS barred FROM users u WHERE u.id = ANY ($1::uuid[])`,
      [people],
    ),
    db.query<{ conversation_id: string; user_id: string; read_up_to: Date | string | null }>(
      'SELECT conversation_id, user_id, read_up_to FROM conversation_reads WHERE conversation_id = ANY ($1::uuid[])',
      [ids],
    ),
    db.query<MessageRow>(
      `SELECT DISTINCT ON (m.conversation_id) m.id, m.conversation_id, m.sender_id, u.first_name AS sender_first_name, u.last_name AS sender_last_name,
              m.body, m.created_at, m.edited_at, m.deleted_at, m.hidden_at, m.hidden_reason
         FROM conversation_messages m JOIN users u ON u.id = m.sender_id
        WHERE m.conversation_id = ANY ($1::uuid[])
        ORDER BY m.conversation_id, m.created_at DESC, m.id DESC`,
      [ids],
    ),
    readerId ? unreadCounts(db, ids, readerId) : Promise.resolve(new Map<string, number>()),
  ]);
  const byId = new Map(users.map((user) => [user.id, user]));
  const readOf = new Map(reads.map((read) => [`${read.conversation_id}:${read.user_id}`, read.read_up_to]));
  const lastOf = new Map(lasts.map((last) => [last.conversation_id, last]));
  return conversations.map((conversation) => {
    const participant = (id: string, role: ParticipantRole): Participant => {
      const user = byId.get(id);
      return {
        id,
        name: user ? fullName(user.first_name, user.last_name) : '',
        role,
        read_up_to: isoOrNull(readOf.get(`${conversation.id}:${id}`) ?? null),
        barred: Boolean(user?.barred),
      };
    };
    const last = lastOf.get(conversation.id);
    return {
      id: conversation.id,
      project: { id: conversation.project_id, title: conversation.project_title },
      contract_id: conversation.contract_id,
      participants: [
        participant(conversation.owner_id, 'client'),
        participant(conversation.specialist_id, 'specialist'),
        ...(conversation.expert_id ? [participant(conversation.expert_id, 'expert')] : []),
      ],
      last_message: last
        ? {
            sender_name: fullName(last.sender_first_name, last.sender_last_name),
            // Deleted and hidden messages show nothing of what they said.
            preview: last.deleted_at || last.hidden_at ? '' : preview(last.body),
            created_at: iso(last.created_at),
          }
        : null,
      unread: unread.get(conversation.id) ?? 0,
    };
  });
}

/** The messages of one page as the reader (a participant, or an admin with `admin`) sees them. */
export async function messageViews(
  db: Queryable,
  conversation: ConversationRow,
  rows: MessageRow[],
  reader: { id: string } | { admin: true },
): Promise<AdminConversationMessage[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const readerId = 'id' in reader ? reader.id : null;
  const [{ rows: attachments }, { rows: flags }] = await Promise.all([
    db.query<AttachmentRow>(
      'SELECT id, message_id, file_name, stored_name, content_type, size_bytes FROM conversation_attachments WHERE message_id = ANY ($1::uuid[]) ORDER BY created_at, id',
      [ids],
    ),
    db.query<{ id: string; pinned: boolean; reported: boolean; reports: number; editable_until: Date | string | null }>(
      `SELECT m.id,
              EXISTS (SELECT 1 FROM conversation_pins cp WHERE cp.message_id = m.id) AS pinned,
              EXISTS (SELECT 1 FROM message_reports mr WHERE mr.message_id = m.id AND mr.reporter_id = $2) AS reported,
              (SELECT count(*)::int FROM message_reports mr WHERE mr.message_id = m.id) AS reports,
              CASE WHEN m.sender_id = $2 AND m.deleted_at IS NULL AND m.hidden_at IS NULL
                        AND m.created_at + make_interval(mins => $3) > now()
                   THEN m.created_at + make_interval(mins => $3) END AS editable_until
         FROM conversation_messages m WHERE m.id = ANY ($1::uuid[])`,
      [ids, readerId, MESSAGE_GRACE_MINUTES],
    ),
  ]);
  const flagsOf = new Map(flags.map((flag) => [flag.id, flag]));
  const filesOf = new Map<string, MessageAttachment[]>();
  for (const file of attachments) {
    const list = filesOf.get(file.message_id) ?? [];
    list.push({
      id: file.id,
      file_name: file.file_name,
      content_type: file.content_type,
      size_bytes: Number(file.size_bytes),
      download_url: `/api/v1/${readerId ? '' : 'admin/'}conversations/${conversation.id}/attachments/${file.id}`,
    });
    filesOf.set(file.message_id, list);
  }
  return rows.map((row) => {
    const flag = flagsOf.get(row.id);
    const deleted = row.deleted_at !== null;
    const hidden = row.hidden_at !== null;
    // The parties see nothing of a deleted or hidden message; an admin reads everything, for the audit.
    const shown = !readerId || (!deleted && !hidden);
    return {
      id: row.id,
      sender: {
        id: row.sender_id,
        name: fullName(row.sender_first_name, row.sender_last_name),
        role: roleOf(conversation, row.sender_id) ?? 'expert',
      },
      body: shown ? row.body : '',
      attachments: shown ? (filesOf.get(row.id) ?? []) : [],
      created_at: iso(row.created_at),
      edited_at: isoOrNull(row.edited_at),
      deleted,
      hidden,
      editable_until: flag?.editable_until ? iso(flag.editable_until) : null,
      pinned: Boolean(flag?.pinned),
      reported: Boolean(flag?.reported),
      hidden_reason: row.hidden_reason,
      reports: Number(flag?.reports ?? 0),
    };
  });
}

/** A participant's message, without the admin's fields. */
export function participantMessage(message: AdminConversationMessage): ConversationMessage {
  const { hidden_reason: _reason, reports: _reports, ...rest } = message;
  return rest;
}

/**
 * One page of the thread: the newest `PAGE_SIZE` messages before the message
 * `beforeId` (compared in SQL: timestamps keep microseconds a Date would lose), oldest first.
 */
export async function messagePage(
  db: Queryable,
  conversationId: string,
  beforeId: string | undefined,
): Promise<{ rows: MessageRow[]; hasEarlier: boolean }> {
  const { rows } = await db.query<MessageRow>(
    `${MESSAGE_SELECT}
      WHERE m.conversation_id = $1
        AND ($2::uuid IS NULL OR (m.created_at, m.id) < (SELECT b.created_at, b.id FROM conversation_messages b WHERE b.id = $2::uuid))
      ORDER BY m.created_at DESC, m.id DESC LIMIT ${PAGE_SIZE + 1}`,
    [conversationId, beforeId ?? null],
  );
  return { rows: rows.slice(0, PAGE_SIZE).reverse(), hasEarlier: rows.length > PAGE_SIZE };
}

export async function findMessage(db: Queryable, conversationId: string, messageId: string): Promise<MessageRow | undefined> {
  const { rows } = await db.query<MessageRow>(`${MESSAGE_SELECT} WHERE m.id = $1 AND m.conversation_id = $2`, [messageId, conversationId]);
  return rows[0];
}
