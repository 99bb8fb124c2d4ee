import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { fakeApi, REFUSED_AMOUNTS, renderWithProviders } from 'shared/testing';
import { FakeXhr, installFakeXhr } from '../../testing/fake-xhr';
import type { ContractView as Contract } from 'shared/contract';
import { ContractPage } from './contract-page';
import { contractFixture, milestoneFixture, statementFixture } from '../../testing/contract-fixtures';

const user = userEvent.setup();

const insolvent = (overrides: Partial<Contract> = {}): Contract =>
  contractFixture({
    status: 'frozen',
    frozen_reason: 'insolvency',
    account: { ...contractFixture().account, funded: 106_500, held: 106_500 },
    insolvency: { declared_at: '2026-12-01T10:00:00.000Z', note: '', estimates_complete: false, settled_at: null },
    milestones: [milestoneFixture({ status: 'funded', to_pay: 0, next: { action: 'estimate', waiting_on: 'expert' } })],
    ...overrides,
  });

function renderPage(contract: Contract, routes: Parameters<typeof fakeApi>[0] = {}, locale: 'en' | 'fr' = 'en') {
  toast.remove();
  render(<Toaster />);
  const calls = fakeApi({
    'GET contracts/c1': () => ({ body: contract }),
    'GET contracts/c1/statement': () => ({ body: statementFixture(contract) }),
    ...routes,
  });
  renderWithProviders(<ContractPage />, { url: '/main/escrow/c1', path: '/main/escrow/:id', locale });
  return calls;
}

// Typing the notes key by key takes seconds on a busy machine.
const TYPING_TIMEOUT = 15_000;

describe('Insolvency', () => {
  it(
    'says the contract is frozen and lets the expert estimate in the currency’s units',
    async () => {
      installFakeXhr();
      renderPage(insolvent({ my_role: 'expert' }));
      expect(await screen.findByText('This contract is frozen')).toBeInTheDocument();
      expect(screen.getByText(/The contractor has been declared insolvent/)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Estimate' }));
      const dialog = screen.getByRole('dialog', { name: 'Estimate milestone 1: Demolition' });
      await user.type(within(dialog).getByLabelText('Amount owed (EUR)'), '1200');
      await user.type(within(dialog).getByLabelText('Estimate notes'), 'Half of the walls are down.');
      await user.upload(within(dialog).getByLabelText('Report'), new File(['%PDF'], 'estimate.pdf', { type: 'application/pdf' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save the estimate' }));
      expect(within(dialog).getByText('Please enter an amount between 0 and €1,000.')).toBeInTheDocument();
      expect(FakeXhr.last).toBeNull();

      await user.clear(within(dialog).getByLabelText('Amount owed (EUR)'));
      await user.type(within(dialog).getByLabelText('Amount owed (EUR)'), '450.50');
      await user.click(within(dialog).getByRole('button', { name: 'Save the estimate' }));
      expect(FakeXhr.last!.body?.get('owed_amount')).toBe('45050');
      expect((FakeXhr.last!.body?.get('report') as File).name).toBe('estimate.pdf');
      act(() => FakeXhr.last!.answer(200, insolvent({ my_role: 'expert' })));
      expect(await screen.findByText('Estimate saved: €450.50 owed for milestone 1.')).toBeInTheDocument();
    },
    TYPING_TIMEOUT,
  );

  it('lets the client carry the rest to a replacement contractor and links to the new contract', async () => {
    const estimated = milestoneFixture({
      status: 'funded',
      to_pay: 0,
      estimate: {
        owed_amount: 40_000,
        notes: 'Demolition half done.',
        report: { id: 'f1', file_name: 'estimate.pdf', content_type: 'application/pdf', size_bytes: 2048, url: '/api/v1/contracts/c1/files/f1' },
        at: '2026-12-05T10:00:00.000Z',
      },
      next: { action: 'settle', waiting_on: 'client' },
    });
    const contract = insolvent({
      insolvency: { declared_at: '2026-12-01T10:00:00.000Z', note: '', estimates_complete: true, settled_at: null },
      milestones: [estimated],
    });
    const settled = { ...contract, insolvency: { ...contract.insolvency!, settled_at: '2026-12-10T10:00:00.000Z' }, replaced_by_contract_id: 'c9' };
    const calls = renderPage(contract, {
      'GET contracts/c1/replacements': () => ({
        body: { data: [{ id: 'k2', name: 'Rita Builder', company_name: 'Rita Works', city: 'Lyon', country: 'FR', rating: 4.5, review_count: 12 }] },
      }),
      'POST contracts/c1/settlement': () => ({ body: { contract: settled, new_contract_id: 'c9' } }),
    });
    const panel = (await screen.findByRole('heading', { name: 'Insolvency settlement' })).closest('section')!;
    expect(within(panel).getByRole('cell', { name: '€400' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('radio', { name: /replacement contractor/ }));
    await user.click(await within(panel).findByRole('radio', { name: /Rita Works.*Rated 4.5 out of 5 \(12 reviews\)/ }));
    await user.click(within(panel).getByRole('button', { name: 'Settle the contract' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm the settlement' });
    expect(dialog).toHaveTextContent('€400 goes to the contractor');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm the settlement' }));
    expect(await screen.findByRole('link', { name: 'Open the replacement contract' })).toHaveAttribute('href', '/main/escrow/c9');
    const call = calls.find((item) => item.key === 'POST contracts/c1/settlement')!;
    expect(call.body).toEqual({ choice: 'carry', replacement_contractor_id: 'k2' });
    expect(call.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('asks for a choice, then for the replacement contractor, before the settlement is confirmed', async () => {
    const estimated = milestoneFixture({ status: 'funded', to_pay: 0, next: { action: 'settle', waiting_on: 'client' } });
    const contract = insolvent({
      insolvency: { declared_at: '2026-12-01T10:00:00.000Z', note: '', estimates_complete: true, settled_at: null },
      milestones: [estimated],
    });
    renderPage(contract, { 'GET contracts/c1/replacements': () => ({ body: { data: [] } }) });
    const panel = (await screen.findByRole('heading', { name: 'Insolvency settlement' })).closest('section')!;
    await user.click(within(panel).getByRole('button', { name: 'Settle the contract' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('Please choose what happens to the rest of the money.');
    await user.click(within(panel).getByRole('radio', { name: /replacement contractor/ }));
    await user.click(within(panel).getByRole('button', { name: 'Settle the contract' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('Please choose the replacement contractor.');
    expect(screen.queryByRole('dialog', { name: 'Confirm the settlement' })).not.toBeInTheDocument();
  });

  // The same cases as the quote form and the admin's dispute split: one parser, one reading.
  const openEstimate = async (currency: string, locale: 'en' | 'fr') => {
    installFakeXhr();
    const milestone = milestoneFixture({
      status: 'funded',
      to_pay: 0,
      amount: currency === 'XAF' ? 5_000_000 : 500_000,
      next: { action: 'estimate', waiting_on: 'expert' },
    });
    renderPage(insolvent({ my_role: 'expert', currency, milestones: [milestone] }), {}, locale);
    await user.click(await screen.findByRole('button', { name: 'Estimate' }));
    const dialog = screen.getByRole('dialog', { name: /^Estimate milestone 1/ });
    await user.type(within(dialog).getByLabelText('Estimate notes'), 'Half of the walls are down.');
    await user.upload(within(dialog).getByLabelText('Report'), new File(['%PDF'], 'estimate.pdf', { type: 'application/pdf' }));
    return { dialog, owed: within(dialog).getByLabelText(`Amount owed (${currency})`) };
  };

  it.each(REFUSED_AMOUNTS)('in %s, refuses an owed amount in %s typed %s, with a message', async (locale, currency, typed, message) => {
    const { dialog, owed } = await openEstimate(currency, locale);
    await user.type(owed, typed);
    await user.click(within(dialog).getByRole('button', { name: /^Save the estimate/ }));
    expect(owed).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(FakeXhr.last).toBeNull();
  });

  it.each([
    ['fr', '1 500,50'],
    ['en', '1,500.50'],
  ] as const)('in %s, reads the owed amount %s as minor units', async (locale, typed) => {
    const { dialog, owed } = await openEstimate('EUR', locale);
    await user.type(owed, typed);
    await user.click(within(dialog).getByRole('button', { name: /^Save the estimate/ }));
    expect(FakeXhr.last!.body?.get('owed_amount')).toBe('150050');
  });
});
