/**
 * Conversations on the record: one per project and specialist, between the
 * project's owner and that specialist, continuing on the contract once the
 * specialist's quote is selected, where the assigned expert joins. Messages
 * are part of the contract's record: editable and deletable only for a short
 * grace period, pinned as evidence in a dispute, hidden (never erased) by an
 * admin when abusive.
 */
import * as v from 'valibot';
import type { MessageDescriptor } from '@lingui/core';
import { issueMessage } from '../schemas/issue-messages';
import { TimestampSchema } from './common';

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** Minutes during which the author may still edit or delete a message. */
export const MESSAGE_GRACE_MINUTES = 10;
/** Longest message body, in characters. */
export const MESSAGE_MAX_LENGTH = 4000;
/** Attachments on one message (photos and PDFs, the documents' rules and store). */
export const MESSAGE_ATTACHMENTS_MAX = 5;
/** Characters of a message shown in lists, notifications and e-mails. */
export const MESSAGE_PREVIEW_LENGTH = 120;
/** Minutes without a new message before unread ones are sent as an e-mail digest. */
export const MESSAGE_DIGEST_QUIET_MINUTES = 15;

export const CONVERSATION_MESSAGES = {
  bodyRequired: /*i18n*/ { id: 'Please write a message or attach a file.', message: 'Please write a message or attach a file.' },
  bodyTooLong: /*i18n*/ { id: 'A message can be at most {max} characters.', message: 'A message can be at most {max} characters.' },
  reasonRequired: /*i18n*/ { id: 'Please say why.', message: 'Please say why.' },
} satisfies Record<string, MessageDescriptor>;
const C = CONVERSATION_MESSAGES;

/** What a participant is in a conversation. */
export const PARTICIPANT_ROLES = ['client', 'specialist', 'expert'] as const;
export const ParticipantRoleSchema = v.picklist(PARTICIPANT_ROLES);
export type ParticipantRole = v.InferOutput<typeof ParticipantRoleSchema>;
/** What a participant is called beside their name, in the parties' screens and the admin's. */
export const PARTICIPANT_ROLE_LABELS = {
  client: /*i18n*/ { id: 'Client', message: 'Client' },
  specialist: /*i18n*/ { id: 'Specialist', message: 'Specialist' },
  expert: /*i18n*/ { id: 'Expert', message: 'Expert' },
} satisfies Record<ParticipantRole, MessageDescriptor>;

export const ParticipantSchema = v.object({
  id: v.string(),
  name: v.string(),
  role: ParticipantRoleSchema,
  /** Until when this participant has read (the newest message they saw), for read receipts. */
  read_up_to: v.nullable(TimestampSchema),
  /** Suspended or declared insolvent: can read, cannot write. */
  barred: v.boolean(),
});
export type Participant = v.InferOutput<typeof ParticipantSchema>;

export const MessageAttachmentSchema = v.object({
  id: v.string(),
  file_name: v.string(),
  content_type: v.string(),
  size_bytes: count,
  download_url: v.string(),
});
export type MessageAttachment = v.InferOutput<typeof MessageAttachmentSchema>;

export const ConversationMessageSchema = v.object({
  id: v.string(),
  sender: v.object({ id: v.string(), name: v.string(), role: ParticipantRoleSchema }),
  /** Empty when deleted by its author, or when hidden by an admin (except in the admin's view). */
  body: v.string(),
  attachments: v.array(MessageAttachmentSchema),
  created_at: TimestampSchema,
  edited_at: v.nullable(TimestampSchema),
  deleted: v.boolean(),
  /** Hidden by an admin as abusive: the parties see only that it was hidden; the admins keep the body and the reason. */
  hidden: v.boolean(),
  /** Until when the reader (its author) may still edit or delete it; null when they may not. */
  editable_until: v.nullable(TimestampSchema),
  /** Pinned by a party as evidence for a dispute. */
  pinned: v.boolean(),
  /** Whether the reader reported it already. */
  reported: v.boolean(),
});
export type ConversationMessage = v.InferOutput<typeof ConversationMessageSchema>;

export const ConversationSummarySchema = v.object({
  id: v.string(),
  project: v.object({ id: v.string(), title: v.string() }),
  /** The contract the conversation continues on, once the specialist's quote is selected. */
  contract_id: v.nullable(v.string()),
  participants: v.array(ParticipantSchema),
  last_message: v.nullable(v.object({ sender_name: v.string(), preview: v.string(), created_at: TimestampSchema })),
  unread: count,
});
export type ConversationSummary = v.InferOutput<typeof ConversationSummarySchema>;

/** `GET /conversations`: the reader's conversations, the latest activity first. */
export const ConversationListSchema = v.object({ data: v.array(ConversationSummarySchema), unread_total: count });
export type ConversationList = v.InferOutput<typeof ConversationListSchema>;

/** `GET /conversations/unread-count`: unread messages across the reader's conversations. */
export const ConversationUnreadSchema = v.object({ count });
export type ConversationUnread = v.InferOutput<typeof ConversationUnreadSchema>;

/** `GET /conversations/:id?before=`: a page of messages, oldest first, older pages by `before` (a message id). */
export const ConversationThreadQuerySchema = v.object({ before: v.optional(v.string()) });
export type ConversationThreadQuery = v.InferOutput<typeof ConversationThreadQuerySchema>;

export const ConversationThreadSchema = v.object({
  ...ConversationSummarySchema.entries,
  messages: v.array(ConversationMessageSchema),
  /** Whether older messages exist before the first one of this page. */
  has_earlier: v.boolean(),
  /** Whether the reader may write here now, and if not, why (a translated sentence). */
  can_write: v.boolean(),
  write_blocked_reason: v.nullable(v.string()),
  /** Whether the reader has blocked the other party of this conversation. */
  blocked_by_me: v.boolean(),
});
export type ConversationThread = v.InferOutput<typeof ConversationThreadSchema>;

/** `POST /projects/:id/conversations`: the owner names the specialist; a specialist sends `{}`. Answers the thread. */
export const StartConversationSchema = v.object({ specialist_id: v.optional(v.string()) });
export type StartConversation = v.InferOutput<typeof StartConversationSchema>;

/** The text of a new or edited message (JSON, or the `body` field beside `attachments` files in multipart). */
export const MessageBodySchema = v.object({
  body: v.pipe(v.string(), v.trim(), v.maxLength(MESSAGE_MAX_LENGTH, issueMessage(C.bodyTooLong, { max: MESSAGE_MAX_LENGTH }))),
});
export type MessageBody = v.InferInput<typeof MessageBodySchema>;

/** An edit may not leave the message empty. */
export const MessageEditSchema = v.object({
  body: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, issueMessage(C.bodyRequired)),
    v.maxLength(MESSAGE_MAX_LENGTH, issueMessage(C.bodyTooLong, { max: MESSAGE_MAX_LENGTH })),
  ),
});

export const MessageParamsSchema = v.object({ id: v.string(), messageId: v.string() });
export type MessageParams = v.InferOutput<typeof MessageParamsSchema>;
/** `/admin/messages/:messageId/...`: a message by its id alone. */
export const MessageIdParamsSchema = v.object({ messageId: v.string() });
export const AttachmentParamsSchema = v.object({ id: v.string(), attachmentId: v.string() });

/** Reporting a message to the admins, or an admin hiding one: a reason is required. */
export const MessageReasonSchema = v.object({
  reason: v.pipe(v.string(), v.trim(), v.minLength(1, issueMessage(C.reasonRequired)), v.maxLength(500)),
});
export type MessageReason = v.InferInput<typeof MessageReasonSchema>;

/** `POST /conversations/:id/read`: everything up to and including this message is read. */
export const MarkReadSchema = v.object({ up_to: v.string() });

// ——— Admin ———

/** A message as an admin reads it: hidden bodies stay readable, with who hid it and why. */
export const AdminConversationMessageSchema = v.object({
  ...ConversationMessageSchema.entries,
  hidden_reason: v.nullable(v.string()),
  reports: count,
});
export type AdminConversationMessage = v.InferOutput<typeof AdminConversationMessageSchema>;

/**
 * `GET /admin/conversations/:id` and `GET /admin/contracts/:id/conversation`: the whole thread, read-only, pinned
 * messages flagged. For a contract whose parties never wrote, `id` is empty and `messages` is empty.
 */
export const AdminConversationSchema = v.object({
  ...ConversationSummarySchema.entries,
  messages: v.array(AdminConversationMessageSchema),
});
export type AdminConversation = v.InferOutput<typeof AdminConversationSchema>;

/** `GET /admin/message-reports`: reported messages not yet handled, oldest first. */
export const MessageReportSchema = v.object({
  /** The report itself, for `POST /admin/message-reports/:id/dismiss`. */
  id: v.string(),
  message: AdminConversationMessageSchema,
  conversation_id: v.string(),
  project_title: v.string(),
  reported_by: v.object({ id: v.string(), name: v.string() }),
  reason: v.string(),
  reported_at: TimestampSchema,
});
export const MessageReportListSchema = v.object({ data: v.array(MessageReportSchema) });
export type MessageReportList = v.InferOutput<typeof MessageReportListSchema>;
