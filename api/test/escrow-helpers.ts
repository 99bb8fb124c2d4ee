import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../src/db/database';
import { checkLedger } from '../src/escrow/ledger-check';
import { adminToken } from './admin-helpers';
import { bearer } from './accounts-helpers';
import { PDF_BYTES, createClient, createSpecialist, multipart, type Person } from './marketplace-helpers';

export const CARDS = {
  ok: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Amina Client' },
  declined: { number: '4000 0000 0000 0002', expiry: '12/30', cvc: '123', name: 'Amina Client' },
  failing: { number: '4000 0000 0000 0119', expiry: '12/30', cvc: '123', name: 'Amina Client' },
};

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

export function fund(app: FastifyInstance, who: Person, contractId: string, milestoneId: string, card = CARDS.ok, idempotencyKey = key()) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/contracts/${contractId}/milestones/${milestoneId}/fund`,
    headers: { ...who.headers, 'idempotency-key': idempotencyKey },
    payload: { card },
  });
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
