import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderWithProviders } from 'shared/testing';
import { PayoutsPanel } from './payouts-panel';

const method = (overrides = {}) => ({
  id: 'pm1',
  kind: 'mobile_money',
  operator: 'mtn',
  masked: '••••••••0000',
  holder_name: 'Paul Mbarga',
  currency: 'XAF',
  created_at: '2026-12-01T10:00:00.000Z',
  usable_from: '2026-12-04T10:00:00.000Z',
  usable: true,
  ...overrides,
});

const overview = (overrides = {}) => ({
  balances: [{ currency: 'XAF', available: 2_000_000, on_the_way: 0, paid_out: 1_000_000 }],
  automatic: false,
  kyc: 'verified',
  data: [
    {
      id: 'p1',
      amount: 1_000_000,
      currency: 'XAF',
      provider_fee: 10_000,
      status: 'in_transit',
      held: false,
      automatic: false,
      method: { kind: 'mobile_money', operator: 'mtn', masked: '••••••••0000' },
      receipt_number: 'FDM-000001',
      failure_reason: null,
      created_at: '2026-12-01T10:00:00.000Z',
      updated_at: '2026-12-01T10:00:00.000Z',
    },
  ],
  ...overrides,
});

describe('PayoutsPanel', () => {
  it('shows the available balance, a payout on its way, and withdraws everything with an idempotency key', async () => {
    const calls = fakeApi({
      'GET payouts': () => ({ body: overview() }),
      'GET payout-methods': () => ({ body: { data: [method()] } }),
      'POST payouts': () => ({ status: 201, body: { ...overview().data[0], id: 'p2', amount: 2_000_000 } }),
    });
    renderWithProviders(<PayoutsPanel />);
    expect(await screen.findByText('Available (XAF)')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Payouts' });
    expect(within(table).getByText('On its way to your account')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    const sent = calls.find((call) => call.key === 'POST payouts')!;
    expect(sent.body).toEqual({ method_id: 'pm1', amount: 2_000_000, currency: 'XAF' });
    expect(sent.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('tells that a new method waits 72 hours, and asks for the password to add one', async () => {
    const calls = fakeApi({
      'GET payouts': () => ({ body: overview({ data: [] }) }),
      'GET payout-methods': () => ({ body: { data: [method({ usable: false })] } }),
      'POST payout-methods': () => ({ status: 422, body: { message: 'Invalid', errors: { password: ['The password is not correct.'] } } }),
    });
    renderWithProviders(<PayoutsPanel />);
    expect(await screen.findByText('A payout method can receive money 72 hours after it was added.')).toBeInTheDocument();
    expect(screen.getByText(/^Usable from/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add a payout method' }));
    await userEvent.type(screen.getByLabelText('Mobile number'), '237670000000');
    await userEvent.type(screen.getByLabelText('Account holder’s name'), 'Paul Mbarga');
    await userEvent.type(screen.getByLabelText('Your password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Save payout method' }));
    expect(await screen.findByText('The password is not correct.')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST payout-methods')!.body).toMatchObject({
      kind: 'mobile_money',
      operator: 'mtn',
      phone: '237670000000',
    });
  });
});
