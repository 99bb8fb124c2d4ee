import { createStore } from 'jotai';
import { i18n } from '@lingui/core';
import { localizationAtom, plansAtom, referenceBookAtom } from './atoms';
import { followStartupData, loadStartupData } from './load-startup-data';

const book = (name: string) => ({
  countries: [{ code: 'CM', name, currency: 'XAF', cities: ['Douala'] }],
  category_groups: [],
  categories: [],
  specialist_kinds: [],
  project_statuses: [],
  currencies: [],
});
const plans = { transaction_fee_percent: 1.5, data: [] };
const info = { locale: 'en', country: 'US', currency: 'USD' };

function fakeApi(routes: Record<string, (request: Request) => unknown>) {
  const calls: Request[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    calls.push(request);
    const path = new URL(request.url).pathname.replace('/api/v1/', '');
    const handler = routes[path];
    if (!handler) return new Response('{"message":"down"}', { status: 503 });
    return new Response(JSON.stringify(handler(request)), { status: 200 });
  });
  return calls;
}

beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));

describe('start-up data (docs/product.md §4)', () => {
  it('loads the reference book, the plans and the localization info', async () => {
    fakeApi({ 'common/reference-book': () => book('Cameroon'), plans: () => plans, 'localization/info': () => info });
    const store = createStore();
    await loadStartupData(store);
    expect(store.get(referenceBookAtom)?.countries[0]?.name).toBe('Cameroon');
    expect(store.get(plansAtom)?.transaction_fee_percent).toBe(1.5);
    expect(store.get(localizationAtom)).toEqual(info);
  });

  it('keeps what did load when one call fails', async () => {
    fakeApi({ plans: () => plans });
    const store = createStore();
    await loadStartupData(store);
    expect(store.get(plansAtom)).not.toBeNull();
    expect(store.get(referenceBookAtom)).toBeNull();
    expect(store.get(localizationAtom)).toBeNull();
  });

  it('reloads the translated lists when the language changes', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    fakeApi({
      'common/reference-book': (request) => book(request.headers.get('Accept-Language')?.startsWith('fr') ? 'Cameroun' : 'Cameroon'),
      plans: () => plans,
      'localization/info': () => info,
    });
    const store = createStore();
    const stop = followStartupData(store);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.get(referenceBookAtom)?.countries[0]?.name).toBe('Cameroon');
    i18n.loadAndActivate({ locale: 'fr', messages: {} });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.get(referenceBookAtom)?.countries[0]?.name).toBe('Cameroun');
    stop();
    i18n.loadAndActivate({ locale: 'en', messages: {} });
  });
});
