import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from 'shared/testing';
import { disputeFixture } from '../../testing/escrow-fixtures';
import { renderAdminPage } from '../../testing/render-page';
import { DisputesPage } from './disputes-page';

jest.setTimeout(30_000);

describe('dispute queue', () => {
  it('shows each dispute with its respond-by date, marks the overdue ones, and shows the arbitration window', async () => {
    fakeApi({
      'GET admin/disputes': () => ({
        body: {
          data: [
            disputeFixture(),
            disputeFixture({
              id: 'd-2',
              milestone_position: 2,
              milestone_title: 'Walls',
              opened_by: { id: 'k1', name: 'Paul Mbappe', role: 'contractor' },
              respond_by: '2099-01-15T10:00:00.000Z',
              arbitration_from: '2099-02-12T10:00:00.000Z',
              arbitration_until: '2099-04-01T10:00:00.000Z',
            }),
          ],
        },
      }),
    });
    renderAdminPage(<DisputesPage />, { url: '/admin/disputes' });
    const table = await screen.findByRole('table', { name: 'Disputes' });
    const [, overdue, pending] = within(table).getAllByRole('row');
    expect(within(overdue!).getByRole('link', { name: 'Kitchen renovation' })).toHaveAttribute(
      'href',
      '/admin/disputes/44444444-4444-4444-8444-444444444444',
    );
    expect(within(overdue!).getByText('1. Foundations')).toBeInTheDocument();
    expect(within(overdue!).getByText('Clara Client')).toBeInTheDocument();
    expect(within(overdue!).getByText('Feb 15, 2026').closest('td')).toHaveTextContent('Overdue');
    expect(within(overdue!).getByText('Mar 15, 2026').closest('td')).toHaveTextContent('Mar 15, 2026 – May 1, 2026');
    expect(within(pending!).queryByText('Overdue')).not.toBeInTheDocument();
    expect(within(pending!).getByText('Feb 12, 2099').closest('td')).toHaveTextContent('Feb 12, 2099 – Apr 1, 2099');
    expect(within(pending!).getByText('Contractor')).toBeInTheDocument();
  });

  it('starts on open disputes and switches status with the tabs', async () => {
    const calls = fakeApi({ 'GET admin/disputes': () => ({ body: { data: [] } }) });
    renderAdminPage(<DisputesPage />, { url: '/admin/disputes' });
    expect(await screen.findByText('No dispute here.')).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Dispute status' });
    expect(within(tabs).getByRole('link', { name: 'Open' })).toHaveAttribute('aria-current', 'page');
    expect(calls.at(-1)!.search.get('status')).toBe('open');
    await userEvent.click(within(tabs).getByRole('link', { name: 'In mediation' }));
    await waitFor(() => expect(calls.at(-1)!.search.get('status')).toBe('mediation'));
    expect(within(tabs).getByRole('link', { name: 'In mediation' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(tabs).getByRole('link', { name: 'All' }));
    await waitFor(() => expect(calls.at(-1)!.search.has('status')).toBe(false));
  });
});
