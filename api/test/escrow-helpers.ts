import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../src/db/database';
import { checkLedger } from '../src/escrow/ledger-check';
import type { SandboxPayinProvider } from '../src/payments/payins/sandbox-payins';
import { adminToken } from './admin-helpers';
import { bearer } from './accounts-helpers';
import { PDF_BYTES, createClient, createSpecialist, multipart, type Person } from './marketplace-helpers';

/** The sandbox's test cards, chosen on its hosted page (never sent to the API). */
export const CARDS = {
  ok: '4242424242424242',
  declined: '4000000000000002',
  failing: '4000000000000119',
  pending: '4000000000000051',
  timeout: '4000000000000069',
} as const;
export type TestCard = (typeof CARDS)[keyof typeof CARDS];

/** A 1×1 PNG: enough for a photo of finished work. */
export const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

export interface EscrowParties {
  client: Person;
  contractor: Person;
  expert: Person;
  admin: { headers: { authorization: string } };
}

export interface Milestone {
  id: string;
  position: number;
  amount: number;
  expert_fee: number;
  platform_fee: number;
  total: number;
  to_pay: number;
  status: string;
}

export async function createParties(app: FastifyInstance, db: Database, suffix = ''): Promise<EscrowParties> {
  const client = await createClient(app, db, `Amina${suffix}`);
  const contractor = await createSpecialist(app, db, { first_name: `Paul${suffix}` });
  const expert = await createSpecialist(app, db, { first_name: `Eve${suffix}`, kind: 'expert' });
  const admin = { headers: bearer(await adminToken(app, db)) };
  return { client, contractor, expert, admin };
}

/** A project, the contractor's quote, its selection: the contract that selection creates. */
export async function createContract(
  app: FastifyInstance,
  parties: EscrowParties,
  milestones: { title: string; amount: number }[] = [
    { title: 'Foundations', amount: 1_000_000 },
    { title: 'Walls and roof', amount: 2_000_000 },
  ],
  currency = 'XAF',
): Promise<string> {
  const project = await app.inject({
    method: 'POST',
    url: '/api/v1/projects',
    headers: parties.client.headers,
    payload: {
      title: 'Guest house in Kribi',
      description: 'A two-bedroom guest house near the beach, with a covered terrace and a water tank.',
      category: 'masonry',
      country: 'CM',
      city: 'Douala',
      currency,
    },
  });
  if (project.statusCode !== 201) throw new Error(project.body);
  const projectId = project.json().id as string;
  const total = milestones.reduce((sum, m) => sum + m.amount, 0);
  const quote = await app.inject({
    method: 'POST',
    url: `/api/v1/projects/${projectId}/quotes`,
    headers: parties.contractor.headers,
    payload: { amount: total, currency, duration_days: 60, message: 'Ready to start next month.', milestones },
  });
  if (quote.statusCode !== 201) throw new Error(quote.body);
  const selected = await app.inject({
    method: 'POST',
    url: `/api/v1/projects/${projectId}/quotes/${quote.json().id}/select`,
    headers: parties.client.headers,
    payload: {},
  });
  if (selected.statusCode !== 200) throw new Error(selected.body);
  return selected.json().contract_id as string;
}

export const key = () => `test-${randomUUID()}`;

/** The fund call itself: `{ method: 'card' }` by default, answered 202 with the hosted page (or 200 from credit, or a refusal). */
export function startFunding(
  app: FastifyInstance,
  who: Person,
  contractId: string,
  milestoneId: string,
  idempotencyKey = key(),
  payload: object = { method: 'card' },
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/contracts/${contractId}/milestones/${milestoneId}/fund`,
    headers: { ...who.headers, 'idempotency-key': idempotencyKey },
    payload,
  });
}

export const sandboxPayins = (app: FastifyInstance) => app.payins.byName('sandbox') as SandboxPayinProvider;

/** The sandbox's signed webhook for a milestone's latest pay-in, delivered as the sandbox would (tests run with no automatic delivery). */
export async function deliverWebhook(app: FastifyInstance, milestoneId: string) {
  const { rows } = await app.db.query<{ provider_key: string }>(
    'SELECT provider_key FROM payment_intents WHERE milestone_id = $1 ORDER BY created_at DESC LIMIT 1',
    [milestoneId],
  );
  const hook = await sandboxPayins(app).webhookFor(rows[0]!.provider_key);
  return app.inject({ method: 'POST', url: '/api/v1/payments/webhooks/sandbox', headers: hook!.headers, payload: hook!.body });
}

/** What the browser does on the sandbox's hosted page: choose a test card and pay (or cancel). */
export function payOnHostedPage(app: FastifyInstance, redirectUrl: string, card: string | null) {
  return app.inject({
    method: 'POST',
    url: redirectUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: card === null ? 'choice=cancel' : `choice=pay&card=${card}`,
  });
}

export function paymentState(app: FastifyInstance, who: Person, contractId: string, milestoneId: string) {
  return app.inject({ method: 'GET', url: `/api/v1/contracts/${contractId}/milestones/${milestoneId}/payment`, headers: who.headers });
}

/**
 * A whole card funding through the sandbox: the fund call, the test card
 * chosen on the hosted page, the signed webhook, then the fund call again
 * with its key, which answers as the posting did (200 funded, 402 declined).
 * A payment that ends otherwise (failed, pending) answers its payment state.
 */
export async function fund(
  app: FastifyInstance,
  who: Person,
  contractId: string,
  milestoneId: string,
  card: string = CARDS.ok,
  idempotencyKey = key(),
) {
  const started = await startFunding(app, who, contractId, milestoneId, idempotencyKey);
  if (started.statusCode !== 202) return started;
  const redirect = started.json().payment.redirect_url as string | null;
  // No page of its own: the same key sent at once by another call is opening it (or has), and that
  // call pays. This one waits for the payment to settle, then asks again with its key.
  if (!redirect) return fundedByTheOtherCall(app, who, contractId, milestoneId, idempotencyKey);
  await payOnHostedPage(app, redirect, card);
  const hook = await deliverWebhook(app, milestoneId);
  if (hook.statusCode !== 200) throw new Error(hook.body);
  const state = await paymentState(app, who, contractId, milestoneId);
  if (!['funded', 'declined'].includes(state.json().state as string)) return state;
  return startFunding(app, who, contractId, milestoneId, idempotencyKey);
}

async function fundedByTheOtherCall(app: FastifyInstance, who: Person, contractId: string, milestoneId: string, idempotencyKey: string) {
  for (let look = 0; look < 200; look += 1) {
    const state = await paymentState(app, who, contractId, milestoneId);
    if (state.json().state !== 'pending') return startFunding(app, who, contractId, milestoneId, idempotencyKey);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the payment opened by the other call never settled');
}

export function release(app: FastifyInstance, who: Person, contractId: string, milestoneId: string, idempotencyKey = key()) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/contracts/${contractId}/milestones/${milestoneId}/release`,
    headers: { ...who.headers, 'idempotency-key': idempotencyKey },
    payload: {},
  });
}

export function complete(app: FastifyInstance, who: Person, contractId: string, milestoneId: string, notes = 'Foundations poured and cured.') {
  const body = multipart([
    { name: 'notes', value: notes },
    { name: 'photos', file: { name: 'site.png', type: 'image/png', data: PNG_BYTES } },
  ]);
  return app.inject({
    method: 'POST',
    url: `/api/v1/contracts/${contractId}/milestones/${milestoneId}/complete`,
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
}

export function inspect(app: FastifyInstance, who: Person, contractId: string, milestoneId: string, decision = 'approved') {
  const body = multipart([
    { name: 'decision', value: decision },
    { name: 'notes', value: 'Checked levels and concrete quality on site.' },
    { name: 'report', file: { name: 'report.pdf', type: 'application/pdf', data: PDF_BYTES } },
  ]);
  return app.inject({
    method: 'POST',
    url: `/api/v1/contracts/${contractId}/milestones/${milestoneId}/inspection`,
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
}

export function assignExpert(app: FastifyInstance, parties: EscrowParties, contractId: string, expertId = parties.expert.id) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/admin/contracts/${contractId}/expert`,
    headers: parties.admin.headers,
    payload: { expert_id: expertId },
  });
}

export async function getContract(app: FastifyInstance, who: { headers: { authorization: string } }, contractId: string) {
  const response = await app.inject({ method: 'GET', url: `/api/v1/contracts/${contractId}`, headers: who.headers });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json() as { milestones: Milestone[]; account: Record<string, number>; status: string; [key: string]: unknown };
}

export async function ledgerCheck(app: FastifyInstance, parties: EscrowParties) {
  const response = await app.inject({ method: 'GET', url: '/api/v1/admin/ledger/check', headers: parties.admin.headers });
  return response.json() as {
    ok: boolean;
    transfers: number;
    verified_transfers: number;
    checks: { name: string; ok: boolean; detail: string }[];
  };
}

class Rollback extends Error {}

/**
 * Runs `change` (a bad posting, as a bug or a hand-made correction would write
 * it) and a ledger check (the incremental one unless told) in one transaction
 * that is then rolled back, so each test starts from the same clean ledger.
 */
export async function checkLedgerAfter<Report = Awaited<ReturnType<typeof checkLedger>>>(
  db: Database,
  change: (tx: Queryable) => Promise<unknown>,
  check: (tx: Queryable) => Promise<Report> = checkLedger as unknown as (tx: Queryable) => Promise<Report>,
): Promise<Report> {
  let result: Report | undefined;
  await db
    .transaction(async (tx) => {
      await change(tx);
      result = await check(tx);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return result!;
}

/** The names of the checks that failed. */
export const failingChecks = (result: { checks: { name: string; ok: boolean }[] }) =>
  result.checks.filter((check) => !check.ok).map((check) => check.name);
