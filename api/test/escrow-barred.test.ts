import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from './test-app';
import { ACCOUNT_BALANCES_SQL } from '../src/escrow/ledger';
import { createSpecialist, multipart, type Person } from './marketplace-helpers';
import { seedContract } from './escrow-fixtures';
import {
  assignExpert,
  complete,
  createContract,
  createParties,
  fund,
  getContract,
  inspect,
  key,
  ledgerCheck,
  release,
  type EscrowParties,
} from './escrow-helpers';

/*
 * Parties the platform has barred (declared insolvent, suspended) receive
 * nothing and can be chosen for nothing; only verified experts inspect.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const BARRED_EN = 'This specialist can no longer take on work on the platform (suspended or declared insolvent). Choose another quote.';
const BARRED_FR = 'Ce spécialiste ne peut plus prendre de travaux sur la plateforme (suspendu ou déclaré insolvable). Choisissez un autre devis.';
const UNPAYABLE_EN = 'This contractor can no longer be paid through escrow (suspended or declared insolvent). No money was taken.';

async function newProject(app: FastifyInstance, client: Person, title = 'Kitchen wall in Douala') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/projects',
    headers: client.headers,
    payload: {
      title,
      description: 'Rebuild a load-bearing kitchen wall with new lintels and a rendered finish.',
      category: 'masonry',
      country: 'CM',
      city: 'Douala',
      currency: 'XAF',
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

function quote(app: FastifyInstance, specialist: Person, projectId: string) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/projects/${projectId}/quotes`,
    headers: specialist.headers,
    payload: {
      amount: 900_000,
      currency: 'XAF',
      duration_days: 20,
      message: 'Available next week.',
      milestones: [{ title: 'Whole job', amount: 900_000 }],
    },
  });
}

function select(app: FastifyInstance, client: Person, projectId: string, quoteId: string, language = 'en') {
  return app.inject({
    method: 'POST',
    url: `/api/v1/projects/${projectId}/quotes/${quoteId}/select`,
    headers: { ...client.headers, 'accept-language': language },
    payload: {},
  });
}

async function declareInsolvent(parties: EscrowParties, contractorId: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/contractors/${contractorId}/insolvency`,
    headers: parties.admin.headers,
    payload: { note: 'Company entered liquidation.' },
  });
  expect(response.statusCode).toBe(200);
}

async function suspend(parties: EscrowParties, userId: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/users/${userId}/suspend`,
    headers: parties.admin.headers,
    payload: { reason: 'Licence withdrawn by the regulator.' },
  });
  expect(response.statusCode).toBe(200);
}

async function directoryIds(viewer: Person, name: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/specialists?q=${encodeURIComponent(name)}`, headers: viewer.headers });
  return (response.json().data as { id: string }[]).map((card) => card.id);
}

async function requestNotifications(userId: string, projectId: string) {
  const { rows } = await t.db.query("SELECT 1 FROM notifications WHERE user_id = $1 AND kind = 'project_request' AND data->>'project_id' = $2", [
    userId,
    projectId,
  ]);
  return rows.length;
}

async function chargesFor(contractId: string) {
  const { rows } = await t.db.query<{ n: string }>("SELECT count(*) AS n FROM ledger_transfers WHERE contract_id = $1 AND code = 'funding'", [
    contractId,
  ]);
  return Number(rows[0]!.n);
}

describe('an insolvent contractor', () => {
  let parties: EscrowParties;
  let openQuote: { projectId: string; quoteId: string };

  beforeAll(async () => {
    parties = await createParties(t.app, t.db, 'Insolvent');
    // A quote still open when the insolvency is declared.
    const projectId = await newProject(t.app, parties.client, 'Boundary wall');
    const quoted = await quote(t.app, parties.contractor, projectId);
    expect(quoted.statusCode).toBe(201);
    openQuote = { projectId, quoteId: quoted.json().id };
    expect(await directoryIds(parties.client, 'PaulInsolvent')).toEqual([parties.contractor.id]);
    await declareInsolvent(parties, parties.contractor.id);
  });

  it('leaves the directory', async () => {
    expect(await directoryIds(parties.client, 'PaulInsolvent')).toEqual([]);
    const profile = await t.app.inject({ method: 'GET', url: `/api/v1/specialists/${parties.contractor.id}`, headers: parties.client.headers });
    expect(profile.statusCode).toBe(404);
  });

  it('receives no requests and cannot quote', async () => {
    const projectId = await newProject(t.app, parties.client);
    expect(await requestNotifications(parties.contractor.id, projectId)).toBe(0);
    const listing = await t.app.inject({ method: 'GET', url: '/api/v1/projects', headers: parties.contractor.headers });
    expect((listing.json().data as { id: string }[]).map((p) => p.id)).not.toContain(projectId);
    const quoted = await quote(t.app, parties.contractor, projectId);
    expect(quoted.statusCode).toBe(403);
  });

  it('cannot be invited', async () => {
    const projectId = await newProject(t.app, parties.client, 'Garden wall');
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invites',
      headers: parties.client.headers,
      payload: { project_id: projectId, specialist_id: parties.contractor.id, message: 'Could you quote?' },
    });
    expect(invited.statusCode).toBe(404);
  });

  it('cannot be selected: the open quote is marked and its selection refused, in English and French', async () => {
    const quotes = await t.app.inject({ method: 'GET', url: `/api/v1/projects/${openQuote.projectId}/quotes`, headers: parties.client.headers });
    expect(quotes.json().data[0].specialist).toMatchObject({ id: parties.contractor.id, available: false });
    const refused = await select(t.app, parties.client, openQuote.projectId, openQuote.quoteId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BARRED_EN);
    const french = await select(t.app, parties.client, openQuote.projectId, openQuote.quoteId, 'fr');
    expect(french.json().message).toBe(BARRED_FR);
    const project = await t.app.inject({ method: 'GET', url: `/api/v1/projects/${openQuote.projectId}`, headers: parties.client.headers });
    expect(project.json().status).toBe('open');
  });

  it('cannot be paid into: a contract of theirs cannot be funded and no card is charged', async () => {
    // A contract made before the rule existed, straight in the database.
    const seeded = await seedContract(t.db, { clientId: parties.client.id, contractorId: parties.contractor.id }, [400_000]);
    const refused = await fund(t.app, parties.client, seeded.id, seeded.milestones[0]!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(UNPAYABLE_EN);
    expect(await chargesFor(seeded.id)).toBe(0);
  });

  it('leaves other contractors in the directory', async () => {
    const other = await createSpecialist(t.app, t.db, { first_name: 'Rita' });
    expect(await directoryIds(parties.client, 'Rita')).toEqual([other.id]);
  });
});

describe('a suspended contractor', () => {
  let parties: EscrowParties;
  let openQuote: { projectId: string; quoteId: string };
  let contractId: string;
  let milestoneIds: string[];

  beforeAll(async () => {
    parties = await createParties(t.app, t.db, 'Suspended');
    contractId = await createContract(t.app, parties);
    milestoneIds = (await getContract(t.app, parties.client, contractId)).milestones.map((m) => m.id);
    expect((await fund(t.app, parties.client, contractId, milestoneIds[0]!)).statusCode).toBe(200);
    expect((await assignExpert(t.app, parties, contractId)).statusCode).toBe(200);
    expect((await complete(t.app, parties.contractor, contractId, milestoneIds[0]!)).statusCode).toBe(200);
    expect((await inspect(t.app, parties.expert, contractId, milestoneIds[0]!)).statusCode).toBe(200);
    const projectId = await newProject(t.app, parties.client, 'Fence');
    const quoted = await quote(t.app, parties.contractor, projectId);
    expect(quoted.statusCode).toBe(201);
    openQuote = { projectId, quoteId: quoted.json().id };
    await suspend(parties, parties.contractor.id);
  });

  it('leaves the directory and the matching', async () => {
    expect(await directoryIds(parties.client, 'PaulSuspended')).toEqual([]);
    const projectId = await newProject(t.app, parties.client, 'Terrace');
    expect(await requestNotifications(parties.contractor.id, projectId)).toBe(0);
  });

  it('cannot be selected', async () => {
    const quotes = await t.app.inject({ method: 'GET', url: `/api/v1/projects/${openQuote.projectId}/quotes`, headers: parties.client.headers });
    expect(quotes.json().data[0].specialist.available).toBe(false);
    const refused = await select(t.app, parties.client, openQuote.projectId, openQuote.quoteId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BARRED_EN);
  });

  it('cannot be funded or paid: funding and release are refused, nothing moves', async () => {
    const refused = await fund(t.app, parties.client, contractId, milestoneIds[1]!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(UNPAYABLE_EN);
    const view = await getContract(t.app, parties.client, contractId);
    expect(view.contractor_payable).toBe(false);
    const released = await release(t.app, parties.client, contractId, milestoneIds[0]!);
    expect(released.statusCode).toBe(409);
    expect(released.json().message).toBe(UNPAYABLE_EN);
    const after = await getContract(t.app, parties.client, contractId);
    expect(after.milestones.map((m) => m.status)).toEqual(['approved', 'draft']);
    expect(after.account).toMatchObject({ funded: 1_040_000, released: 0 });
  });
});

describe('experts', () => {
  let parties: EscrowParties;
  let contractId: string;

  beforeAll(async () => {
    parties = await createParties(t.app, t.db, 'Experts');
    contractId = await createContract(t.app, parties);
  });

  it('only a verified expert can be assigned, with a clear message for the others', async () => {
    const pending = await createSpecialist(t.app, t.db, { first_name: 'Pending', kind: 'expert', verified: false });
    const refused = await assignExpert(t.app, parties, contractId, pending.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.expert_id).toEqual(['Only a verified expert can inspect milestones. Verify this expert first.']);
    const french = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/contracts/${contractId}/expert`,
      headers: { ...parties.admin.headers, 'accept-language': 'fr' },
      payload: { expert_id: pending.id },
    });
    expect(french.json().errors.expert_id).toEqual(['Seul un expert vérifié peut inspecter les jalons. Vérifiez d’abord cet expert.']);
    expect((await getContract(t.app, parties.client, contractId)).expert).toBeNull();
    expect((await assignExpert(t.app, parties, contractId)).statusCode).toBe(200);
  });

  it('/admin/experts shows each expert’s real verification state', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/admin/experts', headers: parties.admin.headers });
    const states = new Map((response.json().data as { id: string; verification_state: string }[]).map((e) => [e.id, e.verification_state]));
    expect(states.get(parties.expert.id)).toBe('verified');
    expect([...states.values()]).toContain('pending');
  });

  it('an approval by an expert whose verification was revoked does not let the client release', async () => {
    const [first] = (await getContract(t.app, parties.client, contractId)).milestones;
    expect((await fund(t.app, parties.client, contractId, first!.id)).statusCode).toBe(200);
    expect((await complete(t.app, parties.contractor, contractId, first!.id)).statusCode).toBe(200);
    expect((await inspect(t.app, parties.expert, contractId, first!.id)).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/users/${parties.expert.id}/verify`,
      headers: parties.admin.headers,
      payload: { reason: 'Certification lapsed.' },
    });
    expect(revoked.json()).toMatchObject({ verified: false });
    // Nor can they inspect any more.
    const [, second] = (await getContract(t.app, parties.client, contractId)).milestones;
    expect((await fund(t.app, parties.client, contractId, second!.id)).statusCode).toBe(200);
    expect((await complete(t.app, parties.contractor, contractId, second!.id)).statusCode).toBe(200);
    const inspection = await inspect(t.app, parties.expert, contractId, second!.id);
    expect(inspection.statusCode).toBe(403);
    expect(inspection.json().message).toBe('Only a verified expert can inspect milestones. Verify this expert first.');
    const refused = await release(t.app, parties.client, contractId, first!.id, key());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The approval no longer counts: the expert who gave it is not verified. An admin must assign a verified expert.',
    );
    expect((await getContract(t.app, parties.client, contractId)).account).toMatchObject({ released: 0 });
  });

  it('a verified expert assigned in their place inspects again, and then the client releases', async () => {
    const [first] = (await getContract(t.app, parties.client, contractId)).milestones;
    const replacement = await createSpecialist(t.app, t.db, { first_name: 'Nadia', kind: 'expert' });
    expect((await assignExpert(t.app, parties, contractId, replacement.id)).statusCode).toBe(200);
    const waiting = (await getContract(t.app, parties.client, contractId)).milestones[0]!;
    expect(waiting).toMatchObject({ status: 'submitted', inspection: null });
    expect((await inspect(t.app, replacement, contractId, first!.id)).statusCode).toBe(200);
    expect((await release(t.app, parties.client, contractId, first!.id)).statusCode).toBe(200);
    const check = await ledgerCheck(t.app, parties);
    expect(check.checks.filter((c) => !c.ok)).toEqual([]);
  });
});

describe('a suspended expert', () => {
  it('is paid no fee when a dispute on a milestone they inspected is resolved: it goes back to the client', async () => {
    const parties = await createParties(t.app, t.db, 'Fee');
    const contractId = await createContract(t.app, parties);
    const [first] = (await getContract(t.app, parties.client, contractId)).milestones;
    expect((await fund(t.app, parties.client, contractId, first!.id)).statusCode).toBe(200);
    expect((await assignExpert(t.app, parties, contractId)).statusCode).toBe(200);
    expect((await complete(t.app, parties.contractor, contractId, first!.id)).statusCode).toBe(200);
    expect((await inspect(t.app, parties.expert, contractId, first!.id)).statusCode).toBe(200);
    const body = multipart([{ name: 'reason', value: 'The tiles are cracked along the terrace edge.' }]);
    const disputed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/contracts/${contractId}/milestones/${first!.id}/disputes`,
      headers: { ...parties.client.headers, ...body.headers },
      payload: body.payload,
    });
    expect(disputed.statusCode).toBe(201);
    await suspend(parties, parties.expert.id);
    const resolved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/disputes/${disputed.json().dispute.id}/resolve`,
      headers: { ...parties.admin.headers, 'idempotency-key': key() },
      payload: { contractor_amount: 400_000, note: 'Half the work stands; the rest goes back.' },
    });
    expect(resolved.statusCode).toBe(200);
    // 1 040 000 held: 400 000 to the contractor, 6 000 platform fee on it, no expert fee, the rest refunded.
    expect(resolved.json().resolution).toMatchObject({ contractor_amount: 400_000, refunded_amount: 1_040_000 - 400_000 - 6_000 });
    const { rows } = await t.db.query(`SELECT 1 FROM (${ACCOUNT_BALANCES_SQL}) b WHERE kind = 'expert' AND user_id = $1 AND credits_posted > 0`, [
      parties.expert.id,
    ]);
    expect(rows).toEqual([]);
    const check = await ledgerCheck(t.app, parties);
    expect(check.checks.filter((c) => !c.ok)).toEqual([]);
  });
});

describe('the demo expert', () => {
  it('is verified', async () => {
    const { accountsSeeder } = await import('../src/seed/accounts-seeder');
    await accountsSeeder.run(t.db, t.app.log);
    const { rows } = await t.db.query<{ verified_at: unknown }>("SELECT verified_at FROM users WHERE email = 'expert@demo.fundament.example'");
    expect(rows[0]!.verified_at).not.toBeNull();
  });
});
