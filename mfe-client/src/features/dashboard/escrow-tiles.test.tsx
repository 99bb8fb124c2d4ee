import { screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { clientUserAtom } from 'shared/session';
import type { Me } from 'shared/contract';
import { fakeApi, renderWithProviders, testClientUser } from 'shared/testing';
import { contractFixture, milestoneFixture } from '../../testing/contract-fixtures';
import { DashboardPage } from './dashboard-page';

const noProjects = { data: [], meta: { page: 1, page_size: 50, total: 0 } };

function renderAs(user: Partial<Me>) {
  const store = createStore();
  store.set(clientUserAtom, testClientUser({ id: 'u1', first_name: 'Ada', ...user }));
  return renderWithProviders(<DashboardPage />, { url: '/main/dashboard', store });
}

const tile = (title: string) => screen.getByRole('heading', { name: title }).closest('section')!;

describe('Dashboard escrow tiles', () => {
  it('shows a client what is held in escrow per currency and how many steps wait on them', async () => {
    const euro = contractFixture({
      account: { ...contractFixture().account, funded: 106_500, held: 106_500 },
      milestones: [
        milestoneFixture({ status: 'approved', to_pay: 0, next: { action: 'release', waiting_on: 'client' } }),
        milestoneFixture({ id: 'm2', position: 2, next: { action: 'fund', waiting_on: 'client' } }),
      ],
    });
    const franc = contractFixture({ id: 'c2', currency: 'XAF', account: { ...contractFixture().account, held: 2_500_000 }, milestones: [] });
    fakeApi({ 'GET projects': () => ({ body: noProjects }), 'GET contracts': () => ({ body: { data: [euro, franc] } }) });
    renderAs({ role: { name: 'client' }, permissions: ['CAN_CREATE_PROJECT', 'CAN_SEE_PROJECTS_VIEW'] });

    await screen.findByRole('heading', { name: 'Held in escrow' });
    const escrow = within(tile('Held in escrow'));
    expect(escrow.getByText('€1,065')).toBeInTheDocument();
    expect(escrow.getByText(/FCFA\s2,500,000/)).toBeInTheDocument();
    expect(escrow.getByText('2 next actions wait on you.')).toBeInTheDocument();
    expect(escrow.getByRole('link', { name: 'Open escrow' })).toHaveAttribute('href', '/main/escrow');
  });

  it('keeps the honest empty state for a client without contracts', async () => {
    fakeApi({ 'GET projects': () => ({ body: noProjects }), 'GET contracts': () => ({ body: { data: [] } }) });
    renderAs({ role: { name: 'client' }, permissions: ['CAN_CREATE_PROJECT', 'CAN_SEE_PROJECTS_VIEW'] });
    expect(await screen.findByText(/Escrow starts when you select a quote/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Held in escrow' })).not.toBeInTheDocument();
  });

  it('counts the inspections and estimates waiting on an expert', async () => {
    const contract = contractFixture({
      my_role: 'expert',
      milestones: [
        milestoneFixture({ status: 'submitted', next: { action: 'inspect', waiting_on: 'expert' } }),
        milestoneFixture({ id: 'm2', position: 2, status: 'funded', next: { action: 'complete', waiting_on: 'contractor' } }),
      ],
    });
    fakeApi({ 'GET contracts': () => ({ body: { data: [contract] } }) });
    renderAs({ role: { name: 'expert' }, permissions: ['CAN_INSPECT'] });
    expect(await screen.findByText('Milestones wait for your inspection or estimate.')).toBeInTheDocument();
    expect(within(tile('Inspections to do')).getByText('1')).toBeInTheDocument();
  });
});
