import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MessageDescriptor } from '@lingui/core';
import { MESSAGE_ATTACHMENTS_MAX } from 'shared/contract';
import { CONVERSATION_API_MESSAGES as CM, MARKETPLACE_API_MESSAGES as MM } from 'shared/messages';
import type { Queryable } from '../../db/database';
import { DOCUMENT_MAX_BYTES } from '../../marketplace/document-files';
import { HttpError } from '../../plugins/error-handler';
import type { ObjectStore } from '../../uploads/object-store';
import { readMultipart, type UploadRules } from '../../uploads/multipart-upload';
import { FILE_EXTENSIONS, StoredFiles, contentDisposition } from '../../uploads/stored-files';
import { UUID } from '../projects/project-guards';

/** Attachments follow the project documents' rules: PDF or an image recognised by its content, at most DOCUMENT_MAX_BYTES each. */
const ATTACHMENT_RULES: UploadRules = {
  maxBytes: DOCUMENT_MAX_BYTES,
  kinds: ['pdf', 'png', 'jpeg', 'gif', 'webp'],
  field: 'attachments',
  tooLarge: MM.documentTooLarge,
  wrongType: MM.documentType,
  tooMany: { ...CM.tooManyAttachments, values: { max: MESSAGE_ATTACHMENTS_MAX } } as MessageDescriptor,
};

/** The multipart parser's limits: a file past MESSAGE_ATTACHMENTS_MAX refuses the whole message rather than cutting it. */
export const MESSAGE_MULTIPART_LIMITS = {
  fileSize: DOCUMENT_MAX_BYTES,
  files: MESSAGE_ATTACHMENTS_MAX,
  fields: 5,
  parts: MESSAGE_ATTACHMENTS_MAX + 5,
};

export function readMessageMultipart(request: FastifyRequest) {
  return readMultipart(request, ATTACHMENT_RULES);
}

/** Message attachments under `messages/` of the object store, beside the project documents. */
export function messageFiles(store: ObjectStore): StoredFiles<string> {
  return new StoredFiles(store, 'messages', Object.values(FILE_EXTENSIONS));
}

/**
 * Sends one attachment of the conversation, as the type it was recognised as,
 * sandboxed. The parties get nothing of a deleted or hidden message; an admin
 * (`everything`) reads it all, for the audit.
 */
export async function sendAttachment(
  db: Queryable,
  files: StoredFiles<string>,
  request: FastifyRequest,
  reply: FastifyReply,
  where: { conversationId: string; attachmentId: string; everything: boolean },
) {
  const missing = new HttpError(404, request.t(CM.attachmentNotFound));
  if (!UUID.test(where.attachmentId)) throw missing;
  const { rows } = await db.query<{ file_name: string; stored_name: string; content_type: string; shown: boolean }>(
    `SELECT a.file_name, a.stored_name, a.content_type, (m.deleted_at IS NULL AND m.hidden_at IS NULL) AS shown
       FROM conversation_attachments a JOIN conversation_messages m ON m.id = a.message_id
      WHERE a.id = $1 AND m.conversation_id = $2`,
    [where.attachmentId, where.conversationId],
  );
  const file = rows[0];
  if (!file || !(file.shown || where.everything)) throw missing;
  const stored = await files.open(file.stored_name);
  if (!stored) throw missing;
  const inline = file.content_type.startsWith('image/');
  return reply
    .header('Content-Type', file.content_type)
    .header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', file.file_name))
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, no-store')
    .header('Content-Length', stored.length)
    .send(stored.body);
}
