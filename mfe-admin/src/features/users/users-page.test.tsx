import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAdminApi } from '../../testing/fake-api';
import { adminUserFixture } from '../../testing/fixtures';
import { renderAdminPage } from '../../testing/render-page';
import { ClientsPage, ContractorsPage } from './dashboard-pages';

// Typing into forms under jsdom is slow on a busy machine; five seconds is not always enough.
jest.setTimeout(30_000);

const summary = { total: 42, new_this_week: 5, awaiting_verification: 7, suspended: 1 };

function contractors(total = 2) {
  return [
    adminUserFixture(),
    adminUserFixture({
      id: '22222222-2222-4222-8222-222222222222',
      first_name: 'Vera',
      last_name: 'Vendor',
      email: 'vera@example.com',
      role: 'vendor',
      specialist_kind: 'vendor',
      verified: true,
      verification_state: 'verified',
    }),
  ].slice(0, total);
}

describe('places', () => {
  it.each([
    ['en', 'Yaoundé, Cameroon'],
    ['fr', 'Yaoundé, Cameroun'],
  ] as const)('names the country of each account in the reader’s language (%s)', async (locale, place) => {
    fakeAdminApi({
      'GET admin/users/summary': () => ({ body: summary }),
      'GET admin/users': () => ({ body: { data: [adminUserFixture({ country: 'CM' })], meta: { page: 1, page_size: 20, total: 1 } } }),
    });
    renderAdminPage(<ContractorsPage />, { url: '/admin/contractors', locale });
    expect(await screen.findByText(place)).toBeInTheDocument();
  });
});

describe('contractors dashboard', () => {
  it('shows the summary and a table of accounts with their verification badge', async () => {
    fakeAdminApi({
      'GET admin/users/summary': () => ({ body: summary }),
      'GET admin/users': () => ({ body: { data: contractors(), meta: { page: 1, page_size: 20, total: 2 } } }),
    });
    renderAdminPage(<ContractorsPage />, { url: '/admin/contractors' });
    const strip = await screen.findByRole('region', { name: 'Summary' });
    await waitFor(() => expect(within(strip).getByText('42')).toBeInTheDocument());
    expect(within(strip).getByText('Awaiting verification').closest('div')).toHaveTextContent('7');
    expect(within(strip).getByText('New this week').closest('div')).toHaveTextContent('5');

    const table = await screen.findByRole('table', { name: 'Contractor, vendor and artisan accounts' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('link', { name: 'Paul Mbappe' })).toHaveAttribute('href', '/admin/users/11111111-1111-4111-8111-111111111111');
    expect(within(rows[1]!).getByText('Awaiting verification')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Verified')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Vendor')).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
  });

  it('sorts by a column header and says so with aria-sort', async () => {
    const calls = fakeAdminApi({
      'GET admin/users/summary': () => ({ body: summary }),
      'GET admin/users': () => ({ body: { data: contractors(), meta: { page: 1, page_size: 20, total: 2 } } }),
    });
    renderAdminPage(<ContractorsPage />, { url: '/admin/contractors' });
    await screen.findByRole('table');
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: /Joined/ })).toHaveAttribute('aria-sort', 'descending');

    await userEvent.click(within(nameHeader).getByRole('button'));
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending'));
    const last = calls.filter((call) => call.key === 'GET admin/users').at(-1)!;
    expect(last.search.get('sort')).toBe('name');
    expect(last.search.get('order')).toBe('asc');
    expect(last.search.get('role')).toBe('contractors');

    await userEvent.click(within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending'));
  });

  it('searches and filters, then pages through the results', async () => {
    const calls = fakeAdminApi({
      'GET admin/users/summary': () => ({ body: summary }),
      'GET admin/users': (call) => ({
        body: { data: contractors(1), meta: { page: Number(call.search.get('page') ?? 1), page_size: 20, total: 45 } },
      }),
    });
    renderAdminPage(<ContractorsPage />, { url: '/admin/contractors' });
    await screen.findByRole('table');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'mbappe');
    await userEvent.type(screen.getByRole('textbox', { name: 'City' }), 'Yaoundé');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Verification' }), 'pending');
    await waitFor(() => {
      const last = calls.filter((call) => call.key === 'GET admin/users').at(-1)!;
      expect(Object.fromEntries(last.search)).toMatchObject({ q: 'mbappe', city: 'Yaoundé', verification: 'pending' });
    });
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByText('21–40 of 45')).toBeInTheDocument();
    expect(
      calls
        .filter((call) => call.key === 'GET admin/users')
        .at(-1)!
        .search.get('page'),
    ).toBe('2');
  });

  it('says when nothing matches', async () => {
    fakeAdminApi({
      'GET admin/users/summary': () => ({ body: summary }),
      'GET admin/users': () => ({ body: { data: [], meta: { page: 1, page_size: 20, total: 0 } } }),
    });
    renderAdminPage(<ContractorsPage />, { url: '/admin/contractors?q=nobody' });
    expect(await screen.findByText('No account matches these filters.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists every account when the address carries a filter value the list does not offer', async () => {
    const calls = fakeAdminApi({
      'GET admin/users/summary': () => ({ body: summary }),
      'GET admin/users': () => ({ body: { data: contractors(), meta: { page: 1, page_size: 20, total: 2 } } }),
    });
    renderAdminPage(<ContractorsPage />, { url: '/admin/contractors?verification=maybe&status=gone&sort=age' });
    expect(await screen.findByRole('table')).toBeInTheDocument();
    const last = calls.filter((call) => call.key === 'GET admin/users').at(-1)!;
    expect([last.search.get('verification'), last.search.get('status'), last.search.get('sort')]).toEqual([null, null, 'created_at']);
    expect(screen.getByRole('combobox', { name: 'Verification' })).toHaveValue('');
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let fail = true;
    fakeAdminApi({
      'GET admin/users/summary': () => ({ body: summary }),
      'GET admin/users': () =>
        fail
          ? { status: 500, body: { message: 'Something went wrong' } }
          : { body: { data: contractors(), meta: { page: 1, page_size: 20, total: 2 } } },
    });
    renderAdminPage(<ContractorsPage />, { url: '/admin/contractors' });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this information.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});

describe('clients dashboard', () => {
  it('leaves verification out and shows the table in French', async () => {
    fakeAdminApi({
      'GET admin/users/summary': () => ({ body: summary }),
      'GET admin/users': () => ({
        body: {
          data: [adminUserFixture({ account_type: 'client', role: 'client', specialist_kind: null, verification_state: null })],
          meta: { page: 1, page_size: 20, total: 1 },
        },
      }),
    });
    renderAdminPage(<ClientsPage />, { url: '/admin/clients', locale: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Clients' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Comptes clients' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Vérification' })).not.toBeInTheDocument();
    expect(screen.queryByText('En attente de vérification')).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Téléphone/ })).toBeInTheDocument();
  });
});
