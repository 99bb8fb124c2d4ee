import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { localizationAtom, referenceBookAtom } from 'shared/reference';
import { clientUserAtom } from 'shared/session';
import { fakeApi, renderWithProviders } from 'shared/testing';
import { ClientCatalogPage } from './catalog-page';

const user = userEvent.setup({ delay: null });

const design = {
  id: '3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  slug: 'modern-duplex',
  title: 'Modern duplex',
  description: 'Two floors with a bright living room.',
  tier: 'premium',
  rooms: 4,
  area_m2: 160,
  image_url: '/api/v1/designs/images/modern-duplex.svg',
  estimated_cost: { currency: 'EUR', country: null, min: 15_000_000, max: 19_500_000 },
};

function renderCatalog() {
  const store = createStore();
  store.set(localizationAtom, { locale: 'en', country: 'FR', currency: 'EUR' });
  return renderWithProviders(<ClientCatalogPage />, { url: '/main/catalog', store });
}

describe('ClientCatalogPage', () => {
  it("shows each design with its tier, size and estimate in the viewer's currency", async () => {
    const calls = fakeApi({ 'GET designs': () => ({ body: { data: [design], meta: { page: 1, page_size: 12, total: 1 } } }) });
    renderCatalog();
    expect(await screen.findByRole('heading', { name: 'Modern duplex' })).toBeInTheDocument();
    expect(screen.getByText('$$')).toBeInTheDocument();
    expect(screen.getByText('Tier: Premium')).toBeInTheDocument();
    expect(screen.getByText('160 m²')).toBeInTheDocument();
    // Two whole figures, each kept on one line.
    expect(document.querySelector('.ui-money-range')).toHaveTextContent('€150,000 – €195,000');
    expect(Array.from(document.querySelectorAll('[data-money]'), (figure) => figure.textContent)).toEqual(['€150,000', '€195,000']);
    expect(screen.getByRole('link', { name: 'Start a project from this design' })).toHaveAttribute('href', `/main/create?design=${design.id}`);
    expect(calls[0]?.search.get('currency')).toBe('EUR');
    expect(calls[0]?.search.get('locale')).toBe('en');
  });

  it('asks the API for the chosen tier and rooms, and says when nothing matches', async () => {
    const calls = fakeApi({
      'GET designs': ({ search }) => ({
        body:
          search.get('tier') === 'luxury'
            ? { data: [], meta: { page: 1, page_size: 12, total: 0 } }
            : { data: [design], meta: { page: 1, page_size: 12, total: 1 } },
      }),
    });
    renderCatalog();
    await screen.findByRole('heading', { name: 'Modern duplex' });
    await user.selectOptions(screen.getByLabelText('Rooms'), '4');
    await user.selectOptions(screen.getByLabelText('Tier'), 'luxury');
    expect(await screen.findByRole('heading', { name: 'No design matches these filters' })).toBeInTheDocument();
    const last = calls[calls.length - 1]!;
    expect(last.search.get('tier')).toBe('luxury');
    expect(last.search.get('rooms_min')).toBe('4');
    expect(last.search.get('rooms_max')).toBeNull();
  });

  it('offers to try again when the designs cannot be loaded', async () => {
    let fail = true;
    fakeApi({
      'GET designs': () =>
        fail ? { status: 500, body: { message: 'Down' } } : { body: { data: [design], meta: { page: 1, page_size: 12, total: 1 } } },
    });
    renderCatalog();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load this. Check your connection and try again.');
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('heading', { name: 'Modern duplex' })).toBeInTheDocument();
  });
});

describe('ClientCatalogPage for a signed-in user', () => {
  it('prices designs in the currency of the user’s country, whatever the connection guessed', async () => {
    const calls = fakeApi({
      'GET designs': () => ({
        body: {
          data: [{ ...design, estimated_cost: { currency: 'XAF', country: null, min: 98_000_000, max: 128_000_000 } }],
          meta: { page: 1, page_size: 12, total: 1 },
        },
      }),
    });
    const store = createStore();
    store.set(localizationAtom, { locale: 'en', country: 'US', currency: 'USD' });
    store.set(referenceBookAtom, {
      countries: [
        { code: 'CM', name: 'Cameroon', currency: 'XAF', cities: ['Douala'] },
        { code: 'US', name: 'United States', currency: 'USD', cities: [] },
      ],
      category_groups: [],
      categories: [],
      specialist_kinds: [],
      project_statuses: [],
      currencies: [{ code: 'XAF', name: 'CFA franc', minor_digits: 0 }],
    });
    store.set(clientUserAtom, { id: 'u1', first_name: 'Claire', country: 'CM', city: 'Douala', role: { name: 'client' } } as never);
    renderWithProviders(<ClientCatalogPage />, { url: '/main/catalog', store });
    expect(await screen.findByRole('heading', { name: 'Modern duplex' })).toBeInTheDocument();
    expect(calls[0]?.search.get('currency')).toBe('XAF');
    expect(calls[0]?.search.get('country')).toBe('CM');
    expect(screen.getByText(/Designs with estimated costs in XAF/)).toBeInTheDocument();
  });
});
