import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { ESCROW_API_MESSAGES as EM, MARKETPLACE_API_MESSAGES as MM, SITE_RECORD_MESSAGES as SM } from 'shared/messages';
import {
  AnnotationBodySchema,
  ChainVerificationSchema,
  ChangeOrderFieldsSchema,
  ChangeOrderListSchema,
  ChangeOrderSchema,
  DAILY_LOG_GRACE_MINUTES,
  DailyLogEditSchema,
  DailyLogEntrySchema,
  DailyLogFieldsSchema,
  DailyLogListSchema,
  DailyLogParamsSchema,
  IdParamsSchema,
  errorResponses,
  type ContractRole,
} from 'shared/contract';
import type { AppConfig } from '../../config';
import type { Queryable } from '../../db/database';
import { parseWith } from '../../accounts/validate';
import { SIGNED_IN } from '../../accounts/signed-in';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { HttpError, RuleError } from '../../plugins/error-handler';
import { notificationMailer } from '../../marketplace/notification-mail';
import { addNotifications, type NewNotification } from '../../marketplace/notifications';
import { idempotent } from '../../escrow/idempotency';
import { findContract, type ContractRow } from '../../escrow/contracts';
import { roleIn } from '../../escrow/contract-views';
import { readMultipart, type UploadRules } from '../../uploads/multipart-upload';
import { appendRecord, chainHead, verifyChain } from '../../site-record/chain';
import { dailyLogs, editableUntil } from '../../site-record/daily-logs';
import { readPhotoMetadata } from '../../site-record/photo-metadata';
import {
  approveChangeOrder,
  changeOrders,
  declineChangeOrder,
  lockChangeOrder,
  proposeChangeOrder,
  type ChangeOrderRow,
} from '../../site-record/change-orders';
import {
  DOCUMENT_KINDS,
  ESCROW_FILE_MAX_BYTES,
  IMAGE_KINDS,
  escrowFiles,
  lockContext,
  notFound,
  sendAnswer,
  storeEscrowFiles,
} from '../contracts/contract-access';
import { UUID } from '../projects/project-guards';

const TAGS = ['site record'];

const PHOTO_RULES: UploadRules = {
  maxBytes: ESCROW_FILE_MAX_BYTES,
  kinds: IMAGE_KINDS,
  field: 'photos',
  tooLarge: EM.fileTooLarge,
  wrongType: EM.photoType,
  tooMany: SM.tooManyPhotos,
};
const ATTACHMENT_RULES: UploadRules = {
  ...PHOTO_RULES,
  kinds: DOCUMENT_KINDS,
  field: 'attachments',
  wrongType: EM.fileType,
  tooMany: SM.tooManyAttachments,
};

/**
 * The site record of a contract (docs/site-record.md): the timeline of daily
 * logs, change orders and the chain's verification. The parties and the
 * assigned expert read and write the timeline; only the parties propose and
 * answer change orders; anyone else hears 404.
 */
export const siteRecordRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  const files = escrowFiles(app.objectStore);
  const announce = notificationMailer(app, config.publicUrl);
  const ttlHours = config.escrow.idempotencyTtlHours;
  await app.register(multipart, { limits: { fileSize: ESCROW_FILE_MAX_BYTES, files: 6, fields: 10, parts: 16 } });
  app.addHook('preValidation', app.requireUser);
  const api = app.withTypeProvider<ValibotTypeProvider>();
  const userId = (request: FastifyRequest) => request.user!.id;

  /** The caller's contract and role, or 404. */
  async function partyOf(db: Queryable, request: FastifyRequest, contractId: string): Promise<{ contract: ContractRow; role: ContractRole }> {
    if (!UUID.test(contractId)) throw notFound(request);
    const contract = await findContract(db, contractId);
    const role = contract && roleIn(contract, userId(request));
    if (!contract || !role) throw notFound(request);
    return { contract, role };
  }

  /** A change order of one of the caller's contracts, or 404 (never whether it exists elsewhere). */
  async function orderOf(request: FastifyRequest, orderId: string) {
    const missing = new HttpError(404, request.t(SM.changeOrderNotFound));
    if (!UUID.test(orderId)) throw missing;
    const { rows } = await app.db.query<{ contract_id: string }>('SELECT contract_id FROM change_orders WHERE id = $1', [orderId]);
    if (!rows[0]) throw missing;
    const contract = await findContract(app.db, rows[0].contract_id);
    const role = contract && roleIn(contract, userId(request));
    if (!contract || !role) throw missing;
    if (role === 'expert') throw new HttpError(403, request.t(SM.onlyOtherParty));
    return { contractId: contract.id, role };
  }

  /** Writes with files: the files are removed again when the transaction fails. */
  async function withFiles<T>(work: (tx: Queryable, saved: string[]) => Promise<T>): Promise<T> {
    const saved: string[] = [];
    try {
      return await app.db.transaction((tx) => work(tx, saved));
    } catch (error) {
      await Promise.all(saved.map((name) => files.remove(name)));
      throw error;
    }
  }

  api.get(
    '/contracts/:id/daily-logs',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary:
          "The contract's timeline: entries with photos (capture time and position from EXIF) and annotations, newest first, and the chain's head",
        params: IdParamsSchema,
        response: { 200: DailyLogListSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { contract, role } = await partyOf(app.db, request, request.params.id);
      return {
        data: await dailyLogs(app.db, contract.id, role, userId(request)),
        chain: await chainHead(app.db, contract.id),
        can_write: true,
      };
    },
  );

  api.post(
    '/contracts/:id/daily-logs',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'A party or the assigned expert records what happened on site, with up to six photos',
        description:
          'Multipart: `body` beside up to six `photos` (PNG, JPEG, GIF or WebP, 10 MB each). Each photo keeps its EXIF capture time and GPS position.',
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        response: { 201: DailyLogEntrySchema, ...errorResponses(401, 404, 413, 422) },
      },
    },
    async (request, reply) => {
      await partyOf(app.db, request, request.params.id);
      const { fields, files: photos } = await readMultipart(request, PHOTO_RULES);
      const { body } = parseWith(DailyLogFieldsSchema, fields, request);
      const metadata = await Promise.all(photos.map((photo) => readPhotoMetadata(photo.data)));
      const entryId = await withFiles(async (tx, saved) => {
        const { ctx } = await lockContext(tx, request, request.params.id);
        const role = roleIn(ctx.contract, userId(request));
        if (!role || role === 'admin') throw notFound(request);
        const { rows } = await tx.query<{ id: string }>(
          'INSERT INTO daily_logs (contract_id, author_id, author_role, body) VALUES ($1, $2, $3, $4) RETURNING id',
          [ctx.contract.id, userId(request), role, body],
        );
        const id = rows[0]!.id;
        await storeEscrowFiles(
          files,
          tx,
          saved,
          { contractId: ctx.contract.id, dailyLogId: id, purpose: 'daily_log', uploaderId: userId(request) },
          photos,
          metadata,
        );
        await appendRecord(tx, ctx.contract.id, 'daily_log', id);
        return id;
      });
      const { role } = await partyOf(app.db, request, request.params.id);
      const entry = (await dailyLogs(app.db, request.params.id, role, userId(request))).find((row) => row.id === entryId)!;
      return reply.status(201).send(entry);
    },
  );

  /** The entry of the contract, locked, or 404. */
  async function lockEntry(tx: Queryable, request: FastifyRequest, contractId: string, entryId: string) {
    const missing = new HttpError(404, request.t(SM.entryNotFound));
    if (!UUID.test(entryId)) throw missing;
    const { rows } = await tx.query<{ id: string; author_id: string; created_at: Date }>(
      'SELECT id, author_id, created_at FROM daily_logs WHERE id = $1 AND contract_id = $2 FOR UPDATE',
      [entryId, contractId],
    );
    if (!rows[0]) throw missing;
    return rows[0];
  }

  api.patch(
    '/contracts/:id/daily-logs/:entryId',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: `The author corrects an entry, within ${DAILY_LOG_GRACE_MINUTES} minutes of writing it; after that it is final`,
        params: DailyLogParamsSchema,
        body: DailyLogEditSchema,
        response: { 200: DailyLogEntrySchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
      preValidation: async (request) => {
        await partyOf(app.db, request, request.params.id);
      },
    },
    async (request) => {
      const { role } = await partyOf(app.db, request, request.params.id);
      await app.db.transaction(async (tx) => {
        const entry = await lockEntry(tx, request, request.params.id, request.params.entryId);
        if (entry.author_id !== userId(request)) throw new RuleError(403, SM.notYourEntry);
        const { rows } = await tx.query<{ now: Date }>('SELECT clock_timestamp() AS now');
        if (rows[0]!.now >= editableUntil(entry.created_at)) throw new RuleError(409, SM.editWindowClosed, { minutes: DAILY_LOG_GRACE_MINUTES });
        await tx.query('UPDATE daily_logs SET body = $2, edited_at = clock_timestamp() WHERE id = $1', [entry.id, request.body.body]);
        // The correction is a new record: the first version stays in the chain.
        await appendRecord(tx, request.params.id, 'daily_log', entry.id);
      });
      return (await dailyLogs(app.db, request.params.id, role, userId(request))).find((row) => row.id === request.params.entryId)!;
    },
  );

  api.post(
    '/contracts/:id/daily-logs/:entryId/annotations',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'A party or the assigned expert annotates an entry (entries themselves are final after the grace period)',
        params: DailyLogParamsSchema,
        body: AnnotationBodySchema,
        response: { 201: DailyLogEntrySchema, ...errorResponses(401, 404, 422) },
      },
      preValidation: async (request) => {
        await partyOf(app.db, request, request.params.id);
      },
    },
    async (request, reply) => {
      const { role } = await partyOf(app.db, request, request.params.id);
      await app.db.transaction(async (tx) => {
        const entry = await lockEntry(tx, request, request.params.id, request.params.entryId);
        const { rows } = await tx.query<{ id: string }>(
          'INSERT INTO daily_log_annotations (daily_log_id, author_id, author_role, body) VALUES ($1, $2, $3, $4) RETURNING id',
          [entry.id, userId(request), role, request.body.body],
        );
        await appendRecord(tx, request.params.id, 'annotation', rows[0]!.id);
      });
      const entry = (await dailyLogs(app.db, request.params.id, role, userId(request))).find((row) => row.id === request.params.entryId)!;
      return reply.status(201).send(entry);
    },
  );

  api.get(
    '/contracts/:id/daily-logs/verify',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: "Recomputes the contract's chain (entries, photos, change orders, inspections, releases) and names the first broken link",
        params: IdParamsSchema,
        response: { 200: ChainVerificationSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { contract } = await partyOf(app.db, request, request.params.id);
      return verifyChain(app.db, files, contract.id);
    },
  );

  api.get(
    '/contracts/:id/change-orders',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: "The contract's change orders, newest first",
        params: IdParamsSchema,
        response: { 200: ChangeOrderListSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { contract, role } = await partyOf(app.db, request, request.params.id);
      return { data: await changeOrders(app.db, contract, role, userId(request)) };
    },
  );

  api.post(
    '/contracts/:id/change-orders',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'A party proposes a change of the milestone plan; the other party answers before the answer date',
        description:
          'Multipart: `title`, `reason`, `new_end_date` (optional, YYYY-MM-DD), `respond_within_days` (1 to 30, 7 by default) and `lines`, a JSON array of `{ milestone_id, amount_delta }` (a price difference) or `{ title, amount_delta }` (a new milestone), beside up to five `attachments` (PDF or image).',
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        response: { 201: ChangeOrderSchema, ...errorResponses(401, 403, 404, 409, 413, 422) },
      },
    },
    async (request, reply) => {
      const { role } = await partyOf(app.db, request, request.params.id);
      if (role !== 'client' && role !== 'contractor') throw new HttpError(403, request.t(MM.forbidden));
      const { fields, files: attachments } = await readMultipart(request, ATTACHMENT_RULES);
      if (attachments.length > 5) throw new HttpError(422, request.t(SM.tooManyAttachments), { attachments: [request.t(SM.tooManyAttachments)] });
      const proposal = parseWith(ChangeOrderFieldsSchema, fields, request);
      const sent: NewNotification[] = [];
      const orderId = await withFiles(async (tx, saved) => {
        const { ctx } = await lockContext(tx, request, request.params.id);
        const proposed = await proposeChangeOrder(ctx, userId(request), role, proposal);
        await storeEscrowFiles(
          files,
          tx,
          saved,
          { contractId: ctx.contract.id, changeOrderId: proposed.id, purpose: 'change_order', uploaderId: userId(request) },
          attachments,
        );
        await appendRecord(tx, ctx.contract.id, 'change_order', proposed.id);
        await addNotifications(tx, proposed.notifications);
        sent.push(...proposed.notifications);
        return proposed.id;
      });
      announce(sent);
      const contract = (await findContract(app.db, request.params.id))!;
      return reply.status(201).send((await changeOrders(app.db, contract, role, userId(request), orderId))[0]!);
    },
  );

  /** Approve or decline, one transaction on the locked contract; the answer is kept with the Idempotency-Key. */
  async function answer(request: FastifyRequest, orderId: string, decide: typeof approveChangeOrder) {
    const { contractId, role } = await orderOf(request, orderId);
    const sent: NewNotification[] = [];
    const answered = await idempotent(app, request, `user:${userId(request)}`, ttlHours, async (tx) => {
      const { ctx } = await lockContext(tx, request, contractId);
      const order: ChangeOrderRow | undefined = await lockChangeOrder(tx, contractId, orderId);
      if (!order) throw new HttpError(404, request.t(SM.changeOrderNotFound));
      const notifications = await decide(ctx, order, userId(request));
      await addNotifications(tx, notifications);
      sent.push(...notifications);
      const contract = (await findContract(tx, contractId))!;
      return { status: 200, body: (await changeOrders(tx, contract, role, userId(request), order.id))[0]! };
    });
    announce(sent);
    return answered;
  }

  for (const [action, decide] of [
    ['approve', approveChangeOrder],
    ['decline', declineChangeOrder],
  ] as const) {
    api.post(
      `/change-orders/:id/${action}`,
      {
        schema: {
          tags: TAGS,
          security: SIGNED_IN,
          summary:
            action === 'approve'
              ? 'The other party approves: the milestone plan changes at once, a decrease of money held is refunded (needs an Idempotency-Key)'
              : 'The other party declines: nothing changes (needs an Idempotency-Key)',
          params: IdParamsSchema,
          response: { 200: ChangeOrderSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request, reply) => sendAnswer(reply, await answer(request, request.params.id, decide)),
    );
  }
};
