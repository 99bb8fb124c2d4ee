import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from 'shared/testing';
import { renderAdminPage } from '../../testing/render-page';
import { PayoutsPanel } from './payouts-panel';

const payout = (overrides = {}) => ({
  id: 'p1',
  amount: 250_000,
  currency: 'XAF',
  provider_fee: 2_500,
  status: 'pending',
  held: false,
  automatic: false,
  method: { kind: 'mobile_money', operator: 'mtn', masked: '••••••••0000' },
  receipt_number: 'FDM-000001',
  failure_reason: null,
  created_at: '2026-12-01T10:00:00.000Z',
  updated_at: '2026-12-01T10:00:00.000Z',
  payee: { id: 'u1', name: 'Paul Mbarga', email: 'paul@example.com' },
  provider: 'sandbox',
  provider_reference: '7a0d1c9e-5d1f-4a7e-9f51-3c3b1e2d4f60',
  ...overrides,
});

jest.setTimeout(30_000);

describe('admin PayoutsPanel', () => {
  it('holds a payout not yet sent and reconciles with the provider', async () => {
    const calls = fakeApi({
      'GET admin/payouts': () => ({ body: { data: [payout()], total: 1, page: 1, page_size: 20 } }),
      'POST admin/payouts/p1/hold': () => ({ body: payout({ held: true }) }),
      'GET admin/payouts/reconciliation': () => ({
        body: { ok: true, provider: 'sandbox', provider_transactions: 3, ledger_movements: 3, mismatches: [] },
      }),
    });
    renderAdminPage(<PayoutsPanel />, { url: '/admin/escrow' });
    const row = (await screen.findByText('Paul Mbarga')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Hold' }));
    expect(calls.some((call) => call.key === 'POST admin/payouts/p1/hold')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Reconcile with the provider' }));
    expect(await screen.findByText('Reconciled: 3 provider transactions, each with its ledger movement.')).toBeInTheDocument();
  });
});
