import { loadConfig } from '../src/config';
import { escrowTimerDeps } from '../src/escrow/timer-job';
import { runEscrowTimers, type EscrowTimerDeps } from '../src/escrow/timers';
import { multipart } from './marketplace-helpers';
import { createTestApp, type TestApp } from './test-app';
import {
  assignExpert,
  complete,
  createContract,
  createParties,
  fund,
  getContract,
  inspect,
  ledgerCheck,
  release,
  type EscrowParties,
} from './escrow-helpers';

const DAY = 86_400_000;

let t: TestApp;
let parties: EscrowParties;
let deps: EscrowTimerDeps;

beforeAll(async () => {
  t = await createTestApp();
  parties = await createParties(t.app, t.db);
  deps = escrowTimerDeps(t.app, loadConfig({ NODE_ENV: 'test' }));
});
afterAll(async () => t.close());

async function expectLedgerOk() {
  const check = await ledgerCheck(t.app, parties);
  expect(check.checks.filter((c) => !c.ok)).toEqual([]);
  expect(check.ok).toBe(true);
}

/** A contract whose first milestone the expert has approved; its auto-release date as the client sees it. */
async function approvedMilestone() {
  const contractId = await createContract(t.app, parties);
  expect((await assignExpert(t.app, parties, contractId)).statusCode).toBe(200);
  const milestone = (await getContract(t.app, parties.client, contractId)).milestones[0]!;
  expect((await fund(t.app, parties.client, contractId, milestone.id)).statusCode).toBe(200);
  expect((await complete(t.app, parties.contractor, contractId, milestone.id)).statusCode).toBe(200);
  expect((await inspect(t.app, parties.expert, contractId, milestone.id)).statusCode).toBe(200);
  const view = (await getContract(t.app, parties.client, contractId)).milestones[0]! as unknown as { auto_release_at: string | null };
  expect(view.auto_release_at).not.toBeNull();
  return { contractId, milestoneId: milestone.id, releaseAt: new Date(view.auto_release_at!) };
}

/** What a run did to one milestone or dispute: the suite's other contracts share the clock. */
const only = (id: string) => (ids: string[]) => ids.filter((other) => other === id);

async function notificationsOf(userId: string, kind: string) {
  const { rows } = await t.db.query<{ data: Record<string, string> }>('SELECT data FROM notifications WHERE user_id = $1 AND kind = $2', [
    userId,
    kind,
  ]);
  return rows.map((row) => row.data);
}

async function payoutsOf(milestoneId: string) {
  const { rows } = await t.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM ledger_transfers WHERE milestone_id = $1 AND code = 'expert_fee'",
    [milestoneId],
  );
  return rows[0]!.n;
}

describe('auto-release of an approved milestone', () => {
  it('is shown to the client 14 days after the approval', async () => {
    const before = Date.now();
    const { releaseAt } = await approvedMilestone();
    expect(releaseAt.getTime()).toBeGreaterThanOrEqual(before + 14 * DAY - 60_000);
    expect(releaseAt.getTime()).toBeLessThanOrEqual(Date.now() + 14 * DAY);
  });

  it('reminds the client 7 days and 1 day before, each once', async () => {
    const { contractId, milestoneId, releaseAt } = await approvedMilestone();
    const at = (daysBefore: number) => new Date(releaseAt.getTime() - daysBefore * DAY);
    const reminded = async (daysBefore: number) => only(milestoneId)((await runEscrowTimers(deps, at(daysBefore))).reminded);
    expect(await reminded(8)).toEqual([]);
    expect(await reminded(6.5)).toEqual([milestoneId]);
    expect(await reminded(6)).toEqual([]);
    expect(await reminded(0.5)).toEqual([milestoneId]);
    expect(await reminded(0.25)).toEqual([]);
    const reminders = (await notificationsOf(parties.client.id, 'auto_release_reminder')).filter((data) => data.contract_id === contractId);
    expect(reminders).toHaveLength(2);
    expect(reminders[0]).toMatchObject({ milestone: 'Foundations', date: releaseAt.toISOString().slice(0, 10) });
    expect((await getContract(t.app, parties.client, contractId)).milestones[0]!.status).toBe('approved');
  });

  it('releases the milestone once its date has passed, once, even with the client releasing at the same moment', async () => {
    const { contractId, milestoneId, releaseAt } = await approvedMilestone();
    const after = new Date(releaseAt.getTime() + 60_000);
    const mine = only(milestoneId);
    expect(mine((await runEscrowTimers(deps, new Date(releaseAt.getTime() - 60_000))).released)).toEqual([]);
    const [timers, manual] = await Promise.all([runEscrowTimers(deps, after), release(t.app, parties.client, contractId, milestoneId)]);
    // Whichever came second found the milestone released.
    expect(mine(timers.released).length + (manual.statusCode === 200 ? 1 : 0)).toBe(1);
    if (manual.statusCode !== 200) expect(manual.statusCode).toBe(409);
    expect(mine((await runEscrowTimers(deps, new Date(after.getTime() + DAY))).released)).toEqual([]);
    const contract = await getContract(t.app, parties.client, contractId);
    expect(contract.milestones[0]).toMatchObject({ status: 'released', auto_release_at: null });
    expect(await payoutsOf(milestoneId)).toBe(1);
    await expectLedgerOk();
  });

  it('releases on its own through the same posting as the client’s release', async () => {
    const { contractId, milestoneId, releaseAt } = await approvedMilestone();
    const report = await runEscrowTimers(deps, new Date(releaseAt.getTime() + 60_000));
    expect(only(milestoneId)(report.released)).toEqual([milestoneId]);
    expect((await getContract(t.app, parties.contractor, contractId)).milestones[0]!.status).toBe('released');
    expect((await release(t.app, parties.client, contractId, milestoneId)).statusCode).toBe(409);
    expect(await payoutsOf(milestoneId)).toBe(1);
    const released = (await notificationsOf(parties.contractor.id, 'milestone_released')).filter((data) => data.contract_id === contractId);
    expect(released).toHaveLength(1);
    await expectLedgerOk();
  });

  it('never releases a disputed milestone', async () => {
    const { contractId, milestoneId, releaseAt } = await approvedMilestone();
    const body = multipart([{ name: 'reason', value: 'The walls are not at the agreed height.' }]);
    const disputed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/contracts/${contractId}/milestones/${milestoneId}/disputes`,
      headers: { ...parties.client.headers, ...body.headers },
      payload: body.payload,
    });
    expect(disputed.statusCode).toBe(201);
    expect(disputed.json().milestones[0].auto_release_at).toBeNull();
    expect((await runEscrowTimers(deps, new Date(releaseAt.getTime() + DAY))).released).not.toContain(milestoneId);
    expect(await payoutsOf(milestoneId)).toBe(0);
  });
});

/** A dispute the client opens on a funded milestone of a new contract. */
async function openedDispute() {
  const contractId = await createContract(t.app, parties);
  const milestone = (await getContract(t.app, parties.client, contractId)).milestones[0]!;
  await fund(t.app, parties.client, contractId, milestone.id);
  const body = multipart([{ name: 'reason', value: 'Nobody has come to the site for three weeks.' }]);
  const disputed = await t.app.inject({
    method: 'POST',
    url: `/api/v1/contracts/${contractId}/milestones/${milestone.id}/disputes`,
    headers: { ...parties.client.headers, ...body.headers },
    payload: body.payload,
  });
  expect(disputed.statusCode).toBe(201);
  return disputed.json().dispute as { id: string; respond_by: string; arbitration_until: string };
}

async function adminMailAbout(disputeId: string) {
  const { rows } = await t.db.query<{ to_address: string; text_body: string }>(
    'SELECT to_address, text_body FROM mail_outbox WHERE text_body LIKE $1',
    [`%/admin/disputes/${disputeId}%`],
  );
  return rows;
}

describe('the arbitration window', () => {
  it('reminds the admins 7 days and 1 day before it closes, each once', async () => {
    const { id: disputeId, arbitration_until } = await openedDispute();
    const closes = new Date(arbitration_until);
    const reminded = async (daysBefore: number) =>
      only(disputeId)((await runEscrowTimers(deps, new Date(closes.getTime() - daysBefore * DAY))).arbitrationReminders);
    expect(await reminded(8)).toEqual([]);
    expect(await reminded(6)).toEqual([disputeId]);
    expect(await reminded(5)).toEqual([]);
    expect(await reminded(0.5)).toEqual([disputeId]);
    expect(await reminded(0.25)).toEqual([]);
    const { rows: admins } = await t.db.query('SELECT 1 FROM admins');
    const mail = (await adminMailAbout(disputeId)).filter((item) => item.text_body.includes('arbitration window'));
    expect(mail).toHaveLength(2 * admins.length);
    expect(mail[0]!.text_body).toContain(`closes on ${arbitration_until.slice(0, 10)}`);
  });
});

describe('a dispute left unanswered', () => {
  it('goes to arbitration once its answer date passes, and both parties and the admins are told, once', async () => {
    const { id: disputeId, respond_by } = await openedDispute();
    const answerDate = new Date(respond_by);

    expect((await runEscrowTimers(deps, new Date(answerDate.getTime() - 60_000))).escalated).not.toContain(disputeId);
    expect(only(disputeId)((await runEscrowTimers(deps, new Date(answerDate.getTime() + 60_000))).escalated)).toEqual([disputeId]);
    expect(only(disputeId)((await runEscrowTimers(deps, new Date(answerDate.getTime() + DAY))).escalated)).toEqual([]);
    await t.app.backgroundIdle();

    const dispute = await t.app.inject({ method: 'GET', url: `/api/v1/admin/disputes/${disputeId}`, headers: parties.admin.headers });
    expect(dispute.json().status).toBe('mediation');
    for (const party of [parties.client, parties.contractor]) {
      const told = (await notificationsOf(party.id, 'dispute_escalated')).filter((data) => data.dispute_id === disputeId);
      expect(told).toHaveLength(1);
    }
    const adminMail = await adminMailAbout(disputeId);
    const { rows: admins } = await t.db.query<{ email: string }>('SELECT email FROM admins');
    expect(adminMail.map((mail) => mail.to_address).sort()).toEqual(admins.map((admin) => admin.email).sort());
    expect(adminMail[0]!.text_body).toContain('the dispute goes to arbitration');
  });
});

describe('an insolvency waiting on the expert’s estimate', () => {
  it('reminds the expert before the estimate is due, and tells the admins once when it is late', async () => {
    const own = await createParties(t.app, t.db, ' Insolvent');
    const contractId = await createContract(t.app, own);
    expect((await assignExpert(t.app, own, contractId)).statusCode).toBe(200);
    const milestone = (await getContract(t.app, own.client, contractId)).milestones[0]!;
    expect((await fund(t.app, own.client, contractId, milestone.id)).statusCode).toBe(200);
    const declared = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/contractors/${own.contractor.id}/insolvency`,
      headers: own.admin.headers,
      payload: { note: 'Company entered liquidation.' },
    });
    expect(declared.statusCode).toBe(200);
    const { rows } = await t.db.query<{ declared_at: Date }>('SELECT declared_at FROM insolvencies WHERE contractor_id = $1', [own.contractor.id]);
    const due = new Date(new Date(rows[0]!.declared_at).getTime() + 14 * DAY);
    const run = (daysBefore: number) => runEscrowTimers(deps, new Date(due.getTime() - daysBefore * DAY));
    const mine = only(contractId);

    expect(mine((await run(8)).estimateReminders)).toEqual([]);
    expect(mine((await run(6)).estimateReminders)).toEqual([contractId]);
    expect(mine((await run(5)).estimateReminders)).toEqual([]);
    expect(mine((await run(0.5)).estimateReminders)).toEqual([contractId]);
    const reminders = (await notificationsOf(own.expert.id, 'estimate_reminder')).filter((data) => data.contract_id === contractId);
    expect(reminders).toHaveLength(2);
    expect(reminders[0]).toMatchObject({ date: due.toISOString().slice(0, 10) });

    expect(mine((await run(-0.1)).lateEstimates)).toEqual([contractId]);
    expect(mine((await run(-1)).lateEstimates)).toEqual([]);
    const { rows: late } = await t.db.query('SELECT 1 FROM mail_outbox WHERE text_body LIKE $1', [`%/admin/contracts/${contractId}%`]);
    const { rows: admins } = await t.db.query('SELECT 1 FROM admins');
    expect(late).toHaveLength(admins.length);
  });
});
