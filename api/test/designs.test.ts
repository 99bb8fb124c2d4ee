import { designsSeeder, DEMO_DESIGNS } from '../src/seed/designs-seeder';
import { convertFromEuroCents } from '../src/routes/designs/currency';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The start-up seeding hook is off in tests; run it twice to prove it is idempotent.
  await designsSeeder.run(t.db, t.app.log);
  await designsSeeder.run(t.db, t.app.log);
});
afterAll(async () => t.close());

interface DesignBody {
  data: Array<{
    id: string;
    slug: string;
    title: string;
    description: string;
    tier: string;
    rooms: number;
    area_m2: number;
    image_url: string;
    estimated_cost: { currency: string; min: number; max: number };
  }>;
  meta: { total: number };
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/v1/designs', () => {
  it('lists six featured designs by default, in English and US dollars', async () => {
    const response = await get('/api/v1/designs?featured=true');
    expect(response.statusCode).toBe(200);
    const body = response.json<DesignBody>();
    expect(body.data).toHaveLength(6);
    expect(body.meta.total).toBe(DEMO_DESIGNS.length);
    const first = body.data[0]!;
    expect(first).toMatchObject({
      slug: 'compact-family-bungalow',
      title: 'Compact family bungalow',
      tier: 'standard',
      rooms: 5,
      area_m2: 95,
      image_url: '/api/v1/designs/images/compact-family-bungalow.svg',
      estimated_cost: { currency: 'USD' },
    });
    expect(new Set(body.data.map((d) => d.tier))).toEqual(new Set(['standard', 'premium', 'luxury']));
  });

  it('is publicly cacheable for a few minutes', async () => {
    const response = await get('/api/v1/designs');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('answers in French, in euros, when the browser prefers French', async () => {
    const body = (await get('/api/v1/designs?limit=1', { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' })).json<DesignBody>();
    expect(body.data[0]).toMatchObject({
      title: 'Bungalow familial compact',
      estimated_cost: { currency: 'EUR', min: 6_800_000, max: 8_500_000 },
    });
  });

  it('lets the query choose the locale and the currency', async () => {
    const body = (await get('/api/v1/designs?limit=2&locale=fr&currency=xaf', { 'accept-language': 'en' })).json<DesignBody>();
    expect(body.data).toHaveLength(2);
    expect(body.data[0]!.title).toBe('Bungalow familial compact');
    // 68,000 EUR at the fixed 655.957 peg, rounded to 10,000 francs; XAF has no minor unit.
    expect(body.data[0]!.estimated_cost).toEqual({ currency: 'XAF', country: null, min: 44_610_000, max: 55_760_000 });
  });

  it('converts to minor units rounded to whole hundreds', () => {
    expect(convertFromEuroCents(6_800_000, 'USD')).toBe(7_340_000);
    expect(convertFromEuroCents(6_800_000, 'GBP')).toBe(5_780_000);
    expect(convertFromEuroCents(1_234_567, 'EUR')).toBe(1_234_567);
  });

  it('rejects bad query parameters with 422 and one message per field', async () => {
    const response = await get('/api/v1/designs?limit=0&currency=ABC&locale=de&featured=maybe');
    expect(response.statusCode).toBe(422);
    const body = response.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.message).toBe('Please check the highlighted fields.');
    expect(Object.keys(body.errors).sort()).toEqual(['currency', 'featured', 'limit', 'locale']);
    expect((await get('/api/v1/designs?limit=25')).statusCode).toBe(422);
    expect((await get('/api/v1/designs?limit=24')).statusCode).toBe(200);
  });
});

describe('GET /api/v1/designs/images/:file', () => {
  it('serves our SVG illustrations with a long cache', async () => {
    const response = await get('/api/v1/designs/images/modern-duplex.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toContain('max-age=31536000');
    expect(response.body).toContain('<svg');
  });

  it('serves every seeded image', async () => {
    const body = (await get('/api/v1/designs?limit=24')).json<DesignBody>();
    for (const design of body.data) expect((await get(design.image_url)).statusCode).toBe(200);
  });

  it('answers 404 for any other file name', async () => {
    expect((await get('/api/v1/designs/images/missing.svg')).statusCode).toBe(404);
    expect((await get('/api/v1/designs/images/..%2Fpackage.json')).statusCode).toBe(404);
  });
});
