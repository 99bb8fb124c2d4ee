import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/v1/common/reference-book', () => {
  it('lists countries with their cities and currency, in the caller’s language', async () => {
    const en = (await get('/api/v1/common/reference-book')).json();
    const fr = (await get('/api/v1/common/reference-book', { 'accept-language': 'fr-FR,fr;q=0.9' })).json();
    const cameroonEn = en.countries.find((country: { code: string }) => country.code === 'CM');
    const cameroonFr = fr.countries.find((country: { code: string }) => country.code === 'CM');
    expect(cameroonEn).toMatchObject({ name: 'Cameroon', currency: 'XAF' });
    expect(cameroonEn.cities).toContain('Douala');
    expect(cameroonFr.name).toBe('Cameroun');
    // Sorted for a select list in each language.
    const names = fr.countries.map((country: { name: string }) => country.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'fr')));
  });

  it('carries categories with their group, specialist kinds, project statuses and currencies', async () => {
    const book = (await get('/api/v1/common/reference-book', { 'accept-language': 'fr' })).json();
    expect(book.category_groups.map((group: { code: string }) => group.code)).toEqual(['renovation', 'construction', 'smart_home']);
    expect(book.categories).toContainEqual({ code: 'plumbing', group: 'renovation', name: 'Plomberie' });
    expect(book.specialist_kinds.map((kind: { code: string }) => kind.code)).toEqual(['contractor', 'vendor', 'artisan', 'expert']);
    expect(book.project_statuses.map((status: { code: string }) => status.code)).toContain('open');
    expect(book.currencies).toContainEqual(expect.objectContaining({ code: 'XAF', minor_digits: 0 }));
    expect(book.currencies).toContainEqual(expect.objectContaining({ code: 'EUR', minor_digits: 2 }));
  });

  it('is cacheable, varies by language and answers 304 to a matching ETag', async () => {
    const first = await get('/api/v1/common/reference-book');
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    expect(first.headers.vary).toContain('Accept-Language');
    const again = await get('/api/v1/common/reference-book', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    const french = await get('/api/v1/common/reference-book', { 'accept-language': 'fr', 'if-none-match': String(first.headers.etag) });
    expect(french.statusCode).toBe(200);
  });

  it('arrives compressed for browsers that accept it, the same data as uncompressed', async () => {
    const plain = await get('/api/v1/common/reference-book');
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const packed = await get('/api/v1/common/reference-book', { 'accept-encoding': `${encoding}, deflate` });
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decode(packed.rawPayload).toString())).toEqual(plain.json());
    }
  });
});

describe('GET /api/v1/plans', () => {
  it('lists the specialist plans with prices and the client offer with the 1.5 % fee', async () => {
    const plans = (await get('/api/v1/plans')).json();
    expect(plans.transaction_fee_percent).toBe(1.5);
    const codes = plans.data.map((plan: { code: string }) => plan.code);
    expect(codes).toEqual(['client', 'starter', 'professional', 'business']);
    const professional = plans.data.find((plan: { code: string }) => plan.code === 'professional');
    expect(professional).toMatchObject({ audience: 'specialist', monthly_price: 2900, currency: 'EUR' });
    expect(professional.features.length).toBeGreaterThan(0);
    const client = plans.data.find((plan: { code: string }) => plan.code === 'client');
    expect(client.features.join(' ')).toContain('1.5 %');
  });

  it('speaks French to a French caller', async () => {
    const plans = (await get('/api/v1/plans', { 'accept-language': 'fr' })).json();
    expect(plans.data.find((plan: { code: string }) => plan.code === 'client').name).toBe('Propriétaire');
  });
});

describe('GET /api/v1/localization/info', () => {
  it('suggests locale, country and currency from the language', async () => {
    expect((await get('/api/v1/localization/info', { 'accept-language': 'fr-CA,fr;q=0.9' })).json()).toMatchObject({
      locale: 'fr',
      country: 'CA',
      currency: 'CAD',
    });
    expect((await get('/api/v1/localization/info', { 'accept-language': 'fr' })).json()).toMatchObject({
      locale: 'fr',
      country: 'FR',
      currency: 'EUR',
    });
    expect((await get('/api/v1/localization/info')).json()).toMatchObject({ locale: 'en', country: 'US', currency: 'USD' });
  });

  it('prefers the country the edge proxy reports', async () => {
    const info = (await get('/api/v1/localization/info', { 'accept-language': 'en-GB', 'cf-ipcountry': 'CM' })).json();
    expect(info).toMatchObject({ locale: 'en', country: 'CM', currency: 'XAF' });
  });
});
