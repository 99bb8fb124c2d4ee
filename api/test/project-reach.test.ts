import { createTestApp, type TestApp } from './test-app';
import { seedPerson, type SeededPerson } from './escrow-fixtures';
import { postRequest } from './marketplace-helpers';

/*
 * A client learns how many verified specialists their request reaches, and how
 * many more a wider city would: the count follows the rule that decides who
 * hears of a project, so it is the number of people who did.
 */

let t: TestApp;
let client: SeededPerson;

beforeAll(async () => {
  t = await createTestApp();
  client = await seedPerson(t.db, 'client');
});
afterAll(() => t.close());

/** A specialist of `kind` with one profile; seedPerson's masonry profile in Douala replaced by this one. */
async function specialist(profile: { categories: string[]; country?: string; cities: string[] }, kind: 'contractor' | 'expert' = 'contractor') {
  const person = await seedPerson(t.db, kind);
  await t.db.query('UPDATE specialist_profiles SET categories = $2, service_country = $3, service_cities = $4 WHERE user_id = $1', [
    person.id,
    profile.categories,
    profile.country ?? 'CM',
    profile.cities,
  ]);
  return person;
}

const reachOf = (projectId: string, headers = client.headers) => t.app.inject({ method: 'GET', url: `/api/v1/projects/${projectId}/reach`, headers });

it('counts the verified specialists of the trade in the city or the whole country, and those only elsewhere in the country', async () => {
  const inDouala = await specialist({ categories: ['roofing'], cities: ['Douala'] });
  const everywhere = await specialist({ categories: ['roofing', 'masonry'], cities: [] });
  await specialist({ categories: ['roofing'], cities: ['Yaoundé'] });
  // Nobody who would not hear of the request: unverified, suspended, insolvent, an expert, another trade, another country.
  const unverified = await specialist({ categories: ['roofing'], cities: ['Douala'] });
  await t.db.query('UPDATE users SET verified_at = NULL WHERE id = $1', [unverified.id]);
  const suspended = await specialist({ categories: ['roofing'], cities: ['Douala'] });
  await t.db.query("UPDATE users SET status = 'suspended' WHERE id = $1", [suspended.id]);
  const insolvent = await specialist({ categories: ['roofing'], cities: ['Douala'] });
  await t.db.query("INSERT INTO insolvencies (contractor_id, note) VALUES ($1, 'Declared by the court')", [insolvent.id]);
  await specialist({ categories: ['roofing'], cities: ['Douala'] }, 'expert');
  await specialist({ categories: ['plumbing'], cities: ['Douala'] });
  await specialist({ categories: ['roofing'], country: 'CI', cities: ['Abidjan'] });

  const douala = await postRequest(t.app, client, { category: 'roofing', city: 'Douala', title: 'Roof of the Akwa house' });
  const answer = await reachOf(douala);
  expect(answer.statusCode).toBe(200);
  expect(answer.json()).toEqual({ specialists: 2, elsewhere_in_country: 1 });
  // The two it counts are the two who were told.
  const { rows } = await t.db.query<{ user_id: string }>(
    "SELECT user_id FROM notifications WHERE kind = 'project_request' AND data->>'project_id' = $1 ORDER BY user_id",
    [douala],
  );
  expect(rows.map((row) => row.user_id)).toEqual([inDouala.id, everywhere.id].sort());

  // In Kribi only the one serving the whole country hears of it; the Douala and Yaoundé roofers would with a wider city.
  const kribi = await postRequest(t.app, client, { category: 'roofing', city: 'Kribi', title: 'Roof of the Kribi house' });
  expect((await reachOf(kribi)).json()).toEqual({ specialists: 1, elsewhere_in_country: 2 });
});

it('is the owner’s to know: a specialist who sees the project is refused, a stranger does not learn it exists', async () => {
  const roofer = await specialist({ categories: ['carpentry'], cities: ['Douala'] });
  const projectId = await postRequest(t.app, client, { category: 'carpentry', city: 'Douala' });
  expect((await reachOf(projectId, roofer.headers)).statusCode).toBe(403);
  const stranger = await seedPerson(t.db, 'client');
  expect((await reachOf(projectId, stranger.headers)).statusCode).toBe(404);
  expect((await reachOf(projectId, {} as SeededPerson['headers'])).statusCode).toBe(401);
  expect((await reachOf(projectId)).json()).toEqual({ specialists: 1, elsewhere_in_country: 0 });
});
