import { createTestApp, type TestApp } from './test-app';
import { createClient, createSpecialist, type Person } from './marketplace-helpers';

/*
 * A specialist's request list gathers open requests in their trades and area,
 * and the projects they were invited to or quoted on, whatever their trade:
 * each once, newest first, with the total of all its pages.
 */

let t: TestApp;
let client: Person;
let paul: Person;
let wholeCountry: Person;
const ids: Record<string, string> = {};

async function createProject(name: string, category: string, city: string) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/projects',
    headers: client.headers,
    payload: {
      title: `${name} in ${city}`,
      description: 'Work for a family house, materials included, to start within three months.',
      category,
      country: 'CM',
      city,
      currency: 'XAF',
    },
  });
  expect(created.statusCode).toBe(201);
  ids[name] = (created.json() as { id: string }).id;
}

beforeAll(async () => {
  t = await createTestApp();
  client = await createClient(t.app, t.db, 'Amina');
  paul = await createSpecialist(t.app, t.db, { first_name: 'Paul', categories: ['kitchen'], cities: ['Douala'] });
  wholeCountry = await createSpecialist(t.app, t.db, { first_name: 'Nadia', categories: ['kitchen'], cities: [] });
  await createProject('kitchen', 'kitchen', 'Douala');
  await createProject('far kitchen', 'kitchen', 'Yaoundé');
  await createProject('plumbing', 'plumbing', 'Douala');
  await createProject('roof', 'roofing', 'Douala');
  // Paul quoted on the kitchen he also matches, and was invited to the plumbing; the roof is none of his business.
  await t.db.query(`INSERT INTO quotes (project_id, specialist_id, amount, currency, duration_days) VALUES ($1, $2, 1500000, 'XAF', 30)`, [
    ids.kitchen,
    paul.id,
  ]);
  await t.db.query(`INSERT INTO invites (inviter_id, project_id, specialist_id) VALUES ($1, $2, $3)`, [client.id, ids.plumbing, paul.id]);
});
afterAll(async () => t.close());

const list = async (person: Person, query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/projects${query}`, headers: person.headers });
  expect(response.statusCode).toBe(200);
  const body = response.json() as { data: Array<{ id: string }>; meta: { total: number } };
  return { ids: body.data.map((project) => project.id), total: body.meta.total };
};

it('lists matching requests and the projects a specialist was invited to or quoted on, each once, newest first', async () => {
  expect(await list(paul)).toEqual({ ids: [ids.plumbing, ids.kitchen], total: 2 });
  expect(await list(paul, '?sort=oldest')).toEqual({ ids: [ids.kitchen, ids.plumbing], total: 2 });
});

it('finds requests in every city for a specialist who serves the whole country', async () => {
  expect(await list(wholeCountry)).toEqual({ ids: [ids['far kitchen'], ids.kitchen], total: 2 });
  expect(await list(wholeCountry, '?city=yaound%C3%A9')).toEqual({ ids: [ids['far kitchen']], total: 1 });
});

it('pages the list and keeps its total past the last page', async () => {
  expect(await list(paul, '?page_size=1')).toEqual({ ids: [ids.plumbing], total: 2 });
  expect(await list(paul, '?page_size=1&page=2')).toEqual({ ids: [ids.kitchen], total: 2 });
  expect(await list(paul, '?page_size=1&page=3')).toEqual({ ids: [], total: 2 });
});

it('applies the filters to invitations and quotes too', async () => {
  expect(await list(paul, '?category=plumbing')).toEqual({ ids: [ids.plumbing], total: 1 });
  expect(await list(paul, '?category=roofing')).toEqual({ ids: [], total: 0 });
});
