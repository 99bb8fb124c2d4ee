import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import {
  AttachmentParamsSchema,
  CONVERSATION_MESSAGES,
  ConversationListSchema,
  ConversationMessageSchema,
  ConversationThreadQuerySchema,
  ConversationThreadSchema,
  ConversationUnreadSchema,
  FileResponseSchema,
  IdParamsSchema,
  MESSAGE_GRACE_MINUTES,
  MarkReadSchema,
  MessageBodySchema,
  MessageEditSchema,
  MessageParamsSchema,
  MessageReasonSchema,
  StartConversationSchema,
  errorResponses,
  type ConversationThread,
  type ParticipantRole,
} from 'shared/contract';
import { CONVERSATION_API_MESSAGES as CM, API_MESSAGES as M } from 'shared/messages';
import { SIGNED_IN } from '../../accounts/signed-in';
import type { UserRow } from '../../accounts/users';
import { parseWith } from '../../accounts/validate';
import type { Queryable } from '../../db/database';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { addNotifications, type NewNotification } from '../../marketplace/notifications';
import { isBarred, relationTo } from '../../marketplace/project-access';
import { HttpError } from '../../plugins/error-handler';
import { FILE_CONTENT_TYPES, FILE_EXTENSIONS } from '../../uploads/stored-files';
import type { UploadedFile } from '../../uploads/multipart-upload';
import { UUID, loadVisibleProject, type Viewer } from '../projects/project-guards';
import {
  CONVERSATION_SELECT,
  loadConversation,
  myConversationsSql,
  otherParty,
  requireWriter,
  writeRefusal,
  type ConversationRow,
} from './conversation-access';
import { MESSAGE_MULTIPART_LIMITS, messageFiles, readMessageMultipart, sendAttachment } from './conversation-files';
import { UNREAD_SQL, findMessage, messagePage, messageViews, participantMessage, summaries } from './conversation-views';

const TAGS = ['conversations'];

/** The link a notification of a new message opens. */
export const conversationLink = (conversationId: string) => `/main/messages/${conversationId}`;

/** Unread messages across every conversation of the reader. */
async function unreadTotal(db: Queryable, readerId: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM conversation_messages m
      WHERE m.conversation_id IN (${myConversationsSql('$1::uuid')}) AND ${UNREAD_SQL('$1::uuid')}`,
    [readerId],
  );
  return Number(rows[0]?.count ?? 0);
}

/** Conversations, participants, threads and their messages; admins read them through `/admin/conversations`. */
export const conversationRoutes: FastifyPluginAsync = async (app) => {
  const files = messageFiles(app.objectStore);
  await app.register(multipart, { limits: MESSAGE_MULTIPART_LIMITS });
  // Before the schemas: a stranger hears 401, never what was wrong with the request.
  app.addHook('preValidation', app.requireUser);
  const api = app.withTypeProvider<ValibotTypeProvider>();

  /** The thread as the reader sees it: a page of messages and whether they may write. */
  async function thread(request: FastifyRequest, conversation: ConversationRow, role: ParticipantRole, before?: string): Promise<ConversationThread> {
    const reader = request.user!.id;
    const [[summary], page, refusal] = await Promise.all([
      summaries(app.db, [conversation], reader),
      messagePage(app.db, conversation.id, before),
      writeRefusal(app.db, conversation, reader, role),
    ]);
    const other = otherParty(conversation, role);
    const { rows: blocks } = other
      ? await app.db.query('SELECT 1 FROM user_blocks WHERE blocker_id = $1 AND blocked_id = $2', [reader, other])
      : { rows: [] };
    const messages = await messageViews(app.db, conversation, page.rows, { id: reader });
    return {
      ...summary!,
      messages: messages.map(participantMessage),
      has_earlier: page.hasEarlier,
      can_write: !refusal,
      write_blocked_reason: refusal ? request.t(refusal) : null,
      blocked_by_me: blocks.length > 0,
    };
  }

  /** The message of the route's `:messageId` in the reader's conversation (404 for anything else). */
  async function loadMessage(request: FastifyRequest) {
    const { id, messageId } = request.params as { id: string; messageId: string };
    const { conversation, role } = await loadConversation(app.db, request, id);
    const message = UUID.test(messageId) ? await findMessage(app.db, conversation.id, messageId) : undefined;
    if (!message) throw new HttpError(404, request.t(CM.messageNotFound));
    return { conversation, role, message };
  }

  /**
   * Route guards run before the body's schema (`preValidation`): a stranger
   * hears 404 and a participant who may not act 403, never what was wrong
   * with their body.
   */
  const participantOnly = async (request: FastifyRequest) => {
    await loadConversation(app.db, request, (request.params as { id: string }).id);
  };
  const authorOnly = async (request: FastifyRequest) => {
    const { message } = await loadMessage(request);
    if (message.sender_id !== request.user!.id) throw new HttpError(403, request.t(CM.notAuthor));
  };

  async function messageView(request: FastifyRequest, conversation: ConversationRow, messageId: string) {
    const row = (await findMessage(app.db, conversation.id, messageId))!;
    const [view] = await messageViews(app.db, conversation, [row], { id: request.user!.id });
    return participantMessage(view!);
  }

  api.get(
    '/conversations',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: "The reader's conversations, the latest activity first, with unread messages per conversation and in total",
        response: { 200: ConversationListSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const reader = request.user!.id;
      // An empty conversation is listed only for whoever opened it: the other side has nothing to read yet.
      const { rows } = await app.db.query<ConversationRow>(
        `${CONVERSATION_SELECT} WHERE c.id IN (${myConversationsSql('$1::uuid')}) AND (c.last_message_at IS NOT NULL OR c.started_by = $1::uuid)
          ORDER BY COALESCE(c.last_message_at, c.created_at) DESC, c.id`,
        [reader],
      );
      const data = await summaries(app.db, rows, reader);
      return { data, unread_total: data.reduce((sum, summary) => sum + summary.unread, 0) };
    },
  );

  api.get(
    '/conversations/unread-count',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: "Unread messages across the reader's conversations, for the navigation's badge",
        response: { 200: ConversationUnreadSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ count: await unreadTotal(app.db, request.user!.id) }),
  );

  api.post(
    '/projects/:id/conversations',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Open the conversation about a project: the owner names a specialist who received the request, a specialist sends `{}`',
        description: 'Answers the existing conversation (200) when there is one, otherwise the new one (201).',
        params: IdParamsSchema,
        body: StartConversationSchema,
        response: { 200: ConversationThreadSchema, 201: ConversationThreadSchema, ...errorResponses(401, 403, 404, 422) },
      },
      // A stranger to the project hears 404 before anything is said of the body.
      preValidation: async (request) => {
        await loadVisibleProject(app, request, (request.params as { id: string }).id);
      },
    },
    async (request, reply) => {
      const user = request.user as Viewer;
      const { project, relation } = await loadVisibleProject(app, request, request.params.id);
      let specialistId: string;
      if (relation === 'owner') {
        const wanted = request.body?.specialist_id;
        if (!wanted) throw new HttpError(422, request.t(CM.specialistRequired), { specialist_id: [request.t(CM.specialistRequired)] });
        const { rows } = UUID.test(wanted)
          ? await app.db.query<UserRow & { verified_at: Date | null }>('SELECT * FROM users WHERE id = $1', [wanted])
          : { rows: [] };
        const specialist = rows[0];
        // Only a specialist the request reached: matching it, invited to it, or who quoted on it.
        const reached = specialist ? await relationTo(app.db, project, specialist) : 'none';
        if (!['matching', 'invited', 'quoted'].includes(reached)) {
          throw new HttpError(422, request.t(CM.specialistNotReached), { specialist_id: [request.t(CM.specialistNotReached)] });
        }
        specialistId = wanted;
      } else if (relation === 'inspecting') {
        throw new HttpError(403, request.t(CM.expertCannotStart));
      } else {
        specialistId = user.id;
      }
      const { rows: existing } = await app.db.query<{ id: string }>('SELECT id FROM conversations WHERE project_id = $1 AND specialist_id = $2', [
        project.id,
        specialistId,
      ]);
      let id = existing[0]?.id;
      let created = false;
      if (!id) {
        if (await isBarred(app.db, user.id)) throw new HttpError(403, request.t(CM.barred));
        // Two simultaneous first calls: one inserts, the other finds its conversation.
        const { rows: inserted } = await app.db.query<{ id: string }>(
          `INSERT INTO conversations (project_id, specialist_id, started_by) VALUES ($1, $2, $3)
           ON CONFLICT (project_id, specialist_id) DO NOTHING RETURNING id`,
          [project.id, specialistId, user.id],
        );
        created = inserted.length > 0;
        id =
          inserted[0]?.id ??
          (
            await app.db.query<{ id: string }>('SELECT id FROM conversations WHERE project_id = $1 AND specialist_id = $2', [
              project.id,
              specialistId,
            ])
          ).rows[0]!.id;
      }
      const { conversation, role } = await loadConversation(app.db, request, id);
      return reply.status(created ? 201 : 200).send(await thread(request, conversation, role));
    },
  );

  api.get(
    '/conversations/:id',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'A conversation with a page of 50 messages, oldest first; `before` (a message id) asks for the page before it',
        params: IdParamsSchema,
        querystring: ConversationThreadQuerySchema,
        response: { 200: ConversationThreadSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { conversation, role } = await loadConversation(app.db, request, request.params.id);
      const before = request.query.before;
      if (before !== undefined && !(UUID.test(before) && (await findMessage(app.db, conversation.id, before)))) {
        throw new HttpError(404, request.t(CM.messageNotFound));
      }
      return thread(request, conversation, role, before);
    },
  );

  api.post(
    '/conversations/:id/messages',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Write a message: JSON `{body}`, or multipart with a `body` field and up to 5 `attachments` files (PDF or images)',
        description:
          'The other participants are notified at once (the notification stream), and e-mailed a digest of what they have not read after a quiet period.',
        consumes: ['application/json', 'multipart/form-data'],
        params: IdParamsSchema,
        response: { 201: ConversationMessageSchema, ...errorResponses(401, 403, 404, 413, 422) },
      },
    },
    async (request, reply) => {
      const sender = request.user!;
      const { conversation, role } = await loadConversation(app.db, request, request.params.id);
      await requireWriter(app.db, request, conversation, role);
      const { fields, files: uploads } = request.isMultipart()
        ? await readMessageMultipart(request)
        : { fields: (request.body ?? {}) as Record<string, unknown>, files: [] as UploadedFile[] };
      const { body } = parseWith(MessageBodySchema, { body: typeof fields.body === 'string' ? fields.body : '' }, request);
      if (body === '' && uploads.length === 0) {
        throw new HttpError(422, request.t(M.invalidFields), { body: [request.t(CONVERSATION_MESSAGES.bodyRequired)] });
      }
      const saved: string[] = [];
      let messageId: string;
      try {
        messageId = await app.db.transaction(async (tx) => {
          const { rows } = await tx.query<{ id: string }>(
            'INSERT INTO conversation_messages (conversation_id, sender_id, body) VALUES ($1, $2, $3) RETURNING id',
            [conversation.id, sender.id, body],
          );
          const id = rows[0]!.id;
          for (const upload of uploads) {
            const storedName = await files.save(upload.data, FILE_EXTENSIONS[upload.kind]);
            saved.push(storedName);
            // The clock, not the transaction's time: the files keep the order they were sent in.
            await tx.query(
              'INSERT INTO conversation_attachments (message_id, file_name, stored_name, content_type, size_bytes, created_at) VALUES ($1, $2, $3, $4, $5, clock_timestamp())',
              [id, upload.fileName, storedName, FILE_CONTENT_TYPES[upload.kind], upload.data.length],
            );
          }
          // Times are copied in SQL: a JavaScript date would lose the microseconds the comparisons rely on.
          await tx.query(
            'UPDATE conversations c SET last_message_at = m.created_at FROM conversation_messages m WHERE m.id = $1 AND c.id = m.conversation_id',
            [id],
          );
          // Whoever writes has read everything before their own message.
          await tx.query(
            `INSERT INTO conversation_reads (conversation_id, user_id, read_up_to)
             SELECT m.conversation_id, m.sender_id, m.created_at FROM conversation_messages m WHERE m.id = $1
             ON CONFLICT (conversation_id, user_id) DO UPDATE SET read_up_to = GREATEST(conversation_reads.read_up_to, EXCLUDED.read_up_to)`,
            [id],
          );
          const recipients = [conversation.owner_id, conversation.specialist_id, conversation.expert_id].filter(
            (userId): userId is string => Boolean(userId) && userId !== sender.id,
          );
          const notifications: NewNotification[] = recipients.map((userId) => ({
            userId,
            kind: 'message_received',
            data: {
              sender: `${sender.first_name} ${sender.last_name}`.trim(),
              title: conversation.project_title,
              conversation_id: conversation.id,
              // A reference, not a copy of the words: the notification reads as the message is now.
              message_id: id,
            },
            link: conversationLink(conversation.id),
          }));
          await addNotifications(tx, notifications);
          return id;
        });
      } catch (error) {
        await Promise.all(saved.map((name) => files.remove(name)));
        throw error;
      }
      return reply.status(201).send(await messageView(request, conversation, messageId));
    },
  );

  /** Edit and delete: the author only, while the grace period lasts; after it the message is part of the record. */
  async function changeable(request: FastifyRequest) {
    const { conversation, role, message } = await loadMessage(request);
    if (message.sender_id !== request.user!.id) throw new HttpError(403, request.t(CM.notAuthor));
    await requireWriter(app.db, request, conversation, role);
    if (message.deleted_at || message.hidden_at) throw new HttpError(409, request.t(CM.messageGone));
    return { conversation, message };
  }
  const graceOver = (request: FastifyRequest) => new HttpError(409, request.t(CM.graceOver, { minutes: MESSAGE_GRACE_MINUTES }));
  const WITHIN_GRACE = `id = $1 AND deleted_at IS NULL AND hidden_at IS NULL AND created_at + make_interval(mins => ${MESSAGE_GRACE_MINUTES}) > now()`;

  api.patch(
    '/conversations/:id/messages/:messageId',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: `Edit one's own message, within ${MESSAGE_GRACE_MINUTES} minutes of sending it`,
        params: MessageParamsSchema,
        body: MessageEditSchema,
        response: { 200: ConversationMessageSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
      preValidation: authorOnly,
    },
    async (request) => {
      const { conversation, message } = await changeable(request);
      const { rows } = await app.db.query(`UPDATE conversation_messages SET body = $2, edited_at = now() WHERE ${WITHIN_GRACE} RETURNING id`, [
        message.id,
        request.body.body,
      ]);
      if (!rows[0]) throw graceOver(request);
      return messageView(request, conversation, message.id);
    },
  );

  api.delete(
    '/conversations/:id/messages/:messageId',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: `Delete one's own message, within ${MESSAGE_GRACE_MINUTES} minutes of sending it; it stays in the thread as deleted`,
        params: MessageParamsSchema,
        response: { 200: ConversationMessageSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { conversation, message } = await changeable(request);
      // Kept, with its body, for the audit: the parties see it as deleted.
      const { rows } = await app.db.query(`UPDATE conversation_messages SET deleted_at = now() WHERE ${WITHIN_GRACE} RETURNING id`, [message.id]);
      if (!rows[0]) throw graceOver(request);
      return messageView(request, conversation, message.id);
    },
  );

  api.post(
    '/conversations/:id/read',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Mark the conversation read up to and including a message (a read receipt for the others); answers the unread total',
        params: IdParamsSchema,
        body: MarkReadSchema,
        response: { 200: ConversationUnreadSchema, ...errorResponses(401, 404, 422) },
      },
      preValidation: participantOnly,
    },
    async (request) => {
      const reader = request.user!.id;
      const { conversation } = await loadConversation(app.db, request, request.params.id);
      const upTo = request.body.up_to;
      const message = UUID.test(upTo) ? await findMessage(app.db, conversation.id, upTo) : undefined;
      if (!message) throw new HttpError(422, request.t(M.invalidFields), { up_to: [request.t(CM.notInConversation)] });
      // Never backwards: a late call for an older message keeps what was read since.
      await app.db.query(
        `INSERT INTO conversation_reads (conversation_id, user_id, read_up_to)
         SELECT m.conversation_id, $2, m.created_at FROM conversation_messages m WHERE m.id = $1
         ON CONFLICT (conversation_id, user_id) DO UPDATE SET read_up_to = GREATEST(conversation_reads.read_up_to, EXCLUDED.read_up_to)`,
        [message.id, reader],
      );
      // The bell's notifications of these messages are read with them (up to the mark, not newer ones).
      await app.db.query(
        `UPDATE notifications n SET read_at = now()
          WHERE n.user_id = $1 AND n.read_at IS NULL AND n.kind = 'message_received' AND n.data->>'conversation_id' = $2::text
            AND n.created_at <= (SELECT created_at FROM conversation_messages WHERE id = $3)`,
        [reader, conversation.id, message.id],
      );
      return { count: await unreadTotal(app.db, reader) };
    },
  );

  api.get(
    '/conversations/:id/attachments/:attachmentId',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Download an attachment, as the type it was recognised as (participants only)',
        produces: ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'],
        params: AttachmentParamsSchema,
        response: { 200: FileResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { conversation } = await loadConversation(app.db, request, request.params.id);
      return sendAttachment(app.db, files, request, reply, {
        conversationId: conversation.id,
        attachmentId: request.params.attachmentId,
        everything: false,
      });
    },
  );

  /** Pins are evidence for a dispute: the parties of the contract the conversation continues on set them. */
  async function pinnable(request: FastifyRequest) {
    const found = await loadMessage(request);
    if (found.role === 'expert') throw new HttpError(403, request.t(CM.pinPartiesOnly));
    if (!found.conversation.contract_id) throw new HttpError(409, request.t(CM.pinNeedsContract));
    return found;
  }

  api.post(
    '/conversations/:id/messages/:messageId/pin',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Pin a message as evidence (the client or the contractor, once the conversation continues on a contract)',
        params: MessageParamsSchema,
        response: { 200: ConversationMessageSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { conversation, message } = await pinnable(request);
      await app.db.query('INSERT INTO conversation_pins (message_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        message.id,
        request.user!.id,
      ]);
      return messageView(request, conversation, message.id);
    },
  );

  api.delete(
    '/conversations/:id/messages/:messageId/pin',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: "Take one's pin off a message (a pin of the other party stays)",
        params: MessageParamsSchema,
        response: { 200: ConversationMessageSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { conversation, message } = await pinnable(request);
      await app.db.query('DELETE FROM conversation_pins WHERE message_id = $1 AND user_id = $2', [message.id, request.user!.id]);
      return messageView(request, conversation, message.id);
    },
  );

  api.post(
    '/conversations/:id/messages/:messageId/report',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: "Report another participant's message to the admins, with the reason",
        params: MessageParamsSchema,
        body: MessageReasonSchema,
        response: { 200: ConversationMessageSchema, ...errorResponses(401, 404, 409, 422) },
      },
      preValidation: participantOnly,
    },
    async (request) => {
      const { conversation, message } = await loadMessage(request);
      if (message.sender_id === request.user!.id) throw new HttpError(409, request.t(CM.reportOwn));
      // Reported again while the first report waits: the newer reason is what the admins read.
      await app.db.query(
        `INSERT INTO message_reports (message_id, reporter_id, reason) VALUES ($1, $2, $3)
         ON CONFLICT (message_id, reporter_id) DO UPDATE SET reason = EXCLUDED.reason, created_at = now(), handled_at = NULL`,
        [message.id, request.user!.id, request.body.reason],
      );
      return messageView(request, conversation, message.id);
    },
  );

  /** Blocking is between the client and the specialist, and never closes a contract's conversation. */
  async function blockable(request: FastifyRequest, blocking: boolean) {
    const { conversation, role } = await loadConversation(app.db, request, (request.params as { id: string }).id);
    const other = otherParty(conversation, role);
    if (!other) throw new HttpError(403, request.t(CM.expertCannotBlock));
    if (blocking && conversation.contract_id) throw new HttpError(409, request.t(CM.blockOnContract));
    return { conversation, role, other };
  }

  api.post(
    '/conversations/:id/block',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Block the other party: without a contract, neither can write in your conversations any more',
        description: "Refused (409) on a contract's conversation, which is the contract's record and stays open.",
        params: IdParamsSchema,
        response: { 200: ConversationThreadSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { conversation, role, other } = await blockable(request, true);
      await app.db.query('INSERT INTO user_blocks (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [request.user!.id, other]);
      return thread(request, conversation, role);
    },
  );

  api.delete(
    '/conversations/:id/block',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Unblock the other party',
        params: IdParamsSchema,
        response: { 200: ConversationThreadSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { conversation, role, other } = await blockable(request, false);
      await app.db.query('DELETE FROM user_blocks WHERE blocker_id = $1 AND blocked_id = $2', [request.user!.id, other]);
      return thread(request, conversation, role);
    },
  );
};
