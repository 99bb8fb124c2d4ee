import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { requireTwoFactorForPayouts } from '../../accounts/two-factor-guard';
import { ESCROW_API_MESSAGES as EM, PAYOUT_MESSAGES as PM } from 'shared/messages';
import {
  AdminPayoutListQuerySchema,
  AdminPayoutPageSchema,
  AdminPayoutSchema,
  FileResponseSchema,
  IdParamsSchema,
  PasswordBodySchema,
  PayoutMethodBodySchema,
  PayoutMethodListSchema,
  PayoutMethodSchema,
  PayoutOverviewSchema,
  PayoutRequestBodySchema,
  PayoutSchema,
  PayoutSettingsBodySchema,
  PayoutSettingsSchema,
  ReconciliationSchema,
  TestClockBodySchema,
  TestClockSchema,
  errorResponses,
} from 'shared/contract';
import * as v from 'valibot';
import type { AppConfig } from '../../config';
import type { Queryable } from '../../db/database';
import { SIGNED_IN } from '../../accounts/signed-in';
import { verifyPassword } from '../../accounts/passwords';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { HttpError, RuleError } from '../../plugins/error-handler';
import { idempotent } from '../../escrow/idempotency';
import { translatorFor, type ApiLocale } from '../../i18n/server-i18n';
import { UUID } from '../../routes/projects/project-guards';
import { ForgedCallbackError, type KycState, type PayoutProvider } from '../payout-provider';
import { PayinUnavailableError } from '../payin-provider';
import type { PayoutRow } from './payout-ledger';
import { methodChangedMail } from './payout-mail';
import { contractStatementPdf, movementReceiptPdf, payoutReceipt } from './payout-documents';
import { accountFigures, contractStatement, findContractDetail, roleIn } from '../../escrow/contract-views';
import { contractMilestones } from '../../escrow/contracts';
import {
  PayoutRefusal,
  addMethod,
  applyProviderState,
  balancesOf,
  createPayout,
  destinationOf,
  dispatchPayout,
  maskedOf,
  reconcilePayouts,
  removeMethod,
  retryPayout,
  setHeld,
  METHOD_COLUMNS,
  type MethodRow,
} from './payout-service';

const TAGS = ['payouts'];

const REFUSALS = {
  method: [404, PM.methodNotFound],
  not_found: [404, PM.payoutNotFound],
  cooling_off: [409, PM.coolingOff],
  not_enough: [409, PM.notEnough],
  kyc: [409, PM.kycPending],
  barred: [403, PM.barred],
  not_holdable: [409, PM.notHoldable],
  not_retryable: [409, PM.notRetryable],
} as const;

/** A payout rule broken: its status and message in the caller's language. */
function refused<T>(work: () => Promise<T>): Promise<T> {
  return work().catch((error: unknown) => {
    if (error instanceof PayoutRefusal) {
      const [status, message] = REFUSALS[error.reason];
      throw new RuleError(status, message);
    }
    throw error;
  });
}

export const methodView = (row: MethodRow): v.InferOutput<typeof PayoutMethodSchema> => ({
  id: row.id,
  kind: row.kind,
  operator: row.operator,
  masked: maskedOf(row),
  holder_name: row.holder_name,
  currency: row.currency,
  created_at: new Date(row.created_at).toISOString(),
  usable_from: new Date(row.usable_from).toISOString(),
  usable: row.usable,
});

const PAYOUT_VIEW = `SELECT p.*, m.kind AS method_kind, m.operator AS method_operator, m.phone, m.iban, m.rib,
    u.first_name, u.last_name, u.email
  FROM payouts p JOIN payout_methods m ON m.id = p.method_id JOIN users u ON u.id = p.user_id`;

type ViewRow = PayoutRow & Record<string, unknown>;

const payoutView = (row: ViewRow): v.InferOutput<typeof PayoutSchema> => ({
  id: row.id,
  amount: Number(row.amount),
  currency: row.currency,
  provider_fee: Number(row.provider_fee),
  status: row.status,
  held: row.held,
  automatic: row.automatic,
  method: {
    kind: row.method_kind as 'mobile_money' | 'bank',
    operator: (row.method_operator as 'mtn' | 'orange' | null) ?? null,
    masked: maskedOf(row as unknown as MethodRow),
  },
  receipt_number: `FDM-${String(row.receipt_number).padStart(6, '0')}`,
  failure_reason: row.failure_reason,
  created_at: new Date(row.created_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
});

const adminView = (row: ViewRow): v.InferOutput<typeof AdminPayoutSchema> => ({
  ...payoutView(row),
  payee: { id: row.user_id, name: `${String(row.first_name)} ${String(row.last_name)}`.trim(), email: String(row.email) },
  provider: row.provider,
  provider_reference: row.provider_reference,
});

async function viewRows(db: Queryable, where: string, params: unknown[], tail = 'ORDER BY p.created_at DESC, p.id'): Promise<ViewRow[]> {
  const { rows } = await db.query<ViewRow>(`${PAYOUT_VIEW} WHERE ${where} ${tail}`, params);
  return rows;
}

/**
 * Changing where money goes proves the account's password. This is the one
 * place a second factor joins it when sign-in has one: check the code here.
 */
async function proveAuthority(app: FastifyInstance, request: FastifyRequest, password: string): Promise<void> {
  const { rows } = await app.db.query<{ password_hash: string | null }>('SELECT password_hash FROM users WHERE id = $1', [request.user!.id]);
  if (!(await verifyPassword(rows[0]?.password_hash, password))) {
    throw new HttpError(422, request.t(PM.wrongPassword), { password: [request.t(PM.wrongPassword)] });
  }
}

function requirePayee(request: FastifyRequest): void {
  if (request.user!.account_type !== 'specialist') throw new RuleError(403, PM.payeesOnly);
}

async function sendReceipt(reply: FastifyReply, pdf: Buffer, name: string) {
  return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `attachment; filename="${name}.pdf"`).send(pdf);
}

/** The payee's payout methods and payouts, the provider's callbacks, and (development) the test clock. */
export const payoutRoutes: FastifyPluginAsync<{ config: AppConfig; provider: PayoutProvider }> = async (app, { config, provider }) => {
  // The provider's callbacks: anonymous, trusted only through their signature over the raw body.
  await app.register(async (hooks) => {
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    hooks.post(
      `/payouts/callbacks/${provider.name}`,
      {
        schema: {
          tags: TAGS,
          summary: 'The payout provider’s signed callback: a payout’s new state',
          response: { 200: v.object({ received: v.boolean() }), ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        let report;
        try {
          report = provider.verifyCallback(typeof request.body === 'string' ? request.body : '', request.headers);
        } catch (error) {
          if (error instanceof ForgedCallbackError || error instanceof SyntaxError) throw new RuleError(401, PM.badSignature);
          throw error;
        }
        await applyProviderState(app.db, report, provider.name);
        return { received: true };
      },
    );
  });

  await app.register(async (user) => {
    user.addHook('preValidation', user.requireUser);
    // Clients are turned away before their body is read: payouts are for payees only.
    user.addHook('preValidation', async (request) => requirePayee(request));
    const api = user.withTypeProvider<ValibotTypeProvider>();

    api.get(
      '/payout-methods',
      {
        schema: {
          tags: TAGS,
          security: SIGNED_IN,
          summary: 'The payee’s payout methods',
          response: { 200: PayoutMethodListSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        requirePayee(request);
        const { rows } = await app.db.query<MethodRow>(
          `SELECT ${METHOD_COLUMNS} FROM payout_methods m WHERE m.user_id = $1 AND m.removed_at IS NULL ORDER BY m.created_at DESC`,
          [request.user!.id],
        );
        return { data: rows.map(methodView) };
      },
    );

    api.post(
      '/payout-methods',
      {
        schema: {
          tags: TAGS,
          security: SIGNED_IN,
          summary: 'Adds a payout method (password required); usable 72 hours later, the owner is e-mailed',
          body: PayoutMethodBodySchema,
          response: { 201: PayoutMethodSchema, ...errorResponses(401, 403, 422) },
        },
      },
      async (request, reply) => {
        requirePayee(request);
        await requireTwoFactorForPayouts(app, request.user!.id);
        const body = request.body;
        await proveAuthority(app, request, body.password);
        const method = await addMethod(app.db, request.user!.id, {
          kind: body.kind,
          ...(body.kind === 'mobile_money' ? { operator: body.operator, phone: body.phone } : { accountNumber: body.account_number }),
          holderName: body.holder_name,
          currency: body.currency,
        });
        await app.deliverMail(methodChangedMail(request.user!, method, 'added'));
        return reply.status(201).send(methodView(method));
      },
    );

    api.delete(
      '/payout-methods/:id',
      {
        schema: {
          tags: TAGS,
          security: SIGNED_IN,
          summary: 'Removes a payout method (password required); the owner is e-mailed',
          params: IdParamsSchema,
          body: PasswordBodySchema,
          response: { 200: PayoutMethodSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => {
        requirePayee(request);
        await proveAuthority(app, request, request.body.password);
        const method = UUID.test(request.params.id) ? await removeMethod(app.db, request.user!.id, request.params.id) : undefined;
        if (!method) throw new RuleError(404, PM.methodNotFound);
        await app.deliverMail(methodChangedMail(request.user!, method, 'removed'));
        return methodView(method);
      },
    );

    api.get(
      '/payouts',
      {
        schema: {
          tags: TAGS,
          security: SIGNED_IN,
          summary: 'Balances, the automatic choice, KYC state and payouts',
          response: { 200: PayoutOverviewSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        requirePayee(request);
        const userId = request.user!.id;
        const { rows: settings } = await app.db.query<{ automatic: boolean }>('SELECT automatic FROM payout_settings WHERE user_id = $1', [userId]);
        const { rows: methods } = await app.db.query<MethodRow>(
          `SELECT ${METHOD_COLUMNS} FROM payout_methods m WHERE m.user_id = $1 AND m.removed_at IS NULL ORDER BY m.created_at DESC LIMIT 1`,
          [userId],
        );
        const kyc: KycState | 'none' = methods[0] ? await provider.payeeKyc(destinationOf(methods[0]), methods[0].holder_name) : 'none';
        const rows = await viewRows(app.db, 'p.user_id = $1', [userId], 'ORDER BY p.created_at DESC, p.id LIMIT 50');
        return { balances: await balancesOf(app.db, userId), automatic: settings[0]?.automatic ?? false, kyc, data: rows.map(payoutView) };
      },
    );

    api.put(
      '/payouts/settings',
      {
        schema: {
          tags: TAGS,
          security: SIGNED_IN,
          summary: 'Automatic payouts after every release, or only on request',
          body: PayoutSettingsBodySchema,
          response: { 200: PayoutSettingsSchema, ...errorResponses(401, 403, 422) },
        },
      },
      async (request) => {
        requirePayee(request);
        await app.db.query(
          `INSERT INTO payout_settings (user_id, automatic) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET automatic = EXCLUDED.automatic`,
          [request.user!.id, request.body.automatic],
        );
        return { automatic: request.body.automatic };
      },
    );

    api.post(
      '/payouts',
      {
        schema: {
          tags: TAGS,
          security: SIGNED_IN,
          summary: 'Requests a payout of available money to a payout method (Idempotency-Key required)',
          body: PayoutRequestBodySchema,
          response: { 201: PayoutSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request, reply) => {
        requirePayee(request);
        const userId = request.user!.id;
        await requireTwoFactorForPayouts(app, userId);
        const answer = await refused(() =>
          idempotent(app, request, `payout:${userId}`, config.escrow.idempotencyTtlHours, async (tx) => {
            const payout = await createPayout(tx, provider, { ...request.body, userId, methodId: request.body.method_id, automatic: false });
            const [row] = await viewRows(tx, 'p.id = $1', [payout.id]);
            return { status: 201, body: payoutView(row!) };
          }),
        );
        // Handed to the provider after the hold is committed, never inside the money transaction.
        const id = (answer.body as { id: string }).id;
        await dispatchPayout(app.db, provider, id);
        const [row] = await viewRows(app.db, 'p.id = $1', [id]);
        return reply.status(201).send(payoutView(row!));
      },
    );

    api.get(
      '/payouts/:id/receipt',
      {
        schema: {
          tags: TAGS,
          security: SIGNED_IN,
          summary: 'The payout’s PDF receipt, in the payee’s language',
          params: IdParamsSchema,
          response: { 200: FileResponseSchema, ...errorResponses(401, 404) },
        },
      },
      async (request, reply) => {
        const [row] = UUID.test(request.params.id)
          ? await viewRows(app.db, 'p.id = $1 AND p.user_id = $2', [request.params.id, request.user!.id])
          : [];
        if (!row) throw new RuleError(404, PM.payoutNotFound);
        const locale = (request.user!.locale ?? 'en') as ApiLocale;
        const pdf = await payoutReceipt(translatorFor(locale), locale, row);
        return sendReceipt(reply, pdf, `payout-${row.receipt_number}`);
      },
    );
  });

  await app.register(async (user) => {
    user.addHook('preValidation', user.requireUser);
    user.withTypeProvider<ValibotTypeProvider>().get(
      '/contracts/:id/receipt',
      {
        schema: {
          tags: TAGS,
          security: SIGNED_IN,
          summary: 'The contract’s statement as a numbered PDF, in the reader’s language: movements, fees and totals',
          params: IdParamsSchema,
          response: { 200: FileResponseSchema, ...errorResponses(401, 404) },
        },
      },
      async (request, reply) => {
        const contract = UUID.test(request.params.id) ? await findContractDetail(app.db, request.params.id) : undefined;
        if (!contract || !roleIn(contract, request.user!.id)) throw new RuleError(404, EM.contractNotFound);
        const { entries } = await contractStatement(app.db, contract.id);
        const totals = accountFigures(entries, await contractMilestones(app.db, contract.id));
        const { rows } = await app.db.query<{ number: string }>(
          `WITH issued AS (INSERT INTO receipts (kind, subject_id) VALUES ('statement', $1) ON CONFLICT DO NOTHING RETURNING number)
           SELECT number FROM issued UNION ALL SELECT number FROM receipts WHERE kind = 'statement' AND subject_id = $1`,
          [contract.id],
        );
        const locale = (request.user!.locale ?? 'en') as ApiLocale;
        const pdf = await contractStatementPdf(translatorFor(locale), locale, {
          number: Number(rows[0]!.number),
          title: contract.title,
          currency: contract.currency,
          entries,
          totals,
        });
        return sendReceipt(reply, pdf, `statement-${contract.id}`);
      },
    );

    user.withTypeProvider<ValibotTypeProvider>().get(
      '/contracts/:id/statement/:entryId/receipt',
      {
        schema: {
          tags: TAGS,
          security: SIGNED_IN,
          summary:
            'The numbered PDF receipt of a funding or a refund of the contract’s statement, in the reader’s language: amount, platform, expert and provider fees',
          params: v.object({ id: v.string(), entryId: v.string() }),
          response: { 200: FileResponseSchema, ...errorResponses(401, 404, 502) },
        },
      },
      async (request, reply) => {
        const contract = UUID.test(request.params.id) ? await findContractDetail(app.db, request.params.id) : undefined;
        if (!contract || !roleIn(contract, request.user!.id)) throw new RuleError(404, EM.contractNotFound);
        // Only a funding or a refund of this contract's escrow has a receipt of its own.
        const { entries } = await contractStatement(app.db, contract.id);
        const entry = entries.find(
          (candidate) => candidate.id === request.params.entryId && (candidate.kind === 'funding' || candidate.kind === 'refund'),
        );
        if (!entry) throw new RuleError(404, PM.receiptNotFound);
        const kind = entry.kind as 'funding' | 'refund';
        const milestones = await contractMilestones(app.db, contract.id);
        const milestone = milestones.find((m) => m.position === entry.milestone_position) ?? null;
        let paidBy: { method: string; last4: string | null } | null = null;
        let providerFee = 0;
        let providerReference: string | null = null;
        if (kind === 'funding' && milestone) {
          // The pay-in behind the funding (none when the contract's credit paid): its provider says what it charged.
          const { rows: intents } = await app.db.query<{
            method: string;
            card_last4: string | null;
            provider: string | null;
            provider_key: string;
            provider_reference: string | null;
          }>(
            "SELECT method, card_last4, provider, provider_key, provider_reference FROM payment_intents WHERE milestone_id = $1 AND status = 'posted' ORDER BY updated_at DESC LIMIT 1",
            [milestone.id],
          );
          const intent = intents[0];
          if (intent) {
            paidBy = { method: intent.method, last4: intent.card_last4 };
            providerReference = intent.provider_reference;
            const payins = app.payins.byName(intent.provider ?? '') ?? app.payins.forMethod(intent.method as 'card' | 'mobile_money');
            try {
              providerFee = (await payins?.payinStatus(intent.provider_key))?.fee ?? 0;
            } catch (error) {
              if (error instanceof PayinUnavailableError) throw new RuleError(502, EM.providerFailed);
              throw error;
            }
          }
        }
        const { rows } = await app.db.query<{ number: string }>(
          `WITH issued AS (INSERT INTO receipts (kind, subject_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING number)
           SELECT number FROM issued UNION ALL SELECT number FROM receipts WHERE kind = $1 AND subject_id = $2`,
          [kind, entry.id],
        );
        const locale = (request.user!.locale ?? 'en') as ApiLocale;
        const pdf = await movementReceiptPdf(translatorFor(locale), locale, {
          kind,
          number: Number(rows[0]!.number),
          at: new Date(entry.at),
          contractTitle: contract.title,
          currency: contract.currency,
          amount: Math.abs(entry.amount),
          milestone: milestone && {
            position: milestone.position,
            title: milestone.title,
            amount: milestone.amount,
            platform_fee: milestone.platform_fee,
            expert_fee: milestone.expert_fee,
          },
          paidBy,
          providerFee,
          providerReference,
        });
        return sendReceipt(reply, pdf, `${kind}-${rows[0]!.number}`);
      },
    );
  });

  if (config.escrow.payoutTestClock) {
    await app.register(async (dev) => {
      dev.addHook('preValidation', dev.requireAdmin);
      dev.withTypeProvider<ValibotTypeProvider>().post(
        '/dev/test-clock',
        {
          schema: {
            tags: ['development'],
            security: SIGNED_IN,
            summary: 'Moves the payouts’ clock forward (development, tests and end-to-end runs only)',
            body: TestClockBodySchema,
            response: { 200: TestClockSchema, ...errorResponses(401, 422) },
          },
        },
        async (request) => {
          const { rows } = await app.db.query<{ offset_seconds: string }>(
            `INSERT INTO test_clock (id, offset_seconds) VALUES (true, $1) ON CONFLICT (id) DO UPDATE SET offset_seconds = test_clock.offset_seconds + EXCLUDED.offset_seconds
             RETURNING offset_seconds`,
            [request.body.advance_hours * 3600],
          );
          return { offset_hours: Number(rows[0]!.offset_seconds) / 3600 };
        },
      );
    });
  }
};

/** The back office's payouts: the list, hold and release, retry, and the reconciliation with the provider. */
export const adminPayoutRoutes: FastifyPluginAsync<{ provider: PayoutProvider }> = async (app, { provider }) => {
  app.addHook('onRequest', app.requireAdmin);
  const api = app.withTypeProvider<ValibotTypeProvider>();
  const PAGE_SIZE = 20;

  api.get(
    '/admin/payouts',
    {
      schema: {
        tags: ['admin payouts'],
        security: SIGNED_IN,
        summary: 'Every payout, newest first, twenty a page; by status',
        querystring: AdminPayoutListQuerySchema,
        response: { 200: AdminPayoutPageSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const { status, page } = request.query;
      const where = status ? 'p.status = $1' : 'true';
      const params = status ? [status] : [];
      const { rows: total } = await app.db.query<{ count: string }>(`SELECT count(*) FROM payouts p WHERE ${where}`, params);
      const rows = await viewRows(app.db, where, params, `ORDER BY p.created_at DESC, p.id LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}`);
      return { data: rows.map(adminView), total: Number(total[0]!.count), page, page_size: PAGE_SIZE };
    },
  );

  const action = (name: 'hold' | 'release' | 'retry', summary: string) =>
    api.post(
      `/admin/payouts/:id/${name}`,
      {
        schema: {
          tags: ['admin payouts'],
          security: SIGNED_IN,
          summary,
          params: IdParamsSchema,
          response: { 200: AdminPayoutSchema, ...errorResponses(401, 404, 409) },
        },
      },
      async (request) => {
        const id = request.params.id;
        if (!UUID.test(id)) throw new RuleError(404, PM.payoutNotFound);
        await refused(() => (name === 'retry' ? retryPayout(app.db, provider, id) : setHeld(app.db, provider, id, name === 'hold')));
        const [row] = await viewRows(app.db, 'p.id = $1', [id]);
        return adminView(row!);
      },
    );
  action('hold', 'Holds a payout not yet sent');
  action('release', 'Lets a held payout go to the provider');
  action('retry', 'Sends a pending payout again, or a failed one anew');

  api.get(
    '/admin/payouts/reconciliation',
    {
      schema: {
        tags: ['admin payouts'],
        security: SIGNED_IN,
        summary: 'Our ledger against the provider’s transaction list',
        response: { 200: ReconciliationSchema, ...errorResponses(401) },
      },
    },
    async () => reconcilePayouts(app.db, provider),
  );
};
