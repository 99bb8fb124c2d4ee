import { createTestApp, type TestApp } from './test-app';
import { seedContract, seedPerson, type SeededPerson } from './escrow-fixtures';

/**
 * The public directory (`/professionals`) and the review that only the client
 * of a completed contract can write, once. Read by anyone, it must never carry
 * what is private (e-mail, phone, the project's own text), nor list anyone the
 * platform has not verified or has barred.
 */
let t: TestApp;
let client: SeededPerson;
let stranger: SeededPerson;
let builder: SeededPerson;
let suspended: SeededPerson;
let insolvent: SeededPerson;
let unverified: SeededPerson;
let completedId: string;
let activeId: string;

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
const review = (
  contractId: string,
  who: { headers: Record<string, string> } | null,
  payload: unknown = { rating: 5, body: 'Clean site, on time and on budget.' },
) => t.app.inject({ method: 'POST', url: `/api/v1/contracts/${contractId}/review`, headers: who?.headers ?? {}, payload: payload as object });

beforeAll(async () => {
  t = await createTestApp();
  client = await seedPerson(t.db, 'client', 'Amina', 'Private-Surname');
  stranger = await seedPerson(t.db, 'client', 'Brice');
  builder = await seedPerson(t.db, 'contractor', 'Conrad', 'Builder');
  suspended = await seedPerson(t.db, 'contractor', 'Sam', 'Suspended');
  insolvent = await seedPerson(t.db, 'contractor', 'Ivan', 'Insolvent');
  unverified = await seedPerson(t.db, 'contractor', 'Ursula', 'Unverified');
  await t.db.query("UPDATE users SET phone_number = '+237 6 99 00 11 22' WHERE id = $1", [builder.id]);
  await t.db.query("UPDATE users SET status = 'suspended' WHERE id = $1", [suspended.id]);
  await t.db.query('UPDATE users SET verified_at = NULL WHERE id = $1', [unverified.id]);
  await t.db.query("UPDATE specialist_profiles SET categories = '{roofing}', service_cities = '{Yaoundé}' WHERE user_id = $1", [insolvent.id]);
  await t.db.query(
    `INSERT INTO verification_checks (user_id, kind, outcome, checked_on) VALUES
       ($1, 'identity_register', 'passed', '2026-10-02'), ($1, 'location_visit', 'passed', '2026-10-09'),
       ($1, 'customer_interviews', 'failed', '2026-10-12'), ($1, 'financial_check', 'passed', NULL)`,
    [builder.id],
  );
  const completed = await seedContract(t.db, { clientId: client.id, contractorId: builder.id }, [100_000, 200_000]);
  completedId = completed.id;
  // Completed through escrow: every milestone released (the ledger is not what this suite is about).
  await t.db.query("UPDATE milestones SET status = 'released' WHERE contract_id = $1", [completedId]);
  await t.db.query("UPDATE contracts SET status = 'completed' WHERE id = $1", [completedId]);
  await t.db.query("UPDATE projects SET title = 'Private title of the Kribi house' WHERE id = (SELECT project_id FROM contracts WHERE id = $1)", [
    completedId,
  ]);
  activeId = (await seedContract(t.db, { clientId: client.id, contractorId: builder.id }, [50_000])).id;
  // Insolvency bars a contractor from being listed or chosen again.
  await t.db.query("INSERT INTO insolvencies (contractor_id, note) VALUES ($1, 'Bankrupt')", [insolvent.id]);
});
afterAll(async () => t.close());

describe('public directory', () => {
  it('lists only verified, active, never insolvent specialists, to anyone, without a session', async () => {
    const answer = await get('/professionals');
    expect(answer.statusCode).toBe(200);
    const ids = answer.json().data.map((card: { id: string }) => card.id);
    expect(ids).toContain(builder.id);
    expect(ids).not.toContain(suspended.id);
    expect(ids).not.toContain(insolvent.id);
    expect(ids).not.toContain(unverified.id);
    expect(answer.json().meta.total).toBe(1);
  });

  it('shows the checks a specialist passed with their dates, never the failed ones', async () => {
    const card = (await get('/professionals')).json().data[0];
    expect(card.checks).toEqual([
      { kind: 'identity_register', checked_on: '2026-10-02' },
      { kind: 'location_visit', checked_on: '2026-10-09' },
      { kind: 'financial_check', checked_on: null },
    ]);
  });

  it('filters by trade and city', async () => {
    await t.db.query("UPDATE specialist_profiles SET categories = '{kitchen,masonry}' WHERE user_id = $1", [builder.id]);
    const ids = async (query: string) => (await get(`/professionals?${query}`)).json().data.map((card: { id: string }) => card.id);
    expect(await ids('category=kitchen')).toEqual([builder.id]);
    expect(await ids('category=roofing')).toEqual([]);
    expect(await ids('city=douala')).toEqual([builder.id]);
    expect(await ids('city=Yaoundé')).toEqual([]);
    expect((await get('/professionals?page_size=500')).statusCode).toBe(422);
  });

  it('answers a profile, and 404 for someone unverified, suspended, insolvent or unknown', async () => {
    const profile = await get(`/professionals/${builder.id}`);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ id: builder.id, verified: true, completed_contracts: 1, reviews: [], rating: null, review_count: 0 });
    for (const id of [unverified.id, suspended.id, insolvent.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await get(`/professionals/${id}`)).statusCode).toBe(404);
    }
  });
});

describe('reviews', () => {
  it('lists the completed contracts a client may review; others may review nothing', async () => {
    expect((await get('/reviews/pending')).statusCode).toBe(401);
    const mine = (await get('/reviews/pending', client.headers)).json();
    expect(mine.can_review).toBe(true);
    expect(mine.data.map((item: { contract_id: string }) => item.contract_id)).toEqual([completedId]);
    expect(mine.data[0]).toMatchObject({ specialist_id: builder.id, specialist_name: 'Conrad Builder Ltd' });
    expect((await get('/reviews/pending', stranger.headers)).json()).toEqual({ can_review: true, data: [] });
    expect((await get('/reviews/pending', builder.headers)).json()).toEqual({ can_review: false, data: [] });
  });

  it('takes a review only from the client of a completed contract, once', async () => {
    expect((await review(completedId, null)).statusCode).toBe(401);
    expect((await review(completedId, stranger)).statusCode).toBe(404);
    expect((await review(completedId, builder)).statusCode).toBe(403);
    expect((await review(activeId, client)).statusCode).toBe(409);
    const invalid = await review(completedId, client, { rating: 9, body: 'ok' });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['body', 'rating']);
    expect((await review(completedId, client)).statusCode).toBe(201);
    expect((await review(completedId, client, { rating: 1, body: 'Changed my mind about everything.' })).statusCode).toBe(409);
    expect((await get('/reviews/pending', client.headers)).json().data).toEqual([]);
  });

  it('shows the review on the public profile with the first name only and nothing private', async () => {
    const answer = await get(`/professionals/${builder.id}`);
    const profile = answer.json();
    expect(profile).toMatchObject({ rating: 5, review_count: 1 });
    expect(profile.reviews).toEqual([
      { rating: 5, body: 'Clean site, on time and on budget.', author: 'Amina', trade: 'masonry', city: 'Douala', created_at: expect.any(String) },
    ]);
    const everything = answer.body + (await get('/professionals')).body;
    for (const secret of [builder.email, client.email, '+237 6 99 00 11 22', 'Private-Surname', 'Private title of the Kribi house']) {
      expect(everything).not.toContain(secret);
    }
  });
});
