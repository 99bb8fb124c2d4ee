import { createTestApp, type TestApp } from './test-app';
import { createClient, createSpecialist, multipart, type Person } from './marketplace-helpers';
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
import { exifJpeg } from './exif-jpeg';

/*
 * The site record of a contract: the timeline (entries with EXIF-dated
 * photos, the edit window, annotations), change orders and their money, and
 * the chain that names what was altered by hand.
 */

let t: TestApp;
let parties: EscrowParties;
let stranger: Person;
let otherExpert: Person;

beforeAll(async () => {
  t = await createTestApp();
  parties = await createParties(t.app, t.db);
  stranger = await createClient(t.app, t.db, 'Stranger');
  otherExpert = await createSpecialist(t.app, t.db, { first_name: 'Other', kind: 'expert' });
});
afterAll(async () => t.close());

const FIRST = exifJpeg({ takenAt: '2026:11:28 09:14:05', offset: '+01:00', latitude: 4.0511, longitude: 9.7679 });
const SECOND = exifJpeg({ takenAt: '2026:11:28 16:40:00', colour: [90, 120, 200] });

async function contractWithExpert() {
  const contractId = await createContract(t.app, parties);
  expect((await assignExpert(t.app, parties, contractId)).statusCode).toBe(200);
  return contractId;
}

function postLog(who: { headers: Record<string, string> }, contractId: string, body: string, photos: Buffer[] = []) {
  const form = multipart([
    { name: 'body', value: body },
    ...photos.map((data, i) => ({ name: 'photos', file: { name: `site-${i + 1}.jpg`, type: 'image/jpeg', data } })),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/contracts/${contractId}/daily-logs`,
    headers: { ...who.headers, ...form.headers },
    payload: form.payload,
  });
}

const listLogs = (who: { headers: Record<string, string> }, contractId: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/contracts/${contractId}/daily-logs`, headers: who.headers });
const verify = async (contractId: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/contracts/${contractId}/daily-logs/verify`, headers: parties.client.headers });
  expect(response.statusCode).toBe(200);
  return response.json();
};

function propose(who: { headers: Record<string, string> }, contractId: string, lines: unknown[], extra: Record<string, string> = {}) {
  const form = multipart([
    { name: 'title', value: 'Extra bathroom' },
    { name: 'reason', value: 'The family asked for a second bathroom on the first floor.' },
    { name: 'lines', value: JSON.stringify(lines) },
    ...Object.entries(extra).map(([name, value]) => ({ name, value })),
    { name: 'attachments', file: { name: 'sketch.jpg', type: 'image/jpeg', data: FIRST } },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/contracts/${contractId}/change-orders`,
    headers: { ...who.headers, ...form.headers },
    payload: form.payload,
  });
}

const answer = (who: { headers: Record<string, string> }, orderId: string, action: 'approve' | 'decline', idempotencyKey = key()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/change-orders/${orderId}/${action}`,
    headers: { ...who.headers, 'idempotency-key': idempotencyKey },
    payload: {},
  });

async function expectLedgerOk() {
  const check = await ledgerCheck(t.app, parties);
  expect(check.checks.filter((c) => !c.ok)).toEqual([]);
  expect(check.ok).toBe(true);
}

describe('the daily log timeline', () => {
  it('keeps each photo’s capture time and GPS position from EXIF, and shows the entry to every party and the expert', async () => {
    const contractId = await contractWithExpert();
    const posted = await postLog(parties.contractor, contractId, 'Formwork for the foundations is up.', [FIRST, SECOND]);
    expect(posted.statusCode).toBe(201);
    const entry = posted.json();
    expect(entry.author).toMatchObject({ role: 'contractor' });
    expect(
      entry.photos.map((p: { captured_at: string; latitude: number | null; longitude: number | null }) => [p.captured_at, p.latitude, p.longitude]),
    ).toEqual([
      ['2026-11-28T08:14:05.000Z', 4.0511, 9.7679],
      ['2026-11-28T16:40:00.000Z', null, null],
    ]);
    expect(entry.photos[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    const photo = await t.app.inject({ method: 'GET', url: entry.photos[0].url, headers: parties.client.headers });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');

    for (const who of [parties.client, parties.contractor, parties.expert]) {
      const list = await listLogs(who, contractId);
      expect(list.statusCode).toBe(200);
      expect(list.json().data.map((e: { body: string }) => e.body)).toEqual(['Formwork for the foundations is up.']);
    }
    expect((await postLog(parties.client, contractId, 'Visited by my cousin: looks right.')).statusCode).toBe(201);
    expect((await postLog(parties.expert, contractId, 'Rebar spacing checked.')).statusCode).toBe(201);
  });

  it('is 404 to a stranger and to an expert not assigned, 401 to an admin token, and read-only in the back office', async () => {
    const contractId = await contractWithExpert();
    await postLog(parties.contractor, contractId, 'Site cleared.');
    for (const who of [stranger, otherExpert]) {
      expect((await listLogs(who, contractId)).statusCode).toBe(404);
      expect((await postLog(who, contractId, 'Not mine.')).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/contracts/${contractId}/daily-logs/verify`, headers: who.headers })).statusCode).toBe(
        404,
      );
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/contracts/${contractId}/change-orders`, headers: who.headers })).statusCode).toBe(
        404,
      );
    }
    expect((await listLogs(parties.admin, contractId)).statusCode).toBe(401);
    expect((await postLog(parties.admin, contractId, 'Admin note.')).statusCode).toBe(401);
    const record = await t.app.inject({ method: 'GET', url: `/api/v1/admin/contracts/${contractId}/site-record`, headers: parties.admin.headers });
    expect(record.statusCode).toBe(200);
    expect(record.json().daily_logs).toHaveLength(1);
    expect(record.json().chain.seq).toBe(1);
    expect(record.json().daily_logs[0].can_edit).toBe(false);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/admin/contracts/${contractId}/site-record`, headers: parties.client.headers })).statusCode,
    ).toBe(401);
  });

  it('lets only the author edit an entry in its first 15 minutes; after that only annotations', async () => {
    const contractId = await contractWithExpert();
    const entry = (await postLog(parties.contractor, contractId, 'Slab poured.')).json();
    expect(entry.can_edit).toBe(true);
    const url = `/api/v1/contracts/${contractId}/daily-logs/${entry.id}`;
    const byOther = await t.app.inject({ method: 'PATCH', url, headers: parties.client.headers, payload: { body: 'Not poured.' } });
    expect(byOther.statusCode).toBe(403);
    const edited = await t.app.inject({ method: 'PATCH', url, headers: parties.contractor.headers, payload: { body: 'Slab poured and covered.' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ body: 'Slab poured and covered.', edited_at: expect.any(String) });
    // The first version and the correction are both in the chain, which still verifies.
    expect(await verify(contractId)).toMatchObject({ ok: true, records: 2, broken: null });

    // Sixteen minutes later (the clock of the row moved back, as time would have).
    await t.db.query("UPDATE daily_logs SET created_at = created_at - interval '16 minutes' WHERE id = $1", [entry.id]);
    const late = await t.app.inject({ method: 'PATCH', url, headers: parties.contractor.headers, payload: { body: 'Rewritten history.' } });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('An entry can only be edited in the first 15 minutes. Add an annotation instead.');
    const lateFr = await t.app.inject({
      method: 'PATCH',
      url,
      headers: { ...parties.contractor.headers, 'accept-language': 'fr' },
      payload: { body: 'Réécrit.' },
    });
    expect(lateFr.statusCode).toBe(409);
    expect(lateFr.json().message).not.toBe(late.json().message);
    const annotated = await t.app.inject({
      method: 'POST',
      url: `${url}/annotations`,
      headers: parties.client.headers,
      payload: { body: 'Seen on the photos, thanks.' },
    });
    expect(annotated.statusCode).toBe(201);
    expect(annotated.json().annotations.map((a: { body: string }) => a.body)).toEqual(['Seen on the photos, thanks.']);
    expect(annotated.json().body).toBe('Slab poured and covered.');
  });
});

describe('the tamper-evident chain', () => {
  it('chains entries, change orders, inspections and releases, and names the first row or file altered by hand', async () => {
    const contractId = await contractWithExpert();
    const contract = await getContract(t.app, parties.client, contractId);
    const [first] = contract.milestones;
    const entry = (await postLog(parties.contractor, contractId, 'Trenches dug.', [FIRST])).json();
    expect((await fund(t.app, parties.client, contractId, first!.id)).statusCode).toBe(200);
    expect((await complete(t.app, parties.contractor, contractId, first!.id)).statusCode).toBe(200);
    expect((await inspect(t.app, parties.expert, contractId, first!.id)).statusCode).toBe(200);
    expect((await release(t.app, parties.client, contractId, first!.id)).statusCode).toBe(200);
    await postLog(parties.client, contractId, 'Paid the first milestone.');

    const clean = await verify(contractId);
    expect(clean).toMatchObject({ ok: true, records: 4, broken: null, head: { seq: 4 } });
    const { rows: kinds } = await t.db.query<{ kind: string }>('SELECT kind FROM site_records WHERE contract_id = $1 ORDER BY seq', [contractId]);
    expect(kinds.map((row) => row.kind)).toEqual(['daily_log', 'inspection', 'release', 'daily_log']);
    const admin = await t.app.inject({ method: 'GET', url: `/api/v1/admin/contracts/${contractId}/site-record`, headers: parties.admin.headers });
    expect(admin.json().chain).toEqual(clean.head);

    // An entry's text changed in the database: its record is named.
    await t.db.query("UPDATE daily_logs SET body = 'Nothing was dug.' WHERE id = $1", [entry.id]);
    expect((await verify(contractId)).broken).toEqual({ seq: 1, kind: 'daily_log', subject_id: entry.id, reason: 'altered' });
    await t.db.query("UPDATE daily_logs SET body = 'Trenches dug.' WHERE id = $1", [entry.id]);
    expect((await verify(contractId)).ok).toBe(true);

    // The inspection's notes rewritten.
    await t.db.query("UPDATE milestones SET inspection_notes = 'Did not look.' WHERE id = $1", [first!.id]);
    expect((await verify(contractId)).broken).toMatchObject({ seq: 2, kind: 'inspection', reason: 'altered' });
    await t.db.query("UPDATE milestones SET inspection_notes = 'Checked levels and concrete quality on site.' WHERE id = $1", [first!.id]);

    // A stored record edited together with its payload: its hash no longer matches.
    await t.db.query(`UPDATE site_records SET payload = jsonb_set(payload, '{body}', '"Edited"') WHERE contract_id = $1 AND seq = 4`, [contractId]);
    expect((await verify(contractId)).broken).toMatchObject({ seq: 4, reason: 'hash' });
    await t.db.query(
      `UPDATE site_records SET payload = jsonb_set(payload, '{body}', '"Paid the first milestone."') WHERE contract_id = $1 AND seq = 4`,
      [contractId],
    );
    expect((await verify(contractId)).ok).toBe(true);

    // A photo replaced in the object store.
    const { rows: stored } = await t.db.query<{ stored_name: string }>('SELECT stored_name FROM escrow_files WHERE daily_log_id = $1', [entry.id]);
    const objectStore = t.app.objectStore;
    const { escrowFiles } = await import('../src/routes/contracts/contract-access');
    const files = escrowFiles(objectStore);
    const original = (await files.read(stored[0]!.stored_name))!;
    await objectStore.put(`escrow/${stored[0]!.stored_name}`, SECOND, 'image/jpeg');
    expect((await verify(contractId)).broken).toMatchObject({ seq: 1, kind: 'daily_log', reason: 'file_bytes' });
    await objectStore.put(`escrow/${stored[0]!.stored_name}`, original, 'image/jpeg');

    // A record deleted: the next one names the gap.
    await t.db.query('DELETE FROM site_records WHERE contract_id = $1 AND seq = 3', [contractId]);
    expect((await verify(contractId)).broken).toMatchObject({ seq: 4, reason: 'missing' });
  });
});

describe('change orders', () => {
  it('an approved increase changes the plan at once and the client funds the difference the usual way', async () => {
    const contractId = await contractWithExpert();
    const before = await getContract(t.app, parties.client, contractId);
    const second = before.milestones[1]!;
    const proposed = await propose(
      parties.contractor,
      contractId,
      [
        { milestone_id: second.id, amount_delta: 500_000 },
        { title: 'Second bathroom', amount_delta: 300_000 },
      ],
      { new_end_date: '2027-03-31' },
    );
    expect(proposed.statusCode).toBe(201);
    const order = proposed.json();
    expect(order).toMatchObject({ status: 'proposed', total_delta: 800_000, can_answer: false, new_end_date: '2027-03-31' });
    expect(order.attachments).toHaveLength(1);
    // The client is told, in the bell and by e-mail.
    const { rows: told } = await t.db.query<{ kind: string }>(
      "SELECT kind FROM notifications WHERE user_id = $1 AND kind = 'change_order_proposed'",
      [parties.client.id],
    );
    expect(told.length).toBeGreaterThan(0);

    // Nobody but the other party answers: not the proposer, not the expert, not a stranger.
    expect((await answer(parties.contractor, order.id, 'approve')).statusCode).toBe(403);
    expect((await answer(parties.expert, order.id, 'approve')).statusCode).toBe(403);
    expect((await answer(stranger, order.id, 'approve')).statusCode).toBe(404);
    expect((await answer(parties.admin, order.id, 'approve')).statusCode).toBe(401);
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/contracts/${contractId}/change-orders`, headers: parties.client.headers });
    expect(list.json().data[0].can_answer).toBe(true);

    const approvalKey = key();
    const approved = await answer(parties.client, order.id, 'approve', approvalKey);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('approved');
    const after = await getContract(t.app, parties.client, contractId);
    expect(after.milestones.map((m) => [m.position, m.amount, m.platform_fee, m.expert_fee, m.status])).toEqual([
      [1, 1_000_000, 15_000, 25_000, 'draft'],
      [2, 2_500_000, 37_500, 50_000, 'draft'],
      [3, 300_000, 4_500, 25_000, 'draft'],
    ]);
    // The same key answers the first answer again; the plan changes once.
    expect((await answer(parties.client, order.id, 'approve', approvalKey)).json()).toEqual(approved.json());
    expect((await getContract(t.app, parties.client, contractId)).milestones).toHaveLength(3);
    expect((await answer(parties.client, order.id, 'approve')).statusCode).toBe(409);

    const third = after.milestones[2]!;
    expect((await fund(t.app, parties.client, contractId, third.id)).statusCode).toBe(200);
    const funded = await getContract(t.app, parties.client, contractId);
    expect(funded.milestones[2]!.status).toBe('funded');
    expect(funded.account).toMatchObject({ funded: 329_500, held: 329_500 });
    const { rows: proposerTold } = await t.db.query("SELECT 1 FROM notifications WHERE user_id = $1 AND kind = 'change_order_approved'", [
      parties.contractor.id,
    ]);
    expect(proposerTold).toHaveLength(1);
    await expectLedgerOk();
    expect(await verify(contractId)).toMatchObject({ ok: true });
  });

  it('an approved decrease of a funded milestone refunds exactly the difference of price and fees from escrow', async () => {
    const contractId = await contractWithExpert();
    const [first] = (await getContract(t.app, parties.client, contractId)).milestones;
    expect((await fund(t.app, parties.client, contractId, first!.id)).statusCode).toBe(200);
    const order = (await propose(parties.client, contractId, [{ milestone_id: first!.id, amount_delta: -200_000 }])).json();
    const approved = await answer(parties.contractor, order.id, 'approve');
    expect(approved.statusCode).toBe(200);
    // 1 000 000 + 15 000 + 25 000 held; 800 000 + 12 000 + 25 000 (the expert's minimum) needed now.
    expect(approved.json().lines[0]).toMatchObject({ amount_delta: -200_000, refunded: 203_000 });
    const after = await getContract(t.app, parties.client, contractId);
    expect(after.milestones[0]).toMatchObject({ amount: 800_000, platform_fee: 12_000, expert_fee: 25_000, status: 'funded' });
    expect(after.account).toMatchObject({ funded: 1_040_000, refunded: 203_000, held: 837_000 });
    await expectLedgerOk();

    // The rest of the milestone's life goes on as usual: the contractor is paid the new price.
    expect((await complete(t.app, parties.contractor, contractId, first!.id)).statusCode).toBe(200);
    expect((await inspect(t.app, parties.expert, contractId, first!.id)).statusCode).toBe(200);
    const released = await release(t.app, parties.client, contractId, first!.id);
    expect(released.statusCode).toBe(200);
    const paid = await getContract(t.app, parties.client, contractId);
    expect(paid.milestones[0]).toMatchObject({ status: 'released', paid_to_contractor: 800_000 });
    expect(paid.account).toMatchObject({ held: 0, refunded: 203_000 });
    await expectLedgerOk();
    expect(await verify(contractId)).toMatchObject({ ok: true });
  });

  it('an increase of a funded milestone becomes a new milestone; money already released never changes', async () => {
    const contractId = await contractWithExpert();
    const [first, second] = (await getContract(t.app, parties.client, contractId)).milestones;
    await fund(t.app, parties.client, contractId, first!.id);
    await complete(t.app, parties.contractor, contractId, first!.id);
    await inspect(t.app, parties.expert, contractId, first!.id);
    await release(t.app, parties.client, contractId, first!.id);
    await fund(t.app, parties.client, contractId, second!.id);

    const onReleased = await propose(parties.contractor, contractId, [{ milestone_id: first!.id, amount_delta: 100_000 }]);
    expect(onReleased.statusCode).toBe(409);
    expect(onReleased.json().message).toBe('Milestone “Foundations” is already paid out or refunded: it cannot change.');

    const order = (await propose(parties.contractor, contractId, [{ milestone_id: second!.id, amount_delta: 400_000 }])).json();
    expect((await answer(parties.client, order.id, 'approve')).statusCode).toBe(200);
    const after = await getContract(t.app, parties.client, contractId);
    expect(after.milestones.map((m) => [(m as unknown as { title: string }).title, m.amount, m.status])).toEqual([
      ['Foundations', 1_000_000, 'released'],
      ['Walls and roof', 2_000_000, 'funded'],
      ['Walls and roof – Extra bathroom', 400_000, 'draft'],
    ]);
    expect((await fund(t.app, parties.client, contractId, after.milestones[2]!.id)).statusCode).toBe(200);
    await expectLedgerOk();
  });

  it('a declined or expired change order changes nothing', async () => {
    const contractId = await contractWithExpert();
    const before = await getContract(t.app, parties.client, contractId);
    const [first] = before.milestones;
    await fund(t.app, parties.client, contractId, first!.id);
    const funded = await getContract(t.app, parties.client, contractId);

    const declinedOrder = (
      await propose(parties.contractor, contractId, [
        { milestone_id: first!.id, amount_delta: -300_000 },
        { title: 'Fence', amount_delta: 90_000 },
      ])
    ).json();
    const declined = await answer(parties.client, declinedOrder.id, 'decline');
    expect(declined.statusCode).toBe(200);
    expect(declined.json().status).toBe('declined');
    expect((await answer(parties.client, declinedOrder.id, 'approve')).statusCode).toBe(409);
    const { rows: proposerTold } = await t.db.query("SELECT 1 FROM notifications WHERE user_id = $1 AND kind = 'change_order_declined'", [
      parties.contractor.id,
    ]);
    expect(proposerTold.length).toBeGreaterThan(0);

    const expiring = await propose(parties.client, contractId, [{ milestone_id: first!.id, amount_delta: -300_000 }], { respond_within_days: '1' });
    expect(expiring.statusCode).toBe(201);
    // Two days later.
    await t.db.query("UPDATE change_orders SET respond_by = now() - interval '1 day' WHERE id = $1", [expiring.json().id]);
    const late = await answer(parties.contractor, expiring.json().id, 'approve');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This change order expired: its answer date has passed. Nothing was changed.');
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/contracts/${contractId}/change-orders`, headers: parties.contractor.headers });
    expect(list.json().data.map((o: { status: string }) => o.status)).toEqual(['expired', 'declined']);

    const after = await getContract(t.app, parties.client, contractId);
    expect(after.milestones).toEqual(funded.milestones);
    expect(after.account).toEqual(funded.account);
    await expectLedgerOk();
  });

  it('refuses proposals from the expert, bad lines, and answers on a frozen contract', async () => {
    const contractId = await contractWithExpert();
    const [first] = (await getContract(t.app, parties.client, contractId)).milestones;
    expect((await propose(parties.expert, contractId, [{ title: 'Fence', amount_delta: 90_000 }])).statusCode).toBe(403);
    expect((await propose(stranger, contractId, [{ title: 'Fence', amount_delta: 90_000 }])).statusCode).toBe(404);
    expect((await propose(parties.client, contractId, [])).statusCode).toBe(422);
    expect((await propose(parties.client, contractId, [{ title: 'Fence', amount_delta: -5 }])).statusCode).toBe(422);
    expect((await propose(parties.client, contractId, [{ milestone_id: first!.id, amount_delta: -1_000_000 }])).statusCode).toBe(422);
    const admin = await t.app.inject({ method: 'GET', url: `/api/v1/admin/contracts/${contractId}/site-record`, headers: parties.admin.headers });
    expect(admin.json().change_orders).toEqual([]);
  });
});
