import { createTestApp, type TestApp } from './test-app';
import { createClient, createSpecialist, type Person } from './marketplace-helpers';
import { RememberedTotals } from '../src/routes/projects/listing-totals';
import { projectListingQuery } from '../src/routes/projects/project-listing';

/*
 * A specialist's request list gathers open requests in their trades and area,
 * and the projects they were invited to or quoted on, whatever their trade:
 * each once, newest first, with the total of all its pages. A page reads only
 * the first requests of each trade and city, so paging a long list must still
 * give every project once, whatever ties its dates have.
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

describe('a long request list', () => {
  let eric: Person;
  const visible: string[] = [];

  /** A project posted straight into the table: `minutesAgo` sets its date, so several can share one. */
  async function insert(category: string, city: string, minutesAgo: number, status = 'open') {
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO projects (owner_id, title, description, category, country, city, currency, status, created_at)
       VALUES ($1, $2, 'Work for a family house, materials included.', $3, 'CM', $4, 'XAF', $5, now() - $6 * interval '1 minute')
       RETURNING id`,
      [client.id, `${category} in ${city}`, category, city, status, minutesAgo],
    );
    return rows[0]!.id;
  }

  beforeAll(async () => {
    eric = await createSpecialist(t.app, t.db, { first_name: 'Eric', categories: ['painting', 'tiling', 'painting'], cities: ['Kribi', 'Limbé'] });
    // Thirty requests in his four areas, three at a time sharing one date.
    for (let i = 0; i < 30; i += 1) {
      visible.push(await insert(i % 2 ? 'painting' : 'tiling', i % 3 ? 'Kribi' : 'Limbé', 100 + Math.floor(i / 3)));
    }
    // Not his: another city, a project no longer open, a draft.
    await insert('painting', 'Garoua', 5);
    await insert('painting', 'Kribi', 6, 'contracted');
    const draft = await insert('painting', 'Kribi', 7, 'draft');
    // His all the same: a contracted project elsewhere that he quoted on. Not his: an invitation he declined, one to a draft.
    const quoted = await insert('plumbing', 'Garoua', 8, 'contracted');
    visible.push(quoted);
    await t.db.query(`INSERT INTO quotes (project_id, specialist_id, amount, currency, duration_days) VALUES ($1, $2, 900000, 'XAF', 20)`, [
      quoted,
      eric.id,
    ]);
    const declined = await insert('plumbing', 'Douala', 9);
    await t.db.query(`INSERT INTO invites (inviter_id, project_id, specialist_id, status) VALUES ($1, $2, $3, 'declined')`, [
      client.id,
      declined,
      eric.id,
    ]);
    await t.db.query(`INSERT INTO invites (inviter_id, project_id, specialist_id) VALUES ($1, $2, $3)`, [client.id, draft, eric.id]);
  });

  const everyPage = async (sort: string, pageSize: number) => {
    const seen: string[] = [];
    const totals = new Set<number>();
    for (let page = 1; ; page += 1) {
      const { ids: onPage, total } = await list(eric, `?sort=${sort}&page_size=${pageSize}&page=${page}`);
      totals.add(total);
      if (onPage.length === 0) break;
      seen.push(...onPage);
    }
    return { seen, totals: [...totals] };
  };

  it('gives every project once across its pages, in date order, with one total', async () => {
    const newest = await everyPage('newest', 4);
    expect(newest.seen).toHaveLength(visible.length);
    expect([...newest.seen].sort()).toEqual([...visible].sort());
    expect(newest.totals).toEqual([visible.length]);
    const { rows } = await t.db.query<{ id: string; created_at: Date }>('SELECT id, created_at FROM projects WHERE id = ANY ($1)', [visible]);
    const dates = newest.seen.map((id) => rows.find((row) => row.id === id)!.created_at.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    const oldest = await everyPage('oldest', 5);
    expect(oldest.seen).toEqual([...newest.seen].reverse());
    expect(oldest.totals).toEqual([visible.length]);
  });

  it('narrows to one trade and city with the right total', async () => {
    const inKribi = await list(eric, '?category=painting&city=kribi&page_size=50');
    const { rows } = await t.db.query<{ id: string }>(`SELECT id FROM projects WHERE id = ANY ($1) AND category = 'painting' AND city = 'Kribi'`, [
      visible,
    ]);
    expect([...inKribi.ids].sort()).toEqual(rows.map((row) => row.id).sort());
    expect(inKribi.total).toBe(rows.length);
  });

  it('keeps only the projects he quoted on once he is declared insolvent', async () => {
    await t.db.query("INSERT INTO insolvencies (contractor_id, note) VALUES ($1, 'Declared by the court')", [eric.id]);
    expect(await list(eric)).toEqual({ ids: [visible.at(-1)], total: 1 });
  });
});

describe('remembered totals', () => {
  it('forgets a total after its lifetime, and the least recently used one beyond its capacity', () => {
    let now = 0;
    const totals = new RememberedTotals(5_000, 2, () => now);
    totals.set('a', 10);
    totals.set('b', 20);
    now = 4_999;
    expect(totals.get('a')).toBe(10);
    totals.set('c', 30);
    // 'b' was used least recently: it makes room for 'c'.
    expect([totals.get('a'), totals.get('b'), totals.get('c')]).toEqual([10, undefined, 30]);
    now = 5_000;
    expect(totals.get('a')).toBeUndefined();
    expect(totals.get('c')).toBe(30);
    expect(totals.size).toBe(1);
  });
});

describe('the listing statement', () => {
  const page = { page: 1, page_size: 12 };

  it('is built once per shape of request: other values only change its parameters', () => {
    const douala = projectListingQuery('a', 'specialist', { ...page, category: 'kitchen', city: 'Douala' }, { count: false });
    const yaounde = projectListingQuery('b', 'specialist', { ...page, page: 3, category: 'plumbing', city: 'Yaoundé' }, { count: false });
    expect(yaounde.statement).toBe(douala.statement);
    expect(yaounde.params).toEqual(['b', 'plumbing', 'Yaoundé', 12, 24, 36]);
    // Another filter, the total asked for, another order or another viewer: another statement.
    const others = [
      projectListingQuery('a', 'specialist', { ...page, category: 'kitchen' }, { count: false }),
      projectListingQuery('a', 'specialist', { ...page, category: 'kitchen', city: 'Douala' }, { count: true }),
      projectListingQuery('a', 'specialist', { ...page, category: 'kitchen', city: 'Douala', sort: 'oldest' }, { count: false }),
      projectListingQuery('a', 'owner', { ...page, category: 'kitchen', city: 'Douala' }),
    ];
    expect(new Set([douala.statement, ...others.map((other) => other.statement)]).size).toBe(5);
  });

  it('reads only what a card shows: no description, no contract', async () => {
    const { text } = projectListingQuery('a', 'specialist', page).statement;
    expect(text).not.toMatch(/description|contracts c\b/);
  });
});
