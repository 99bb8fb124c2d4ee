import { createTestApp, type TestApp } from './test-app';
import { designsSeeder } from '../src/seed/designs-seeder';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await designsSeeder.run(t.db, t.app.log);
});
afterAll(async () => t.close());

const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/v1/designs?${query}` });

describe('GET /api/v1/designs (catalog)', () => {
  it('holds at least 24 designs, each with its own illustration', async () => {
    const all = (await get('page_size=24&currency=EUR')).json();
    expect(all.meta.total).toBeGreaterThanOrEqual(24);
    const images = new Set(all.data.map((design: { image_url: string }) => design.image_url));
    expect(images.size).toBe(all.data.length);
    for (const url of [...images].slice(0, 3)) {
      const image = await t.app.inject({ method: 'GET', url: url as string });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toContain('image/svg+xml');
    }
  });

  it('pages through the catalog', async () => {
    const first = (await get('page_size=10&page=1')).json();
    const third = (await get('page_size=10&page=3')).json();
    expect(first.meta).toMatchObject({ page: 1, page_size: 10 });
    expect(first.data).toHaveLength(10);
    expect(third.data.length).toBe(first.meta.total - 20);
    expect(third.data.map((d: { id: string }) => d.id)).not.toContain(first.data[0].id);
  });

  it('filters by tier, rooms and text', async () => {
    const luxury = (await get('tier=luxury&page_size=24')).json();
    expect(luxury.data.length).toBeGreaterThan(0);
    expect(luxury.data.every((d: { tier: string }) => d.tier === 'luxury')).toBe(true);
    const two = (await get('tier=standard,premium&page_size=24')).json();
    expect(two.data.every((d: { tier: string }) => d.tier !== 'luxury')).toBe(true);
    const rooms = (await get('rooms_min=6&rooms_max=8&page_size=24')).json();
    expect(rooms.data.every((d: { rooms: number }) => d.rooms >= 6 && d.rooms <= 8)).toBe(true);
    const villa = (await get('q=villa&locale=en&page_size=24')).json();
    expect(villa.data.length).toBeGreaterThan(0);
    expect(villa.data.every((d: { title: string; description: string }) => /villa/i.test(d.title + d.description))).toBe(true);
    expect((await get('tier=castle')).statusCode).toBe(422);
    expect((await get('rooms_min=x')).statusCode).toBe(422);
  });

  it('estimates costs for the country the house is built in, in the viewer’s currency', async () => {
    const slug = 'micro-home';
    const pick = async (query: string) => (await get(`q=micro&${query}`)).json().data.find((d: { slug: string }) => d.slug === slug).estimated_cost;
    const france = await pick('currency=EUR&country=FR');
    const cameroonEur = await pick('currency=EUR&country=CM');
    const cameroonXaf = await pick('currency=XAF&country=CM');
    expect(france).toEqual({ currency: 'EUR', country: 'FR', min: 2_600_000, max: 3_600_000 });
    expect(cameroonEur.min).toBeLessThan(france.min);
    // XAF has no minor unit: the amount is in whole francs.
    expect(cameroonXaf.currency).toBe('XAF');
    expect(cameroonXaf.min).toBeGreaterThan((cameroonEur.min / 100) * 600);
    expect((await get('country=ZZ')).statusCode).toBe(422);
  });
});

describe('GET /api/v1/designs errors in the caller’s language', () => {
  it('answers a French caller in French, field by field', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/designs?limit=999&featured=maybe&tier=castle',
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.message).toBe('Veuillez vérifier les champs signalés.');
    expect(body.errors).toEqual({
      featured: ['Le champ « en vedette » doit valoir true ou false.'],
      limit: ['La limite doit être un nombre entier entre 1 et 24.'],
      tier: ['La gamme doit être standard, premium ou luxury.'],
    });
  });

  it('answers an English caller in English', async () => {
    const body = (await get('limit=999&featured=maybe')).json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.message).toBe('Please check the highlighted fields.');
    expect(body.errors.limit).toEqual(['The limit must be a whole number between 1 and 24.']);
    expect(body.errors.featured).toEqual(['The featured field must be true or false.']);
  });
});
