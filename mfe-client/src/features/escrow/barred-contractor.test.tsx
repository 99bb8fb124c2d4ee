import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { fakeApi, renderWithProviders } from 'shared/testing';
import { ContractPage } from './contract-page';
import { contractFixture, statementFixture } from '../../testing/contract-fixtures';

const user = userEvent.setup();

describe('funding a contract whose contractor the platform barred', () => {
  it('says why before the client is sent to the payment page, and offers no payment', async () => {
    const contract = { ...contractFixture(), contractor_payable: false };
    toast.remove();
    render(<Toaster />);
    const calls = fakeApi({
      'GET contracts/c1': () => ({ body: contract }),
      'GET contracts/c1/statement': () => ({ body: statementFixture(contract) }),
    });
    renderWithProviders(<ContractPage />, { url: '/main/escrow/c1', path: '/main/escrow/:id' });
    await user.click(await screen.findByRole('button', { name: 'Fund' }));
    const dialog = screen.getByRole('dialog', { name: 'Fund milestone 1: Demolition' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'This contractor can no longer be paid through escrow (suspended or declared insolvent). No money was taken.',
    );
    expect(within(dialog).getByRole('button', { name: 'Continue to the payment page (€1,065)' })).toBeDisabled();
    expect(calls.filter((call) => call.key.startsWith('POST'))).toHaveLength(0);
  });
});
