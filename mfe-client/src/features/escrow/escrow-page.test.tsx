import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { clientUserAtom } from 'shared/session';
import type { Me } from 'shared/contract';
import { fakeApi, renderWithProviders, testClientUser } from 'shared/testing';
import { EscrowPage } from './escrow-page';
import { contractFixture, milestoneFixture } from '../../testing/contract-fixtures';

function renderAs(user: Partial<Me>) {
  const store = createStore();
  store.set(clientUserAtom, testClientUser({ id: 'u1', first_name: 'Ada', ...user }));
  return renderWithProviders(<EscrowPage />, { url: '/main/escrow', store });
}

const client = { role: { name: 'client' }, permissions: ['CAN_CREATE_PROJECT', 'CAN_SEE_PROJECTS_VIEW'] };

describe('EscrowPage', () => {
  it('shows a client the virtual account of each contract and what waits on them', async () => {
    const contract = contractFixture({
      account: {
        funded: 106_500,
        held: 106_500,
        released: 50_000,
        expert_fees: 5_000,
        platform_fees: 1_500,
        refunded: 2_000,
        carried_in: 0,
        carried_out: 0,
        credit: 0,
      },
      milestones: [
        milestoneFixture({ id: 'm1', status: 'approved', next: { action: 'release', waiting_on: 'client' } }),
        milestoneFixture({ id: 'm2', position: 2, title: 'Tiling', next: { action: 'fund', waiting_on: 'client' } }),
      ],
    });
    fakeApi({ 'GET contracts': () => ({ body: { data: [contract] } }) });
    renderAs(client);

    const card = (await screen.findByRole('link', { name: 'Kitchen renovation' })).closest('article')!;
    expect(screen.getByRole('heading', { level: 1, name: 'Escrow' })).toBeInTheDocument();
    const figures = within(card);
    expect(figures.getByText('Held in escrow').nextSibling).toHaveTextContent('€1,065');
    expect(figures.getByText('Released').nextSibling).toHaveTextContent('€500');
    expect(figures.getByText('Refunded').nextSibling).toHaveTextContent('€20');
    expect(figures.getByText('Fees paid').nextSibling).toHaveTextContent('€65');
    expect(figures.getByRole('link', { name: 'Release the payment: milestone 1, Demolition' })).toHaveAttribute('href', '/main/escrow/c1');
    expect(figures.getByRole('link', { name: 'Fund: milestone 2, Tiling' })).toBeInTheDocument();
    expect(screen.getByLabelText('Summary')).toHaveTextContent('Next actions2');
  });

  it('tells a client without contracts how escrow starts', async () => {
    fakeApi({ 'GET contracts': () => ({ body: { data: [] } }) });
    renderAs(client);
    expect(await screen.findByRole('heading', { name: 'No contract yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your projects' })).toHaveAttribute('href', '/main/projects');
  });

  it('shows a contractor what was paid, what is held for them and who each milestone waits on', async () => {
    const contract = contractFixture({
      my_role: 'contractor',
      account: {
        funded: 213_000,
        held: 106_500,
        released: 100_000,
        expert_fees: 5_000,
        platform_fees: 1_500,
        refunded: 0,
        carried_in: 0,
        carried_out: 0,
        credit: 0,
      },
      milestones: [
        milestoneFixture({ id: 'm1', status: 'released', paid_to_contractor: 100_000, next: { action: 'none', waiting_on: null } }),
        milestoneFixture({
          id: 'm2',
          position: 2,
          title: 'Tiling',
          amount: 80_000,
          status: 'submitted',
          next: { action: 'inspect', waiting_on: 'expert' },
        }),
      ],
    });
    fakeApi({ 'GET contracts': () => ({ body: { data: [contract] } }) });
    renderAs({ role: { name: 'contractor' }, permissions: ['CAN_SEE_REQUESTS'] });

    expect(await screen.findByRole('heading', { level: 1, name: 'Payouts' })).toBeInTheDocument();
    const card = (await screen.findByRole('link', { name: 'Kitchen renovation' })).closest('article')!;
    expect(within(card).getByText('Paid to you').nextSibling).toHaveTextContent('€1,000');
    expect(within(card).getByText('Held for you').nextSibling).toHaveTextContent('€800');
    expect(within(card).getByText('Inspection · Waiting on the expert')).toBeInTheDocument();
  });

  it('lists for an expert the milestones to inspect', async () => {
    const waiting = contractFixture({
      id: 'c2',
      my_role: 'expert',
      milestones: [milestoneFixture({ position: 2, title: 'Tiling', status: 'submitted', next: { action: 'inspect', waiting_on: 'expert' } })],
    });
    const quiet = contractFixture({
      my_role: 'expert',
      project: { ...waiting.project, title: 'Roof repair' },
      milestones: [milestoneFixture({ next: { action: 'fund', waiting_on: 'client' } })],
    });
    fakeApi({ 'GET contracts': () => ({ body: { data: [quiet, waiting] } }) });
    renderAs({ role: { name: 'expert' }, permissions: ['CAN_INSPECT'] });

    expect(await screen.findByRole('link', { name: 'Inspect: milestone 2, Tiling' })).toHaveAttribute('href', '/main/escrow/c2');
    expect(screen.getByRole('heading', { level: 1, name: 'Inspections' })).toBeInTheDocument();
    expect(screen.getByLabelText('Summary')).toHaveTextContent('Inspections to do1');
    expect(screen.getByText('Nothing to inspect right now.')).toBeInTheDocument();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let fail = true;
    fakeApi({ 'GET contracts': () => (fail ? { status: 503, body: { message: 'Down' } } : { body: { data: [] } }) });
    renderAs(client);
    expect(await screen.findByText('We could not load this. Check your connection and try again.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No contract yet' })).toBeInTheDocument();
  });
});
