import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  AdminConversationMessageSchema,
  AdminConversationSchema,
  AttachmentParamsSchema,
  FileResponseSchema,
  IdParamsSchema,
  MessageIdParamsSchema,
  MessageReasonSchema,
  MessageReportListSchema,
  NoContentSchema,
  errorResponses,
  type AdminConversation,
} from 'shared/contract';
import { CONVERSATION_API_MESSAGES as CM, ESCROW_API_MESSAGES as EM } from 'shared/messages';
import { SIGNED_IN } from '../../accounts/signed-in';
import type { Queryable } from '../../db/database';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { HttpError } from '../../plugins/error-handler';
import { CONVERSATION_SELECT, findConversation, type ConversationRow } from '../conversations/conversation-access';
import { messageFiles, sendAttachment } from '../conversations/conversation-files';
import { MESSAGE_SELECT, messageViews, preview, summaries, type MessageRow } from '../conversations/conversation-views';
import { UUID } from '../projects/project-guards';
import { writeAudit } from './audit';

const TAGS = ['admin conversations'];

/** The whole thread as an admin reads it: hidden and deleted bodies included, pins and reports counted. */
async function adminConversation(db: Queryable, conversation: ConversationRow): Promise<AdminConversation> {
  const [[summary], { rows }] = await Promise.all([
    summaries(db, [conversation], undefined),
    db.query<MessageRow>(`${MESSAGE_SELECT} WHERE m.conversation_id = $1 ORDER BY m.created_at, m.id`, [conversation.id]),
  ]);
  return { ...summary!, messages: await messageViews(db, conversation, rows, { admin: true }) };
}

/** A message with its conversation, for the admin's actions on it. */
async function messageWithConversation(db: Queryable, request: FastifyRequest, messageId: string) {
  const missing = new HttpError(404, request.t(CM.messageNotFound));
  if (!UUID.test(messageId)) throw missing;
  const { rows } = await db.query<MessageRow>(`${MESSAGE_SELECT} WHERE m.id = $1`, [messageId]);
  const message = rows[0];
  const conversation = message ? await findConversation(db, message.conversation_id) : undefined;
  if (!message || !conversation) throw missing;
  return { message, conversation };
}

/** The back office's reading of conversations: the dispute view, reported messages, hiding abusive ones. */
export const adminConversationRoutes: FastifyPluginAsync = async (app) => {
  const files = messageFiles(app.objectStore);
  app.addHook('onRequest', app.requireAdmin);
  const api = app.withTypeProvider<ValibotTypeProvider>();

  api.get(
    '/admin/conversations/:id',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'A whole conversation, read-only, with hidden and deleted messages, pins and reports',
        params: IdParamsSchema,
        response: { 200: AdminConversationSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const conversation = await findConversation(app.db, request.params.id);
      if (!conversation) throw new HttpError(404, request.t(CM.conversationNotFound));
      return adminConversation(app.db, conversation);
    },
  );

  api.get(
    '/admin/conversations/:id/attachments/:attachmentId',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: "Download a conversation's attachment, also of a deleted or hidden message",
        produces: ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'],
        params: AttachmentParamsSchema,
        response: { 200: FileResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const conversation = await findConversation(app.db, request.params.id);
      if (!conversation) throw new HttpError(404, request.t(CM.conversationNotFound));
      return sendAttachment(app.db, files, request, reply, {
        conversationId: conversation.id,
        attachmentId: request.params.attachmentId,
        everything: true,
      });
    },
  );

  api.get(
    '/admin/contracts/:id/conversation',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'The conversation a contract continues, for the dispute view (empty when its parties never wrote)',
        params: IdParamsSchema,
        response: { 200: AdminConversationSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const missing = new HttpError(404, request.t(EM.contractNotFound));
      if (!UUID.test(request.params.id)) throw missing;
      const { rows: contracts } = await app.db.query<{
        id: string;
        project_id: string;
        contractor_id: string;
        client_id: string;
        expert_id: string | null;
        title: string;
      }>(
        `SELECT ct.id, ct.project_id, ct.contractor_id, ct.client_id, ct.expert_id, p.title
           FROM contracts ct JOIN projects p ON p.id = ct.project_id WHERE ct.id = $1`,
        [request.params.id],
      );
      const contract = contracts[0];
      if (!contract) throw missing;
      const { rows } = await app.db.query<ConversationRow>(`${CONVERSATION_SELECT} WHERE c.project_id = $1 AND c.specialist_id = $2`, [
        contract.project_id,
        contract.contractor_id,
      ]);
      if (rows[0]) return adminConversation(app.db, rows[0]);
      // Nothing was written: the parties as the contract names them, and no messages.
      const [summary] = await summaries(
        app.db,
        [
          {
            id: '',
            project_id: contract.project_id,
            specialist_id: contract.contractor_id,
            created_at: new Date(),
            last_message_at: null,
            owner_id: contract.client_id,
            project_title: contract.title,
            contract_id: contract.id,
            expert_id: contract.expert_id,
          },
        ],
        undefined,
      );
      return { ...summary!, messages: [] };
    },
  );

  api.get(
    '/admin/message-reports',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Reported messages not handled yet, oldest report first',
        response: { 200: MessageReportListSchema, ...errorResponses(401) },
      },
    },
    async () => {
      const { rows: reports } = await app.db.query<{
        id: string;
        message_id: string;
        reason: string;
        created_at: Date | string;
        reporter_id: string;
        reporter_first_name: string;
        reporter_last_name: string;
      }>(
        `SELECT r.id, r.message_id, r.reason, r.created_at, u.id AS reporter_id, u.first_name AS reporter_first_name, u.last_name AS reporter_last_name
           FROM message_reports r JOIN users u ON u.id = r.reporter_id
          WHERE r.handled_at IS NULL ORDER BY r.created_at, r.id LIMIT 200`,
      );
      const data = [];
      for (const report of reports) {
        const { rows } = await app.db.query<MessageRow>(`${MESSAGE_SELECT} WHERE m.id = $1`, [report.message_id]);
        const conversation = rows[0] ? await findConversation(app.db, rows[0].conversation_id) : undefined;
        if (!rows[0] || !conversation) continue;
        const [message] = await messageViews(app.db, conversation, rows, { admin: true });
        data.push({
          id: report.id,
          message: message!,
          conversation_id: conversation.id,
          project_title: conversation.project_title,
          reported_by: { id: report.reporter_id, name: `${report.reporter_first_name} ${report.reporter_last_name}`.trim() },
          reason: report.reason,
          reported_at: new Date(report.created_at).toISOString(),
        });
      }
      return { data };
    },
  );

  api.post(
    '/admin/messages/:messageId/hide',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Hide an abusive message from the parties, with the reason; it is kept for the audit and its reports are handled',
        params: MessageIdParamsSchema,
        body: MessageReasonSchema,
        response: { 200: AdminConversationMessageSchema, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request) => {
      const admin = request.admin!;
      const { message, conversation } = await messageWithConversation(app.db, request, request.params.messageId);
      await app.db.transaction(async (tx) => {
        const { rows } = await tx.query(
          'UPDATE conversation_messages SET hidden_at = now(), hidden_by = $2, hidden_reason = $3 WHERE id = $1 AND hidden_at IS NULL RETURNING id',
          [message.id, admin.id, request.body.reason],
        );
        if (!rows[0]) throw new HttpError(409, request.t(CM.alreadyHidden));
        await tx.query('UPDATE message_reports SET handled_at = now() WHERE message_id = $1 AND handled_at IS NULL', [message.id]);
        await writeAudit(tx, admin, {
          action: 'message.hidden',
          targetType: 'message',
          targetId: message.id,
          targetLabel: `${conversation.project_title}: ${preview(message.body)}`,
          before: { hidden: false },
          after: { hidden: true, reason: request.body.reason },
        });
      });
      const { rows } = await app.db.query<MessageRow>(`${MESSAGE_SELECT} WHERE m.id = $1`, [message.id]);
      const [view] = await messageViews(app.db, conversation, rows, { admin: true });
      return view!;
    },
  );

  api.post(
    '/admin/message-reports/:id/dismiss',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Dismiss a report: the message stays as it is',
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const admin = request.admin!;
      const missing = new HttpError(404, request.t(CM.reportNotFound));
      if (!UUID.test(request.params.id)) throw missing;
      await app.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string; message_id: string; reason: string }>(
          'UPDATE message_reports SET handled_at = now() WHERE id = $1 AND handled_at IS NULL RETURNING id, message_id, reason',
          [request.params.id],
        );
        if (!rows[0]) throw missing;
        await writeAudit(tx, admin, {
          action: 'message_report.dismissed',
          targetType: 'message_report',
          targetId: rows[0].id,
          targetLabel: rows[0].reason,
          after: { message_id: rows[0].message_id },
        });
      });
      return reply.status(204).send(null);
    },
  );
};
