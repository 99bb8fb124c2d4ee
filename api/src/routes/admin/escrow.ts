import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ESCROW_API_MESSAGES as EM, ADMIN_MESSAGES as A } from 'shared/messages';
import type { AppConfig } from '../../config';
import type { Queryable } from '../../db/database';
import {
  AdminContractListQuerySchema,
  AssignExpertBodySchema,
  ContractFileParamsSchema,
  ContractPageSchema,
  ContractViewSchema,
  DisputeListQuerySchema,
  DisputeListSchema,
  DisputeMessageBodySchema,
  DisputeViewSchema,
  EscrowSummarySchema,
  FileResponseSchema,
  IdParamsSchema,
  InsolvencyBodySchema,
  InsolvencyResultSchema,
  LedgerCheckSchema,
  ResolveBodySchema,
  StatementAnswerSchema,
  StatementQuerySchema,
  errorResponses,
} from 'shared/contract';
import { SIGNED_IN } from '../../accounts/signed-in';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { HttpError } from '../../plugins/error-handler';
import { addNotifications, type NewNotification } from '../../marketplace/notifications';
import { idempotent } from '../../escrow/idempotency';
import { contractMilestones, findContract } from '../../escrow/contracts';
import { disputeView } from '../../escrow/contract-views';
import { addDisputeMessage, resolveDispute, startMediation, type DisputeRow } from '../../escrow/dispute-operations';
import { declareInsolvency } from '../../escrow/insolvency-operations';
import { runLedgerCheck } from '../../escrow/ledger-check-job';
import { notificationMailer } from '../../marketplace/notification-mail';
import { escrowFiles, lockContext, notFound, sendAnswer, sendEscrowFile, sendStatement, viewOf } from '../contracts/contract-access';
import { UUID } from '../projects/project-guards';
import { adminName } from './audit';

const TAGS = ['admin escrow'];
const PAGE_SIZE = 20;

/** The back office's escrow: held funds, contracts, expert assignment, disputes, insolvency and the ledger check. */
export const adminEscrowRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  const files = escrowFiles(app.objectStore);
  const announce = notificationMailer(app, config.publicUrl);
  app.addHook('onRequest', app.requireAdmin);
  const api = app.withTypeProvider<ValibotTypeProvider>();

  api.get(
    '/admin/escrow/summary',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Money held in escrow by currency, and the contracts and disputes that need the team',
        response: { 200: EscrowSummarySchema, ...errorResponses(401) },
      },
    },
    async () => {
      const { rows: held } = await app.db.query<{ currency: string; amount: string }>(
        `SELECT currency, sum(credits_posted - debits_posted) AS amount FROM ledger_accounts WHERE kind = 'escrow' GROUP BY currency ORDER BY currency`,
      );
      const { rows } = await app.db.query<Record<string, string>>(
        `SELECT (SELECT count(*) FROM contracts WHERE status = 'active') AS active_contracts,
              (SELECT count(*) FROM contracts WHERE status = 'frozen') AS frozen_contracts,
              (SELECT count(*) FROM disputes WHERE status <> 'resolved') AS open_disputes,
              (SELECT count(*) FROM contracts WHERE expert_id IS NULL AND status IN ('active', 'frozen')) AS awaiting_expert`,
      );
      const counts = rows[0]!;
      return {
        held: held.map((row) => ({ currency: row.currency, amount: Number(row.amount) })),
        active_contracts: Number(counts.active_contracts),
        frozen_contracts: Number(counts.frozen_contracts),
        open_disputes: Number(counts.open_disputes),
        awaiting_expert: Number(counts.awaiting_expert),
      };
    },
  );

  api.get(
    '/admin/contracts',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Every contract, newest first, twenty a page; by status or those that need an expert',
        querystring: AdminContractListQuerySchema,
        response: { 200: ContractPageSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const query = request.query;
      const where: string[] = [];
      const params: unknown[] = [];
      if (query.status) where.push(`status = $${params.push(query.status)}`);
      if (query.needs === 'expert') where.push("expert_id IS NULL AND status IN ('active', 'frozen')");
      const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
      const { rows: total } = await app.db.query<{ count: string }>(`SELECT count(*) FROM contracts ${filter}`, params);
      const { rows } = await app.db.query<{ id: string }>(
        `SELECT id FROM contracts ${filter} ORDER BY created_at DESC, id LIMIT ${PAGE_SIZE} OFFSET ${(query.page - 1) * PAGE_SIZE}`,
        params,
      );
      const data = [];
      for (const row of rows) data.push(await viewOf(app.db, row.id, 'admin'));
      return { data, total: Number(total[0]!.count), page: query.page, page_size: PAGE_SIZE };
    },
  );

  async function existingContract(request: FastifyRequest, id: string) {
    const contract = UUID.test(id) ? await findContract(app.db, id) : undefined;
    if (!contract) throw notFound(request);
    return contract;
  }

  api.get(
    '/admin/contracts/:id',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'One contract as the team sees it',
        params: IdParamsSchema,
        response: { 200: ContractViewSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => viewOf(app.db, (await existingContract(request, request.params.id)).id, 'admin'),
  );

  api.get(
    '/admin/contracts/:id/statement',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: "A contract's escrow statement, as JSON or CSV",
        params: IdParamsSchema,
        querystring: StatementQuerySchema,
        produces: ['application/json', 'text/csv'],
        response: { 200: StatementAnswerSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => sendStatement(app.db, request, reply, await existingContract(request, request.params.id), request.query.format),
  );

  api.get(
    '/admin/contracts/:id/files/:fileId',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'A photo, report or piece of evidence of a contract',
        params: ContractFileParamsSchema,
        produces: ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'],
        response: { 200: FileResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await existingContract(request, request.params.id);
      return sendEscrowFile(app, files, request, reply, request.params.id, request.params.fileId);
    },
  );

  api.post(
    '/admin/contracts/:id/expert',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Assign a verified expert to inspect the contract (or replace the one assigned)',
        params: IdParamsSchema,
        body: AssignExpertBodySchema,
        response: { 200: ContractViewSchema, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request) => {
      const { expert_id } = request.body;
      const sent: NewNotification[] = [];
      const view = await app.db.transaction(async (tx) => {
        const { ctx } = await lockContext(tx, request, request.params.id);
        const { contract } = ctx;
        if (contract.status === 'completed' || contract.status === 'terminated') throw new HttpError(409, request.t(EM.contractClosed));
        const { rows } = await tx.query<{ id: string; verified: boolean }>(
          `SELECT id, verified_at IS NOT NULL AS verified FROM users
          WHERE id = $1 AND account_type = 'specialist' AND specialist_kind = 'expert' AND status = 'active'`,
          [expert_id],
        );
        const invalid = (message = EM.expertInvalid) => new HttpError(422, request.t(message), { expert_id: [request.t(message)] });
        if (!rows[0] || expert_id === contract.client_id || expert_id === contract.contractor_id) throw invalid();
        // Self-registered and pending experts inspect nothing: their approval is what lets money go.
        if (!rows[0].verified) throw invalid(EM.expertNotVerified);
        await tx.query('UPDATE contracts SET expert_id = $2, updated_at = now() WHERE id = $1', [contract.id, expert_id]);
        // An approval by an expert no longer verified (or suspended) lets nothing be released: the new
        // expert inspects those milestones again.
        await tx.query(
          `UPDATE milestones m SET status = 'submitted', inspection_decision = NULL, inspected_at = NULL, inspected_by = NULL, updated_at = now()
          WHERE m.contract_id = $1 AND m.status = 'approved'
            AND NOT EXISTS (SELECT 1 FROM users e WHERE e.id = m.inspected_by AND e.verified_at IS NOT NULL AND e.status = 'active')`,
          [contract.id],
        );
        const notifications: NewNotification[] = [
          { userId: expert_id, kind: 'expert_assigned', data: { title: ctx.title, contract_id: contract.id }, link: `/main/escrow/${contract.id}` },
        ];
        await addNotifications(tx, notifications);
        sent.push(...notifications);
        return viewOf(tx, contract.id, 'admin');
      });
      announce(sent);
      return view;
    },
  );

  api.get(
    '/admin/disputes',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'The dispute queue, oldest first; by status',
        querystring: DisputeListQuerySchema,
        response: { 200: DisputeListSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const query = request.query;
      const { rows } = await app.db.query<{ id: string }>(
        `SELECT id FROM disputes ${query.status ? 'WHERE status = $1' : ''} ORDER BY opened_at, id LIMIT 200`,
        query.status ? [query.status] : [],
      );
      const data = [];
      for (const row of rows) {
        const view = await disputeView(app.db, row.id, 'admin');
        if (view) data.push(view);
      }
      return { data };
    },
  );

  /** The dispute with its contract locked for the rest of the transaction, or 404. */
  async function lockDispute(tx: Queryable, request: FastifyRequest, disputeId: string) {
    const missing = new HttpError(404, request.t(EM.disputeNotFound));
    if (!UUID.test(disputeId)) throw missing;
    const { rows: found } = await tx.query<{ contract_id: string }>('SELECT contract_id FROM disputes WHERE id = $1', [disputeId]);
    if (!found[0]) throw missing;
    const { ctx } = await lockContext(tx, request, found[0].contract_id);
    const { rows } = await tx.query<DisputeRow>('SELECT * FROM disputes WHERE id = $1', [disputeId]);
    return { ctx, dispute: rows[0]! };
  }

  api.get(
    '/admin/disputes/:id',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'One dispute with its deadlines, messages, evidence and resolution',
        params: IdParamsSchema,
        response: { 200: DisputeViewSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const view = UUID.test(request.params.id) ? await disputeView(app.db, request.params.id, 'admin') : undefined;
      if (!view) throw new HttpError(404, request.t(EM.disputeNotFound));
      return view;
    },
  );

  api.post(
    '/admin/disputes/:id/messages',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'The team writes to both parties in the dispute’s thread',
        params: IdParamsSchema,
        body: DisputeMessageBodySchema,
        response: { 200: DisputeViewSchema, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request) => {
      const { body } = request.body;
      const sent: NewNotification[] = [];
      const view = await app.db.transaction(async (tx) => {
        const { ctx, dispute } = await lockDispute(tx, request, request.params.id);
        const notifications = await addDisputeMessage(tx, ctx, dispute, { name: adminName(request.admin!), role: 'admin' }, body);
        await addNotifications(tx, notifications);
        sent.push(...notifications);
        return disputeView(tx, dispute.id, 'admin');
      });
      announce(sent);
      return view;
    },
  );

  api.post(
    '/admin/disputes/:id/mediation',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Start mediation between the parties',
        params: IdParamsSchema,
        response: { 200: DisputeViewSchema, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) =>
      app.db.transaction(async (tx) => {
        const { dispute } = await lockDispute(tx, request, request.params.id);
        await startMediation(tx, dispute);
        return disputeView(tx, dispute.id, 'admin');
      }),
  );

  api.post(
    '/admin/disputes/:id/resolve',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Split the disputed milestone between the contractor and a refund, and unfreeze the contract (needs an Idempotency-Key)',
        params: IdParamsSchema,
        body: ResolveBodySchema,
        response: { 200: DisputeViewSchema, ...errorResponses(400, 401, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const resolution = request.body;
      const sent: NewNotification[] = [];
      const answer = await idempotent(app, request, `admin:${request.admin!.id}`, config.escrow.idempotencyTtlHours, async (tx) => {
        const { ctx, dispute } = await lockDispute(tx, request, request.params.id);
        const milestone = (await contractMilestones(tx, ctx.contract.id)).find((m) => m.id === dispute.milestone_id)!;
        const resolved = await resolveDispute(ctx, dispute, milestone, {
          contractorAmount: resolution.contractor_amount,
          note: resolution.note,
          adminId: request.admin!.id,
        });
        await addNotifications(tx, resolved.notifications);
        sent.push(...resolved.notifications);
        return { status: 200, body: await disputeView(tx, dispute.id, 'admin') };
      });
      announce(sent);
      return sendAnswer(reply, answer);
    },
  );

  api.post(
    '/admin/contractors/:id/insolvency',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Declare a contractor insolvent: every open contract of theirs freezes until settled',
        params: IdParamsSchema,
        body: InsolvencyBodySchema,
        response: { 200: InsolvencyResultSchema, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request) => {
      const { note } = request.body;
      const missing = new HttpError(404, request.t(A.userNotFound));
      if (!UUID.test(request.params.id)) throw missing;
      const sent: NewNotification[] = [];
      const result = await app.db.transaction(async (tx) => {
        // NO KEY UPDATE queues two declarations for one contractor, yet lets a payment on one of their
        // contracts take the key-share lock its inserts need on the user row (foreign keys) while it
        // holds the contract this declaration waits for: FOR UPDATE would deadlock the two.
        const { rows } = await tx.query<{ account_type: string; specialist_kind: string | null }>(
          'SELECT account_type, specialist_kind FROM users WHERE id = $1 FOR NO KEY UPDATE',
          [request.params.id],
        );
        const user = rows[0];
        if (!user) throw missing;
        if (user.account_type !== 'specialist' || user.specialist_kind === 'expert') throw new HttpError(422, request.t(EM.notContractor));
        const { rows: already } = await tx.query('SELECT 1 FROM insolvencies WHERE contractor_id = $1', [request.params.id]);
        if (already.length > 0) throw new HttpError(409, request.t(EM.alreadyInsolvent));
        const declared = await declareInsolvency(tx, request.params.id, request.admin!.id, note);
        await addNotifications(tx, declared.notifications);
        sent.push(...declared.notifications);
        return { frozen_contracts: declared.frozenContracts };
      });
      announce(sent);
      return result;
    },
  );

  // Incremental: reads what changed since the last passing check, then moves the checkpoint.
  api.get(
    '/admin/ledger/check',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Check the ledger since the last passing check: balances, transfers and what each contract holds',
        response: { 200: LedgerCheckSchema, ...errorResponses(401) },
      },
    },
    async () => {
      const result = await runLedgerCheck(app.db);
      return { ...result, checked_at: new Date().toISOString() };
    },
  );
};
