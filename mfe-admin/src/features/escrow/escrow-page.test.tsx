import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from 'shared/testing';
import { contractFixture } from '../../testing/escrow-fixtures';
import { renderAdminPage } from '../../testing/render-page';
import { EscrowPage } from './escrow-page';

jest.setTimeout(30_000);

const summary = {
  held: [
    { currency: 'EUR', amount: 125000 },
    { currency: 'XAF', amount: 4250050 },
  ],
  active_contracts: 12,
  open_disputes: 2,
  awaiting_expert: 3,
  frozen_contracts: 1,
};

const contracts = (call: { search: URLSearchParams }) => ({
  body: {
    data: [
      contractFixture(),
      contractFixture({ id: 'c-2', project: { ...contractFixture().project, title: 'Roof' }, expert: { id: 'e1', name: 'Eva Expert' } }),
    ],
    total: 2,
    page: Number(call.search.get('page') ?? 1),
    page_size: 20,
  },
});

describe('escrow back office', () => {
  it('shows the funds held per currency and the counts', async () => {
    fakeApi({ 'GET admin/escrow/summary': () => ({ body: summary }), 'GET admin/contracts': contracts });
    renderAdminPage(<EscrowPage />, { url: '/admin/escrow' });
    const strip = await screen.findByRole('region', { name: 'Escrow summary' });
    const held = within(strip).getByText('Funds held in escrow').closest('div')!;
    await waitFor(() => expect(held).toHaveTextContent('€1,250'));
    expect(held).toHaveTextContent('FCFA 4,250,050');
    expect(within(strip).getByText('Contracts awaiting an expert').closest('div')).toHaveTextContent('3');
    expect(within(strip).getByText('Frozen contracts').closest('div')).toHaveTextContent('1');
  });

  it('lists the contracts, links each one, and filters those that need an expert', async () => {
    const calls = fakeApi({ 'GET admin/escrow/summary': () => ({ body: summary }), 'GET admin/contracts': contracts });
    renderAdminPage(<EscrowPage />, { url: '/admin/escrow' });
    const table = await screen.findByRole('table', { name: 'Escrow contracts' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByRole('link', { name: 'Kitchen renovation' })).toHaveAttribute(
      'href',
      '/admin/contracts/33333333-3333-4333-8333-333333333333',
    );
    expect(within(rows[1]!).getByText('Needs an expert')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('€3,105')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Eva Expert')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Douala, Cameroon')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Only contracts that need an expert' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'frozen');
    await waitFor(() => {
      const last = calls.filter((call) => call.key === 'GET admin/contracts').at(-1)!;
      expect(Object.fromEntries(last.search)).toEqual({ needs: 'expert', status: 'frozen' });
    });
  });

  it('runs the ledger check and shows which check failed, with its detail', async () => {
    fakeApi({
      'GET admin/escrow/summary': () => ({ body: summary }),
      'GET admin/contracts': contracts,
      'GET admin/ledger/check': () => ({
        body: {
          ok: false,
          checked_at: '2026-03-01T08:00:00.000Z',
          accounts: 14,
          transfers: 52,
          verified_transfers: 52,
          checks: [
            { name: 'Transfers balance to zero', ok: true, detail: '52 transfers checked' },
            { name: 'Contract balances match their milestones', ok: false, detail: 'Contract 33333333: held €3,105 but milestones hold €3,000' },
          ],
        },
      }),
    });
    renderAdminPage(<EscrowPage />, { url: '/admin/escrow' });
    const panel = await screen.findByRole('region', { name: 'Ledger check' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Run the ledger check' }));
    expect(await within(panel).findByText('The ledger is not consistent: 1 of 2 checks failed.')).toBeInTheDocument();
    const failing = within(panel).getByText('Contract balances match their milestones').closest('li')!;
    expect(failing).toHaveTextContent('Fail');
    expect(failing).toHaveTextContent('held €3,105 but milestones hold €3,000');
    expect(within(panel).getByText('Transfers balance to zero').closest('li')).toHaveTextContent('Pass');
    expect(within(panel).getByText(/across 14 accounts and 52 transfers/)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Run the check again' })).toBeEnabled();
  });

  it('says so when the ledger check cannot run', async () => {
    fakeApi({
      'GET admin/escrow/summary': () => ({ body: summary }),
      'GET admin/contracts': contracts,
      'GET admin/ledger/check': () => ({ status: 500, body: { message: 'boom' } }),
    });
    renderAdminPage(<EscrowPage />, { url: '/admin/escrow' });
    const panel = await screen.findByRole('region', { name: 'Ledger check' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Run the ledger check' }));
    expect(await within(panel).findByText('The ledger check could not run. Please try again.')).toBeInTheDocument();
  });

  it('speaks French, with French money formats', async () => {
    fakeApi({ 'GET admin/escrow/summary': () => ({ body: summary }), 'GET admin/contracts': contracts });
    renderAdminPage(<EscrowPage />, { url: '/admin/escrow', locale: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Séquestre' })).toBeInTheDocument();
    const strip = screen.getByRole('region', { name: 'Synthèse du séquestre' });
    const held = within(strip).getByText('Fonds détenus en séquestre').closest('div')!;
    await waitFor(() => expect(held.textContent?.replace(/\s/g, ' ')).toContain('1 250 €'));
    expect(await screen.findByRole('table', { name: 'Contrats sous séquestre' })).toBeInTheDocument();
    expect(screen.getAllByText('Expert à désigner').length).toBeGreaterThan(0);
    // Places by their French name, from the stored country code.
    expect(screen.getAllByText('Douala, Cameroun').length).toBeGreaterThan(0);
  });
});
