import type { PreparedStatement, Queryable } from '../src/db/database';
import { projectListingQuery, type ListingFilters } from '../src/routes/projects/project-listing';
import { projectCard, type ProjectCardRow } from '../src/routes/projects/project-views';
import { LISTINGS_CHANGED, REQUEST_CACHE, RequestCache } from '../src/routes/projects/request-cache';
import { createClient, createSpecialist, postRequest, type Person } from './marketplace-helpers';
import { createTestApp, type TestApp } from './test-app';

/*
 * A specialist's request list is answered from what the instance keeps: the
 * first requests of each area, shared by everyone who serves it, and each
 * specialist's areas, invitations and quotes. It must give exactly what the
 * listing statement gives, page and total, and every change must show in the
 * very next list: a request opened or closed, a quote, a new name, new cities.
 */

let t: TestApp;
let client: Person;

beforeAll(async () => {
  t = await createTestApp();
  client = await createClient(t.app, t.db, 'Amina');
});
afterAll(async () => t.close());

/** A project posted straight into the table, `minutesAgo` before a fixed moment: several can share one date to the microsecond. */
async function insert(category: string, city: string, minutesAgo: number, status = 'open') {
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO projects (owner_id, title, description, category, country, city, currency, status, created_at)
     VALUES ($1, $2, 'Work for a family house, materials included.', $3, 'CM', $4, 'XAF', $5, timestamptz '2026-11-01 12:00:00+00' - $6 * interval '1 minute')
     RETURNING id`,
    [client.id, `${category} in ${city}`, category, city, status, minutesAgo],
  );
  return rows[0]!.id;
}

/** What the listing statement itself answers, total counted. */
async function fromStatement(specialistId: string, filters: ListingFilters) {
  const { statement, params } = projectListingQuery(specialistId, 'specialist', filters, { count: true });
  const { rows } = await t.db.query<ProjectCardRow & { total: string | number }>(statement, params);
  return { rows: rows.filter((row) => row.id !== null).map(({ total: _total, ...row }) => projectCard(row)), total: Number(rows[0]?.total ?? 0) };
}

/** The database, counting the statements sent to it. */
function counting(db: Queryable) {
  const sent: string[] = [];
  const wrapped: Queryable = {
    query: (sql, params) => {
      sent.push(typeof sql === 'string' ? sql : (sql as PreparedStatement).text);
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
  };
  return { db: wrapped, sent };
}

describe('pages from memory', () => {
  const specialists: Record<string, Person> = {};

  beforeAll(async () => {
    specialists.cities = await createSpecialist(t.app, t.db, {
      first_name: 'Eric',
      categories: ['painting', 'tiling', 'painting'],
      cities: ['Kribi', 'Limbé'],
    });
    specialists.country = await createSpecialist(t.app, t.db, { first_name: 'Nadia', categories: ['painting'], cities: [] });
    specialists.quiet = await createSpecialist(t.app, t.db, { first_name: 'Oscar', categories: ['roofing'], cities: ['Garoua'] });
    // Forty requests over two trades and three cities, four at a time sharing one date (to the microsecond).
    for (let i = 0; i < 40; i += 1) {
      await insert(i % 2 ? 'painting' : 'tiling', ['Kribi', 'Limbé', 'Douala'][i % 3]!, 100 + Math.floor(i / 4));
    }
    // Not requests: closed and draft projects in their areas.
    await insert('painting', 'Kribi', 6, 'contracted');
    const draft = await insert('painting', 'Kribi', 7, 'draft');
    // Theirs all the same: a contracted project elsewhere quoted on, an open one elsewhere invited to, an open one in an area quoted on.
    const quoted = await insert('plumbing', 'Garoua', 8, 'contracted');
    const invited = await insert('plumbing', 'Douala', 9);
    const { rows: inArea } = await t.db.query<{ id: string }>(
      `SELECT id FROM projects WHERE category = 'painting' AND city = 'Kribi' AND status = 'open' LIMIT 1`,
    );
    for (const person of Object.values(specialists)) {
      await t.db.query(`INSERT INTO quotes (project_id, specialist_id, amount, currency, duration_days) VALUES ($1, $2, 900000, 'XAF', 20)`, [
        quoted,
        person.id,
      ]);
      await t.db.query(`INSERT INTO quotes (project_id, specialist_id, amount, currency, duration_days) VALUES ($1, $2, 900000, 'XAF', 20)`, [
        inArea[0]!.id,
        person.id,
      ]);
      await t.db.query(`INSERT INTO invites (inviter_id, project_id, specialist_id) VALUES ($1, $2, $3)`, [client.id, invited, person.id]);
      // Neither a declined invitation nor one to a draft.
      await t.db.query(`INSERT INTO invites (inviter_id, project_id, specialist_id) VALUES ($1, $2, $3)`, [client.id, draft, person.id]);
    }
    const declined = await insert('plumbing', 'Kribi', 10);
    await t.db.query(`INSERT INTO invites (inviter_id, project_id, specialist_id, status) VALUES ($1, $2, $3, 'declined')`, [
      client.id,
      declined,
      specialists.cities!.id,
    ]);
  });

  const filterSets: Array<Partial<ListingFilters>> = [
    {},
    { category: 'painting' },
    { city: 'kribi' },
    { category: 'tiling', city: 'LIMBÉ' },
    { city: 'Douala' },
    { category: 'plumbing' },
    { city: 'Maroua' },
  ];

  it('gives every page exactly as the listing statement does, total included', async () => {
    // Ten cards kept per area: the later pages are asked of the database, and must be refused from memory.
    const depth = 10;
    const cache = new RequestCache(t.db, () => true, { ...REQUEST_CACHE, depth });
    let fromMemory = 0;
    for (const person of Object.values(specialists)) {
      for (const filters of filterSets) {
        for (const sort of ['newest', 'oldest'] as const) {
          for (const pageSize of [1, 3, 10]) {
            for (let page = 1; page <= 4; page += 1) {
              const asked = { ...filters, sort, page, page_size: pageSize };
              const kept = await cache.page(person.id, asked);
              if (page * pageSize > depth) {
                expect(kept).toBeUndefined();
                continue;
              }
              const expected = await fromStatement(person.id, asked);
              expect({ rows: kept!.rows.map(projectCard), total: kept!.total }).toEqual(expected);
              fromMemory += 1;
            }
          }
        }
      }
    }
    expect(fromMemory).toBeGreaterThan(200);
  });

  it('answers again without a statement, and shares an area between the specialists who serve it', async () => {
    const { db, sent } = counting(t.db);
    const cache = new RequestCache(db, () => true);
    const filters = { category: 'painting', city: 'Kribi', sort: 'newest' as const, page: 1, page_size: 12 };
    await cache.page(specialists.cities!.id, filters);
    // The specialist's areas and own projects, and one area.
    expect(sent).toHaveLength(3);
    await cache.page(specialists.cities!.id, { ...filters, page: 2 });
    expect(sent).toHaveLength(3);
    // Nadia serves painting in the whole country: her own, and the country's painting in Kribi.
    await cache.page(specialists.country!.id, filters);
    expect(sent).toHaveLength(6);
    await cache.page(specialists.country!.id, filters);
    expect(sent).toHaveLength(6);
    cache.clear();
    await cache.page(specialists.cities!.id, filters);
    expect(sent).toHaveLength(9);
  });

  it('leaves to the database what it does not keep, and everything while announcements cannot be heard', async () => {
    let live = true;
    const cache = new RequestCache(t.db, () => live);
    const page = { sort: 'newest' as const, page: 1, page_size: 12 };
    expect(await cache.page(specialists.cities!.id, page)).toBeDefined();
    for (const other of [{ status: 'open' }, { country: 'CM' }, { q: 'painting' }]) {
      expect(await cache.page(specialists.cities!.id, { ...page, ...other })).toBeUndefined();
    }
    live = false;
    expect(await cache.page(specialists.cities!.id, page)).toBeUndefined();
  });

  it('forgets only what a change touches, as the database announces it', async () => {
    const { db, sent } = counting(t.db);
    const cache = new RequestCache(db, () => true);
    const listener = await t.db.listen(LISTINGS_CHANGED, { onPayload: (change) => cache.forget(change) });
    const page = { sort: 'newest' as const, page: 1, page_size: 12 };
    const eric = specialists.cities!;
    const nadia = specialists.country!;
    const listBoth = async () => {
      sent.length = 0;
      const lists = [await cache.page(eric.id, page), await cache.page(nadia.id, page)];
      const ownParts = sent.filter((text) => text.includes('specialist_profiles') || text.includes('invites i')).length;
      return { lists, ownParts, areas: sent.length - ownParts };
    };
    try {
      await listBoth();
      // Nobody here serves roofing: nothing is read again.
      await insert('roofing', 'Garoua', 1);
      expect(await listBoth()).toMatchObject({ ownParts: 0, areas: 0 });
      // Painting in Kribi: the painting areas of Cameroon (Eric's Kribi and Limbé, Nadia's whole country), no one's own part.
      const kribi = await insert('painting', 'Kribi', 1);
      const afterPainting = await listBoth();
      expect(afterPainting).toMatchObject({ ownParts: 0, areas: 3 });
      expect(afterPainting.lists.map((list) => list!.rows[0]!.id)).toEqual([kribi, kribi]);
      // An invitation to a draft outside his areas: only Eric's own part, and the draft is not listed.
      const draft = await insert('plumbing', 'Garoua', 0, 'draft');
      await t.db.query(`INSERT INTO invites (inviter_id, project_id, specialist_id) VALUES ($1, $2, $3)`, [client.id, draft, eric.id]);
      const invited = await listBoth();
      expect(invited).toMatchObject({ ownParts: 2, areas: 0 });
      expect(invited.lists[0]!.rows.map((card) => card.id)).not.toContain(draft);
      // Published, it is his at once, though no area of his holds it.
      await t.db.query(`UPDATE projects SET status = 'open', created_at = now() WHERE id = $1`, [draft]);
      const published = await listBoth();
      expect(published).toMatchObject({ ownParts: 2, areas: 0 });
      expect(published.lists[0]!.rows[0]!.id).toBe(draft);
      expect(published.lists[1]!.rows.map((card) => card.id)).not.toContain(draft);
    } finally {
      await listener.close();
    }
  });

  it('does not keep a read that an announcement overtook', async () => {
    const { db, sent } = counting(t.db);
    const cache = new RequestCache(db, () => true);
    const filters = { sort: 'newest' as const, page: 1, page_size: 12 };
    const reading = cache.page(specialists.quiet!.id, filters);
    cache.clear();
    await reading;
    const before = sent.length;
    await cache.page(specialists.quiet!.id, filters);
    expect(sent.length).toBeGreaterThan(before);
  });
});

describe('a change shows in the very next list', () => {
  let paul: Person;
  let rival: Person;
  let kitchen: string;

  const list = async (query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/projects${query}`, headers: paul.headers });
    expect(response.statusCode).toBe(200);
    return response.json() as {
      data: Array<{ id: string; title: string; status: string; bid_count: number; created_by: { name: string } }>;
      meta: { total: number };
    };
  };
  const ids = async (query = '') => (await list(query)).data.map((card) => card.id);

  beforeAll(async () => {
    paul = await createSpecialist(t.app, t.db, { first_name: 'Paul', categories: ['carpentry'], cities: ['Bafoussam'] });
    rival = await createSpecialist(t.app, t.db, { first_name: 'Rita', categories: ['carpentry'], cities: ['Bafoussam'] });
    kitchen = await insert('carpentry', 'Bafoussam', 30);
  });

  it('a request opened, then cancelled', async () => {
    expect(await ids()).toEqual([kitchen]);
    const id = await postRequest(t.app, client, { category: 'carpentry', city: 'Bafoussam' });
    expect(await list()).toMatchObject({ meta: { total: 2 } });
    expect(await ids()).toEqual([id, kitchen]);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/projects/${id}/cancel`, headers: client.headers })).statusCode).toBe(200);
    expect(await ids()).toEqual([kitchen]);
  });

  it("another specialist's quote in the bid count", async () => {
    expect((await list()).data[0]!.bid_count).toBe(0);
    const quoted = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${kitchen}/quotes`,
      headers: rival.headers,
      payload: { amount: 500_000, currency: 'XAF', duration_days: 10, milestones: [{ title: 'All of it', amount: 500_000 }] },
    });
    expect(quoted.statusCode).toBe(201);
    expect((await list()).data[0]!.bid_count).toBe(1);
  });

  it("the owner's new name", async () => {
    expect((await list()).data[0]!.created_by.name).toBe('Amina N.');
    await t.db.query(`UPDATE users SET first_name = 'Aminata' WHERE id = $1`, [client.id]);
    expect((await list()).data[0]!.created_by.name).toBe('Aminata N.');
  });

  it("the specialist's new cities, and an insolvency", async () => {
    const elsewhere = await insert('carpentry', 'Bamenda', 40);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/specialist-profile',
      headers: paul.headers,
      payload: { categories: ['carpentry'], service_country: 'CM', service_cities: ['Bamenda'] },
    });
    expect(saved.statusCode).toBe(200);
    expect(await ids()).toEqual([elsewhere]);
    await t.db.query("INSERT INTO insolvencies (contractor_id, note) VALUES ($1, 'Declared by the court')", [paul.id]);
    expect(await list()).toEqual({ data: [], meta: { page: 1, page_size: 12, total: 0 } });
  });
});
