import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MessageDescriptor } from '@lingui/core';
import type { ContractRole, EscrowFilePurpose } from 'shared/contract';
import { ESCROW_API_MESSAGES as EM, STATEMENT_MESSAGES } from 'shared/messages';
import { prepared, type Queryable } from '../../db/database';
import { HttpError } from '../../plugins/error-handler';
import { contractMilestones, type ContractRow, type MilestoneRow } from '../../escrow/contracts';
import { accountFigures, contractStatement, contractViewById } from '../../escrow/contract-views';
import type { ContractContext } from '../../escrow/operations';
import type { Answer } from '../../escrow/idempotency';
import { FILE_CONTENT_TYPES, FILE_EXTENSIONS, StoredFiles, contentDisposition, type FileKind } from '../../uploads/stored-files';
import type { UploadedFile } from '../../uploads/multipart-upload';
import type { ObjectStore } from '../../uploads/object-store';
import type { PhotoMetadata } from '../../site-record/photo-metadata';
import { UUID } from '../projects/project-guards';

/** Photos, reports and evidence of contracts under `escrow/` of the object store. */
export function escrowFiles(store: ObjectStore): StoredFiles<string> {
  return new StoredFiles(store, 'escrow', Object.values(FILE_EXTENSIONS));
}

export const ESCROW_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_KINDS: readonly FileKind[] = ['png', 'jpeg', 'gif', 'webp'];
export const DOCUMENT_KINDS: readonly FileKind[] = ['pdf', ...IMAGE_KINDS];

export function notFound(request: FastifyRequest): HttpError {
  return new HttpError(404, request.t(EM.contractNotFound));
}

/**
 * The contract, locked, with its project's title. Not its milestones: a
 * statement that waited for the lock still reads other tables as they were
 * when it began, so milestones read with it could miss the change of the
 * transaction it waited for (a milestone released twice).
 */
const LOCK_CONTRACT = prepared(
  'SELECT c.*, p.title AS project_title FROM contracts c JOIN projects p ON p.id = c.project_id WHERE c.id = $1 FOR UPDATE OF c',
);

/**
 * The contract locked for the rest of the transaction, with the project title
 * and, when the route names a milestone, the milestones read once it is
 * locked (kept in the context, so the operation does not read them again);
 * 404 for a contract the role check refuses.
 */
export async function lockContext(
  tx: Queryable,
  request: FastifyRequest,
  contractId: string,
  milestoneId?: string,
): Promise<{ ctx: ContractContext; milestone: MilestoneRow | undefined }> {
  if (!UUID.test(contractId)) throw notFound(request);
  const { rows } = await tx.query<ContractRow & { project_title: string }>(LOCK_CONTRACT, [contractId]);
  if (!rows[0]) throw notFound(request);
  const { project_title: title, ...contract } = rows[0];
  const ctx: ContractContext = { tx, contract, title };
  let milestone: MilestoneRow | undefined;
  if (milestoneId !== undefined) {
    ctx.milestones = UUID.test(milestoneId) ? await contractMilestones(tx, contract.id) : [];
    milestone = ctx.milestones.find((m) => m.id === milestoneId);
    if (!milestone) throw new HttpError(404, request.t(EM.milestoneNotFound));
  }
  return { ctx, milestone };
}

export async function viewOf(db: Queryable, contractId: string, role: ContractRole) {
  return (await contractViewById(db, contractId, role))!;
}

/** What a stored file is attached to. */
export interface EscrowFileTarget {
  contractId: string;
  milestoneId?: string;
  disputeId?: string;
  dailyLogId?: string;
  changeOrderId?: string;
  purpose: EscrowFilePurpose;
  uploaderId: string;
}

/**
 * Saves uploaded files and their rows, each with the SHA-256 of its bytes (the site record's
 * chain covers them) and, for photos, the capture time and position `metadata` read from them;
 * files already written are removed by the caller's `cleanup` if the transaction fails.
 */
export async function storeEscrowFiles(
  files: StoredFiles<string>,
  tx: Queryable,
  saved: string[],
  target: EscrowFileTarget,
  uploads: UploadedFile[],
  metadata: (PhotoMetadata | undefined)[] = [],
): Promise<void> {
  for (const [index, upload] of uploads.entries()) {
    const storedName = await files.save(upload.data, FILE_EXTENSIONS[upload.kind]);
    saved.push(storedName);
    const meta = metadata[index];
    await tx.query(
      `INSERT INTO escrow_files (contract_id, milestone_id, dispute_id, daily_log_id, change_order_id, purpose, file_name, stored_name,
                                 content_type, size_bytes, uploaded_by, sha256, captured_at, latitude, longitude)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        target.contractId,
        target.milestoneId ?? null,
        target.disputeId ?? null,
        target.dailyLogId ?? null,
        target.changeOrderId ?? null,
        target.purpose,
        upload.fileName,
        storedName,
        FILE_CONTENT_TYPES[upload.kind],
        upload.data.length,
        target.uploaderId,
        createHash('sha256').update(upload.data).digest('hex'),
        meta?.capturedAt ?? null,
        meta?.latitude ?? null,
        meta?.longitude ?? null,
      ],
    );
  }
}

/** Sends one stored file of a contract, never anything outside the store. */
export async function sendEscrowFile(
  app: FastifyInstance,
  files: StoredFiles<string>,
  request: FastifyRequest,
  reply: FastifyReply,
  contractId: string,
  fileId: string,
) {
  const missing = new HttpError(404, request.t(EM.fileNotFound));
  if (!UUID.test(fileId)) throw missing;
  const { rows } = await app.db.query<{ file_name: string; stored_name: string; content_type: string }>(
    'SELECT file_name, stored_name, content_type FROM escrow_files WHERE id = $1 AND contract_id = $2',
    [fileId, contractId],
  );
  const file = rows[0];
  const stored = file ? await files.open(file.stored_name) : undefined;
  if (!file || !stored) throw missing;
  const inline = file.content_type.startsWith('image/');
  return reply
    .header('Content-Type', file.content_type)
    .header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', file.file_name))
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, no-store')
    .header('Content-Length', stored.length)
    .send(stored.body);
}

/**
 * A statement as CSV in the reader's language: headers, kinds of movement and
 * dates (UTC) read as words; amounts as decimals in the contract's currency,
 * and a last ISO 8601 column for spreadsheets and scripts.
 */
export async function statementCsv(db: Queryable, contract: ContractRow, request: FastifyRequest): Promise<string> {
  const { entries } = await contractStatement(db, contract.id);
  const digits = contract.currency === 'XAF' ? 0 : 2;
  const decimal = (amount: number) => (amount / 10 ** digits).toFixed(digits);
  const cell = (value: string) =>
    /[",\n]/.test(value) || /^[=+\-@]/.test(value) ? `"${value.replace(/"/g, '""').replace(/^([=+\-@])/, "'$1")}"` : value;
  const date = new Intl.DateTimeFormat(request.locale === 'fr' ? 'fr-FR' : 'en-US', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  });
  const S = STATEMENT_MESSAGES;
  const kinds: Record<string, MessageDescriptor> = S;
  const lines = [[S.date, S.kind, S.milestone, S.amount, S.balance, S.currency, S.timestamp].map((header) => cell(request.t(header))).join(',')];
  for (const entry of entries) {
    const milestone = entry.milestone_position ? `${entry.milestone_position}. ${entry.milestone_title}` : '';
    const kind = kinds[entry.kind] ? request.t(kinds[entry.kind]!) : entry.kind;
    const at = new Date(entry.at);
    lines.push(
      [cell(date.format(at)), cell(kind), cell(milestone), decimal(entry.amount), decimal(entry.balance), contract.currency, at.toISOString()].join(
        ',',
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}

export async function sendStatement(db: Queryable, request: FastifyRequest, reply: FastifyReply, contract: ContractRow, format?: string) {
  if (format === 'csv') {
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="statement-${contract.id}.csv"`)
      .send(await statementCsv(db, contract, request));
  }
  const { entries } = await contractStatement(db, contract.id);
  return { currency: contract.currency, entries, totals: accountFigures(entries, await contractMilestones(db, contract.id)) };
}

/** An answer kept with an idempotency key (the first one, or one replayed): its own status and body. */
export function sendAnswer(reply: FastifyReply, answer: Answer) {
  return reply.status(answer.status).send(answer.body);
}
