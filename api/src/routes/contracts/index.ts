import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { API_MESSAGES as M, ESCROW_API_MESSAGES as EM, MARKETPLACE_API_MESSAGES as MM, PAYIN_MESSAGES as PI } from 'shared/messages';
import type { AppConfig } from '../../config';
import { prepared, type Queryable } from '../../db/database';
import { parseWith } from '../../accounts/validate';
import { SIGNED_IN } from '../../accounts/signed-in';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { HttpError } from '../../plugins/error-handler';
import { notificationMailer } from '../../marketplace/notification-mail';
import { addNotifications, type NewNotification } from '../../marketplace/notifications';
import { readMultipart, type UploadRules } from '../../uploads/multipart-upload';
import { idempotencyKeyOf, idempotent, requestHash, type Answer } from '../../escrow/idempotency';
import { abandonIntent, type PaymentIntent } from '../../escrow/card-payments';
import { PayinUnavailableError, type PayinStart } from '../../payments/payin-provider';
import { closeIntent, latestIntent, payinView, settlePayin, type PayinIntent, type PayinProviders } from '../../payments/payins/payin-service';
import { completeMilestone, inspectMilestone, type ContractContext } from '../../escrow/operations';
import { FUND_BEGIN, RELEASE, moneyCall, type MoneyAnswer } from '../../escrow/payment-calls';
import { addDisputeMessage, openDispute, type DisputeRow } from '../../escrow/dispute-operations';
import { estimateMilestone, recommendedReplacements, settleInsolvency } from '../../escrow/insolvency-operations';
import { contractView, disputeView, findContractDetail, renderAnswer, roleIn } from '../../escrow/contract-views';
import { findContract, type MilestoneRow } from '../../escrow/contracts';
import {
  CompletionFieldsSchema,
  ContractFileParamsSchema,
  ContractListSchema,
  ContractMilestoneParamsSchema,
  ContractViewSchema,
  DisputeFieldsSchema,
  DisputeMessageBodySchema,
  DisputeViewSchema,
  EstimateFieldsSchema,
  FileResponseSchema,
  FundBodySchema,
  FundingSchema,
  FundingStartedSchema,
  PayinViewSchema,
  IdParamsSchema,
  InspectionFieldsSchema,
  ReleaseSchema,
  ReplacementListSchema,
  ReviewBodySchema,
  ReviewViewSchema,
  SettlementBodySchema,
  SettlementSchema,
  StatementAnswerSchema,
  StatementQuerySchema,
  errorResponses,
  type ContractRole,
} from 'shared/contract';
import {
  DOCUMENT_KINDS,
  ESCROW_FILE_MAX_BYTES,
  IMAGE_KINDS,
  escrowFiles,
  lockContext,
  notFound,
  sendEscrowFile,
  sendAnswer,
  sendStatement,
  storeEscrowFiles,
  viewOf,
} from './contract-access';
import { UUID } from '../projects/project-guards';
import { isApiLocale } from '../../i18n/server-i18n';

/** The contract a route names, and its milestone when it names one. */
type Target = { id: string; milestoneId?: string };

const TAGS = ['escrow'];

const PHOTO_RULES: UploadRules = {
  maxBytes: ESCROW_FILE_MAX_BYTES,
  kinds: IMAGE_KINDS,
  field: 'photos',
  tooLarge: EM.fileTooLarge,
  wrongType: EM.photoType,
  tooMany: EM.tooManyPhotos,
};
const REPORT_RULES: UploadRules = { ...PHOTO_RULES, kinds: DOCUMENT_KINDS, field: 'report', wrongType: EM.fileType, tooMany: EM.tooManyEvidence };
const EVIDENCE_RULES: UploadRules = { ...REPORT_RULES, field: 'evidence' };

/**
 * The client area's escrow: contracts and their milestones, payments into
 * escrow, completion, inspection, release, disputes, insolvency settlement
 * and reviews. Money-moving calls are idempotent.
 */
export const contractRoutes: FastifyPluginAsync<{ config: AppConfig; payins: PayinProviders }> = async (app, { config, payins }) => {
  const files = escrowFiles(app.objectStore);
  const announce = notificationMailer(app, config.publicUrl);
  const ttlHours = config.escrow.idempotencyTtlHours;
  await app.register(multipart, { limits: { fileSize: ESCROW_FILE_MAX_BYTES, files: 6, fields: 10, parts: 16 } });
  // Before the schemas: a stranger hears 401, never what was wrong with the request.
  app.addHook('preValidation', app.requireUser);
  const api = app.withTypeProvider<ValibotTypeProvider>();

  const userId = (request: FastifyRequest) => request.user!.id;

  /** The viewer's role on a contract they may see, or 404. */
  async function roleFor(db: Queryable, request: FastifyRequest, contractId: string): Promise<ContractRole> {
    if (!UUID.test(contractId)) throw notFound(request);
    const contract = await findContract(db, contractId);
    const role = contract && roleIn(contract, userId(request));
    if (!role) throw notFound(request);
    return role;
  }

  const refuse = (request: FastifyRequest, allowed: ContractRole[]) =>
    new HttpError(403, request.t(allowed.includes('expert') ? EM.notAssignedExpert : MM.forbidden));

  /** Checked before the body is read: strangers get 404, parties in the wrong role 403. */
  async function guard(request: FastifyRequest, contractId: string, allowed: ContractRole[]): Promise<ContractRole> {
    const role = await roleFor(app.db, request, contractId);
    if (!allowed.includes(role)) throw refuse(request, allowed);
    return role;
  }

  /**
   * One state change of a contract in one transaction: lock it, check the
   * caller's role, run `work`, record its notifications, answer with the
   * contract as the caller sees it.
   */
  async function change(
    tx: Queryable,
    request: FastifyRequest,
    target: Target,
    wanted: ContractRole | ContractRole[],
    work: (ctx: ContractContext, milestone: MilestoneRow | undefined, role: ContractRole) => Promise<NewNotification[]>,
    sent: NewNotification[],
  ) {
    const { ctx, milestone } = await lockContext(tx, request, target.id, target.milestoneId);
    const role = roleIn(ctx.contract, userId(request));
    if (!role) throw notFound(request);
    const allowed = [wanted].flat();
    // Again under the lock: an expert may have been replaced since the guard looked.
    if (!allowed.includes(role)) throw refuse(request, allowed);
    const notifications = await work(ctx, milestone, role);
    await addNotifications(tx, notifications);
    sent.push(...notifications);
    return viewOf(tx, ctx.contract.id, role);
  }

  /** A change carrying files: the files are written first and removed again if the transaction fails. */
  async function changeWithFiles(
    request: FastifyRequest,
    target: Target,
    wanted: ContractRole | ContractRole[],
    work: (ctx: ContractContext, milestone: MilestoneRow | undefined, role: ContractRole, saved: string[]) => Promise<NewNotification[]>,
  ) {
    const saved: string[] = [];
    const sent: NewNotification[] = [];
    try {
      const view = await app.db.transaction((tx) =>
        change(tx, request, target, wanted, (ctx, milestone, role) => work(ctx, milestone, role, saved), sent),
      );
      announce(sent);
      return view;
    } catch (error) {
      await Promise.all(saved.map((name) => files.remove(name)));
      throw error;
    }
  }

  api.get(
    '/contracts',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: "The caller's contracts (as client, contractor or assigned expert), newest first",
        response: { 200: ContractListSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { rows } = await app.db.query<{ id: string }>(
        `SELECT id FROM contracts WHERE client_id = $1 OR contractor_id = $1 OR expert_id = $1 ORDER BY created_at DESC, id LIMIT 100`,
        [userId(request)],
      );
      const data = [];
      for (const row of rows) {
        const detail = (await findContractDetail(app.db, row.id))!;
        data.push(await contractView(app.db, detail, roleIn(detail, userId(request))!));
      }
      return { data };
    },
  );

  api.get(
    '/contracts/:id',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'One contract as the caller sees it: milestones, escrow account, dispute, insolvency, review',
        params: IdParamsSchema,
        response: { 200: ContractViewSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => viewOf(app.db, request.params.id, await roleFor(app.db, request, request.params.id)),
  );

  api.get(
    '/contracts/:id/statement',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: "The escrow account's movements with the balance after each, as JSON or CSV",
        params: IdParamsSchema,
        querystring: StatementQuerySchema,
        produces: ['application/json', 'text/csv'],
        response: { 200: StatementAnswerSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      // Every party reads it, the assigned expert too: what was paid in and out is part of what they inspect.
      await roleFor(app.db, request, request.params.id);
      return sendStatement(app.db, request, reply, (await findContract(app.db, request.params.id))!, request.query.format);
    },
  );

  api.get(
    '/contracts/:id/files/:fileId',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'A photo, report or piece of evidence of the contract',
        params: ContractFileParamsSchema,
        produces: ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'],
        response: { 200: FileResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await roleFor(app.db, request, request.params.id);
      return sendEscrowFile(app, files, request, reply, request.params.id, request.params.fileId);
    },
  );

  /** The provider's details of an intent; no trigger announces it, so it does not wait for the listening connections. */
  const INTENT_STARTED = prepared(
    `UPDATE payment_intents SET method = $2, provider = $3, redirect_url = $4, expires_at = $5, card_last4 = coalesce(card_last4, $6), updated_at = now()
      WHERE id = $1 RETURNING *`,
    { announces: false },
  );

  /**
   * Funding through the pay-in provider, in steps (see card-payments and
   * payins/payin-service): the key, the checks and the payment intent in one
   * call to the database; the provider's pay-in opened with the intent's key,
   * outside any transaction; the client sent to the provider's hosted page
   * (card) or asked to approve on their phone (mobile money). The posting
   * follows the provider's confirmation (webhook, return from the page, or
   * the reconciliation round), once. A retry with the same key answers the
   * same pay-in while it waits, then the funding's answer (a decline included).
   */
  api.post(
    '/contracts/:id/milestones/:milestoneId/fund',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Pay a milestone into escrow through the payment provider, or from the contract’s credit (needs an Idempotency-Key)',
        description:
          'No card data: 202 answers the provider’s hosted page to send the client to (card) or the wait for the approval on the phone (mobile money); the milestone is funded when the provider confirms. 200 when the contract’s credit paid for it all, or on a retry once funded. A retry with the same key never opens a second payment.',
        params: ContractMilestoneParamsSchema,
        body: FundBodySchema,
        response: { 200: FundingSchema, 202: FundingStartedSchema, ...errorResponses(400, 401, 402, 403, 404, 409, 422, 502) },
      },
      // The guard runs in the payment's own call; only a request refused for its body asks it apart, so a
      // stranger still hears 404 and never what was wrong with the body.
      attachValidation: true,
    },
    async (request, reply) => {
      if (request.validationError) {
        await guard(request, request.params.id, ['client']);
        throw request.validationError;
      }
      if (!UUID.test(request.params.id)) throw notFound(request);
      const body = request.body;
      const scope = `user:${userId(request)}`;
      let key: string;
      try {
        key = idempotencyKeyOf(request);
      } catch (error) {
        // Without a valid key, the guard's refusal still comes first.
        await guard(request, request.params.id, ['client']);
        throw error;
      }
      const provider = payins.forMethod(body.method);
      if (!provider) {
        await guard(request, request.params.id, ['client']);
        throw new HttpError(422, request.t(M.invalidFields), { method: [request.t(PI.methodUnavailable)] });
      }
      const hash = requestHash(request, body);
      const sent: NewNotification[] = [];
      const send = (answer: Answer) => {
        announce(sent);
        return sendAnswer(reply, answer);
      };

      // Up to the provider in one call (`escrow_fund_begin`): the key, the lock, the checks and the intent,
      // or the whole funding when the contract's credit pays for it.
      const begun = await moneyCall<{ answer?: Answer; notifications?: NewNotification[]; intent?: Record<string, unknown>; title?: string }>(
        app.db,
        FUND_BEGIN,
        [
          scope,
          key,
          hash,
          ttlHours,
          request.params.id,
          UUID.test(request.params.milestoneId) ? request.params.milestoneId : null,
          userId(request),
          true,
          `pi_${randomUUID()}`,
          request.locale,
        ],
      );
      sent.push(...(begun.notifications ?? []));
      if (begun.answer) return send(await renderAnswer(app.db, begun.answer));

      // A payment intent, new or left by a call that was cut off: the provider's pay-in is opened (or found) next.
      const intent: PaymentIntent = { ...(begun.intent as unknown as PaymentIntent), amount: Number(begun.intent!.amount) };
      if (intent.status !== 'created') throw new HttpError(409, request.t(EM.paymentPending));
      const phone = body.method === 'mobile_money' ? body.phone : undefined;
      let start: PayinStart;
      try {
        start = await provider.createPayin({
          reference: intent.provider_key,
          amount: intent.amount,
          currency: intent.currency,
          method: body.method,
          ...(body.method === 'mobile_money' ? { phone: body.phone, operator: body.operator } : {}),
          description: begun.title ?? '',
          returnUrl: `${config.publicUrl}/main/escrow/${intent.contract_id}?payment=${intent.milestone_id}`,
          locale: isApiLocale(intent.locale) ? intent.locale : 'en',
        });
      } catch (error) {
        if (!(error instanceof PayinUnavailableError)) throw error;
        await abandonIntent(app.db, intent);
        throw new HttpError(502, request.t(EM.providerFailed));
      }
      if (start.kind === 'rejected') {
        await closeIntent(app.db, intent, 'failed', start.reason);
        throw new HttpError(422, request.t(M.invalidFields), { phone: [request.t(PI.phoneRejected)] });
      }
      const { rows } = await app.db.query<PayinIntent>(INTENT_STARTED, [
        intent.id,
        body.method,
        provider.name,
        start.kind === 'redirect' ? start.url : null,
        start.expiresAt,
        phone ? phone.slice(-4) : null,
      ]);
      return reply.status(202).send({ payment: payinView(rows[0], request.t, false) });
    },
  );

  api.get(
    '/contracts/:id/milestones/:milestoneId/payment',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Where the milestone’s latest payment stands at the provider (the client’s page asks while it waits)',
        description:
          'A payment still waiting is looked up at the provider first: the client coming back from the hosted page sees it funded even before the webhook arrives, and it is posted once whichever comes first.',
        params: ContractMilestoneParamsSchema,
        response: { 200: PayinViewSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await guard(request, request.params.id, ['client']);
      if (!UUID.test(request.params.milestoneId)) throw new HttpError(404, request.t(EM.milestoneNotFound));
      const milestoneStatus = async () =>
        (
          await app.db.query<{ status: string }>('SELECT status FROM milestones WHERE id = $1 AND contract_id = $2', [
            request.params.milestoneId,
            request.params.id,
          ])
        ).rows[0]?.status;
      if (!(await milestoneStatus())) throw new HttpError(404, request.t(EM.milestoneNotFound));
      let intent = await latestIntent(app.db, request.params.milestoneId);
      const provider = intent && (payins.byName(intent.provider ?? '') ?? payins.forMethod(intent.method));
      if (intent?.status === 'created' && provider) {
        const payin = await provider.payinStatus(intent.provider_key);
        if (payin && payin.state !== 'pending') {
          announce((await settlePayin(app.db, payin)).notifications);
          intent = await latestIntent(app.db, request.params.milestoneId);
        }
      }
      return payinView(intent, request.t, (await milestoneStatus()) !== 'draft');
    },
  );

  api.post(
    '/contracts/:id/milestones/:milestoneId/release',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Pay an approved milestone out of escrow to the contractor, with the expert’s and the platform’s fees (needs an Idempotency-Key)',
        params: ContractMilestoneParamsSchema,
        response: { 200: ReleaseSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      if (!UUID.test(request.params.id)) throw notFound(request);
      let key: string;
      try {
        key = idempotencyKeyOf(request);
      } catch (error) {
        // Without a valid key, the guard's refusal still comes first.
        await guard(request, request.params.id, ['client']);
        throw error;
      }
      // The whole release in one call (`escrow_release`): the guard, the key, the lock, the checks, the money, the answer.
      const released = await moneyCall<MoneyAnswer>(app.db, RELEASE, [
        `user:${userId(request)}`,
        key,
        requestHash(request, request.body),
        ttlHours,
        request.params.id,
        UUID.test(request.params.milestoneId) ? request.params.milestoneId : null,
        userId(request),
      ]);
      const sent = released.notifications;
      const answer = await renderAnswer(app.db, released.answer);
      announce(sent);
      return sendAnswer(reply, answer);
    },
  );

  api.post(
    '/contracts/:id/milestones/:milestoneId/complete',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'The contractor marks the work done, with notes and photos',
        description: 'Multipart: the fields of `CompletionFields` beside up to six `photos` (PNG, JPEG, GIF or WebP, 10 MB each).',
        consumes: ['multipart/form-data'],
        params: ContractMilestoneParamsSchema,
        response: { 200: ContractViewSchema, ...errorResponses(401, 403, 404, 409, 413, 422) },
      },
    },
    async (request) => {
      await guard(request, request.params.id, ['contractor']);
      const { fields, files: photos } = await readMultipart(request, PHOTO_RULES);
      const { notes } = parseWith(CompletionFieldsSchema, fields, request);
      return changeWithFiles(request, request.params, 'contractor', async (ctx, milestone, _role, saved) => {
        const notifications = await completeMilestone(ctx, milestone!, notes);
        await storeEscrowFiles(
          files,
          ctx.tx,
          saved,
          { contractId: ctx.contract.id, milestoneId: milestone!.id, purpose: 'photo', uploaderId: userId(request) },
          photos,
        );
        return notifications;
      });
    },
  );

  api.post(
    '/contracts/:id/milestones/:milestoneId/inspection',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'The assigned expert approves the work or asks for changes, with a report',
        description: 'Multipart: the fields of `InspectionFields` beside one `report` (PDF or image, 10 MB).',
        consumes: ['multipart/form-data'],
        params: ContractMilestoneParamsSchema,
        response: { 200: ContractViewSchema, ...errorResponses(401, 403, 404, 409, 413, 422) },
      },
    },
    async (request) => {
      await guard(request, request.params.id, ['expert']);
      const { fields, files: reports } = await readMultipart(request, REPORT_RULES);
      const { decision, notes } = parseWith(InspectionFieldsSchema, fields, request);
      if (reports.length !== 1) throw new HttpError(422, request.t(EM.reportRequired), { report: [request.t(EM.reportRequired)] });
      return changeWithFiles(request, request.params, 'expert', async (ctx, milestone, _role, saved) => {
        const notifications = await inspectMilestone(ctx, milestone!, userId(request), decision, notes, config.escrow.autoReleaseDays);
        await storeEscrowFiles(
          files,
          ctx.tx,
          saved,
          { contractId: ctx.contract.id, milestoneId: milestone!.id, purpose: 'report', uploaderId: userId(request) },
          reports,
        );
        return notifications;
      });
    },
  );

  api.post(
    '/contracts/:id/milestones/:milestoneId/estimate',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'The assigned expert estimates what an insolvent contractor is owed, with a report',
        description: 'Multipart: the fields of `EstimateFields` beside one `report` (PDF or image, 10 MB).',
        consumes: ['multipart/form-data'],
        params: ContractMilestoneParamsSchema,
        response: { 200: ContractViewSchema, ...errorResponses(401, 403, 404, 409, 413, 422) },
      },
    },
    async (request) => {
      await guard(request, request.params.id, ['expert']);
      const { fields, files: reports } = await readMultipart(request, REPORT_RULES);
      const { owed_amount, notes } = parseWith(EstimateFieldsSchema, fields, request);
      if (reports.length !== 1) throw new HttpError(422, request.t(EM.reportRequired), { report: [request.t(EM.reportRequired)] });
      return changeWithFiles(request, request.params, 'expert', async (ctx, milestone, _role, saved) => {
        const notifications = await estimateMilestone(ctx, milestone!, userId(request), owed_amount, notes);
        await storeEscrowFiles(
          files,
          ctx.tx,
          saved,
          { contractId: ctx.contract.id, milestoneId: milestone!.id, purpose: 'estimate', uploaderId: userId(request) },
          reports,
        );
        return notifications;
      });
    },
  );

  api.post(
    '/contracts/:id/milestones/:milestoneId/disputes',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'A party opens a dispute on a milestone in escrow: the contract freezes',
        description: 'Multipart: the fields of `DisputeFields` beside up to five pieces of `evidence` (PDF or image, 10 MB each).',
        consumes: ['multipart/form-data'],
        params: ContractMilestoneParamsSchema,
        response: { 201: ContractViewSchema, ...errorResponses(401, 403, 404, 409, 413, 422) },
      },
    },
    async (request, reply) => {
      await guard(request, request.params.id, ['client', 'contractor']);
      const { fields, files: evidence } = await readMultipart(request, EVIDENCE_RULES);
      const { reason } = parseWith(DisputeFieldsSchema, fields, request);
      if (evidence.length > 5) throw new HttpError(422, request.t(EM.tooManyEvidence), { evidence: [request.t(EM.tooManyEvidence)] });
      const view = await changeWithFiles(request, request.params, ['client', 'contractor'], async (ctx, milestone, _role, saved) => {
        const opened = await openDispute(ctx, milestone!, userId(request), reason);
        await storeEscrowFiles(
          files,
          ctx.tx,
          saved,
          { contractId: ctx.contract.id, disputeId: opened.disputeId, purpose: 'evidence', uploaderId: userId(request) },
          evidence,
        );
        return opened.notifications;
      });
      return reply.status(201).send(view);
    },
  );

  /** A dispute of the caller's contract, or 404. */
  async function partyDispute(request: FastifyRequest, disputeId: string, db: Queryable) {
    const missing = new HttpError(404, request.t(EM.disputeNotFound));
    if (!UUID.test(disputeId)) throw missing;
    const { rows } = await db.query<DisputeRow & { client_id: string; contractor_id: string }>(
      'SELECT d.*, c.client_id, c.contractor_id FROM disputes d JOIN contracts c ON c.id = d.contract_id WHERE d.id = $1',
      [disputeId],
    );
    const dispute = rows[0];
    if (!dispute || (dispute.client_id !== userId(request) && dispute.contractor_id !== userId(request))) throw missing;
    return { dispute, role: dispute.client_id === userId(request) ? ('client' as const) : ('contractor' as const) };
  }

  api.get(
    '/disputes/:id',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'A dispute of one of the caller’s contracts, with its deadlines, messages and evidence',
        params: IdParamsSchema,
        response: { 200: DisputeViewSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { dispute, role } = await partyDispute(request, request.params.id, app.db);
      return disputeView(app.db, dispute.id, role);
    },
  );

  api.post(
    '/disputes/:id/messages',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'A party writes in the dispute’s thread',
        params: IdParamsSchema,
        body: DisputeMessageBodySchema,
        response: { 200: DisputeViewSchema, ...errorResponses(401, 404, 409, 422) },
      },
      preValidation: async (request) => {
        await partyDispute(request, request.params.id, app.db);
      },
    },
    async (request) => {
      const { body } = request.body;
      const sent: NewNotification[] = [];
      const view = await app.db.transaction(async (tx) => {
        const { dispute, role } = await partyDispute(request, request.params.id, tx);
        const { ctx } = await lockContext(tx, request, dispute.contract_id);
        const user = request.user!;
        const notifications = await addDisputeMessage(
          tx,
          ctx,
          dispute,
          { name: `${user.first_name} ${user.last_name}`, role, userId: user.id },
          body,
        );
        await addNotifications(tx, notifications);
        sent.push(...notifications);
        return disputeView(tx, dispute.id, role);
      });
      announce(sent);
      return view;
    },
  );

  api.post(
    '/contracts/:id/review',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'The client rates the contractor once every milestone is released',
        params: IdParamsSchema,
        body: ReviewBodySchema,
        response: { 201: ReviewViewSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
      preValidation: async (request) => {
        await guard(request, request.params.id, ['client']);
      },
    },
    async (request, reply) => {
      const review = request.body;
      const sent: NewNotification[] = [];
      const saved = await app.db.transaction(async (tx) => {
        const { ctx } = await lockContext(tx, request, request.params.id);
        const view = await viewOf(tx, ctx.contract.id, 'client');
        if (view.review) throw new HttpError(409, request.t(EM.alreadyReviewed));
        if (!view.can_review) throw new HttpError(409, request.t(EM.reviewNotAllowed));
        const { rows } = await tx.query<{ rating: number; body: string; created_at: Date }>(
          'INSERT INTO reviews (contract_id, client_id, contractor_id, rating, body) VALUES ($1, $2, $3, $4, $5) RETURNING rating, body, created_at',
          [ctx.contract.id, ctx.contract.client_id, ctx.contract.contractor_id, review.rating, review.body],
        );
        const notifications: NewNotification[] = [
          {
            userId: ctx.contract.contractor_id,
            kind: 'review_received',
            data: { title: ctx.title, rating: review.rating, contract_id: ctx.contract.id },
            link: `/main/specialists/${ctx.contract.contractor_id}`,
          },
        ];
        await addNotifications(tx, notifications);
        sent.push(...notifications);
        return rows[0]!;
      });
      announce(sent);
      return reply.status(201).send({ rating: Number(saved.rating), body: saved.body, created_at: new Date(saved.created_at).toISOString() });
    },
  );

  api.get(
    '/contracts/:id/replacements',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Verified contractors of the same trade and area who could take over from an insolvent one',
        params: IdParamsSchema,
        response: { 200: ReplacementListSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await guard(request, request.params.id, ['client']);
      return { data: await recommendedReplacements(app.db, request.params.id) };
    },
  );

  api.post(
    '/contracts/:id/settlement',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'The client settles an insolvency: the estimates are paid, the rest refunded or carried to a replacement (needs an Idempotency-Key)',
        params: IdParamsSchema,
        body: SettlementBodySchema,
        response: { 200: SettlementSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
      preValidation: async (request) => {
        await guard(request, request.params.id, ['client']);
      },
    },
    async (request, reply) => {
      const settlement = request.body;
      const sent: NewNotification[] = [];
      const answer = await idempotent(app, request, `user:${userId(request)}`, ttlHours, async (tx) => {
        let newContractId: string | null = null;
        const contract = await change(
          tx,
          request,
          request.params,
          'client',
          async (ctx) => {
            const settled = await settleInsolvency(ctx, settlement.choice, settlement.replacement_contractor_id ?? null);
            newContractId = settled.newContractId;
            return settled.notifications;
          },
          sent,
        );
        return { status: 200, body: { contract, new_contract_id: newContractId } };
      });
      announce(sent);
      return sendAnswer(reply, answer);
    },
  );
};
