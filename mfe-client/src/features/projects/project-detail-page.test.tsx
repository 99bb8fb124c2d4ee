import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { clientUserAtom } from 'shared/session';
import { fakeApi } from 'shared/testing';
import { notify } from 'shared/ui';
import { renderWithProviders } from 'shared/testing';
import { contractFixture, milestoneFixture } from '../../testing/contract-fixtures';
import { ProjectDetailPage } from './project-detail-page';
import type { ProjectDetail, QuoteView } from 'shared/contract';

const quote: QuoteView = {
  id: 'q1',
  status: 'submitted',
  amount: 300_000,
  currency: 'EUR',
  duration_days: 30,
  message: 'Ready in March.',
  created_at: '2026-11-21T10:00:00.000Z',
  specialist: { id: 'u-contractor', name: 'Conrad Contractor', company: 'Conrad & Sons', kind: 'contractor', verified: true, available: true },
  milestones: [
    { position: 1, title: 'Demolition', amount: 100_000 },
    { position: 2, title: 'Fitting', amount: 200_000 },
  ],
};

function projectFixture(overrides: Partial<ProjectDetail> = {}): ProjectDetail {
  return {
    id: 'p1',
    title: 'Kitchen renovation',
    category: 'kitchen',
    status: 'open',
    created_at: '2026-11-20T10:00:00.000Z',
    location: { country: 'FR', city: 'Lyon' },
    created_by: { name: 'Claire Client' },
    quote_type: 'request_a_quote',
    bid_count: 1,
    budget: { min: null, max: null, currency: 'EUR' },
    description: 'A new kitchen with an island and a larder.',
    desired_start: null,
    design_id: null,
    updated_at: '2026-11-20T10:00:00.000Z',
    relation: 'owner',
    documents: [],
    quotes: [quote],
    contract_id: null,
    ...overrides,
  };
}

function renderPage() {
  const store = createStore();
  store.set(clientUserAtom, { id: 'u-client', first_name: 'Claire', role: { name: 'client' } } as never);
  return renderWithProviders(<ProjectDetailPage />, { store, url: '/main/projects/p1', path: '/main/projects/:id' });
}

afterEach(() => jest.restoreAllMocks());

describe('project detail: the contract and its next step', () => {
  it('links to the contract as soon as a quote is selected, without a reload, naming the company as the card does', async () => {
    const contract = contractFixture({ milestones: [milestoneFixture({ position: 1, title: 'Demolition' })] });
    const calls = fakeApi({
      'GET projects/p1': () => ({ body: projectFixture() }),
      'POST projects/p1/quotes/q1/select': () => ({
        body: {
          project_id: 'p1',
          status: 'contracted',
          contract_id: 'c1',
          selected_quote: { ...quote, status: 'selected' },
          quotes: [{ ...quote, status: 'selected' }],
        },
      }),
      'GET contracts/c1': () => ({ body: contract }),
    });
    const success = jest.spyOn(notify, 'success');
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Select/ }));
    const confirm = screen.queryByRole('button', { name: 'Confirm selection' });
    if (confirm) await userEvent.click(confirm);
    const panel = await screen.findByRole('region', { name: 'Contract signed' });
    expect(within(panel).getByRole('link', { name: 'Open the contract in escrow' })).toHaveAttribute('href', '/main/escrow/c1');
    expect(await within(panel).findByText('Next step: fund milestone 1, “Demolition”, in escrow.')).toBeInTheDocument();
    expect(screen.getAllByText(/Conrad & Sons/).length).toBeGreaterThan(0);
    expect(calls.filter((call) => call.key === 'GET projects/p1')).toHaveLength(1);
    expect(success).toHaveBeenCalledWith('You selected Conrad & Sons. The contract is signed.');
  });

  it.each([
    [
      [
        milestoneFixture({ status: 'released', next: { action: 'none', waiting_on: null } }),
        milestoneFixture({ id: 'm2', position: 2, title: 'Fitting' }),
      ],
      'Next step: fund milestone 2, “Fitting”, in escrow.',
    ],
    [
      [milestoneFixture({ status: 'funded', next: { action: 'complete', waiting_on: 'contractor' } })],
      'Waiting for the contractor to finish milestone 1, “Demolition”.',
    ],
    [
      [milestoneFixture({ status: 'submitted', next: { action: 'inspect', waiting_on: 'expert' } })],
      'Waiting for the expert to inspect milestone 1, “Demolition”.',
    ],
    [
      [milestoneFixture({ status: 'approved', next: { action: 'release', waiting_on: 'client' } })],
      'Milestone 1, “Demolition”, is approved: release its funds to the contractor.',
    ],
  ])('follows the contract’s real next step (%#)', async (milestones, text) => {
    fakeApi({
      'GET projects/p1': () => ({ body: projectFixture({ status: 'in_progress', contract_id: 'c1', quotes: [{ ...quote, status: 'selected' }] }) }),
      'GET contracts/c1': () => ({ body: contractFixture({ milestones }) }),
    });
    renderPage();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText(/Fund the first milestone/)).not.toBeInTheDocument();
  });

  it('says the work is completed once every milestone is paid out', async () => {
    fakeApi({
      'GET projects/p1': () => ({ body: projectFixture({ status: 'completed', contract_id: 'c1', quotes: [{ ...quote, status: 'selected' }] }) }),
      'GET contracts/c1': () => ({
        body: contractFixture({
          status: 'completed',
          milestones: [milestoneFixture({ status: 'released', next: { action: 'none', waiting_on: null } })],
        }),
      }),
    });
    renderPage();
    expect(await screen.findByText('The work is completed and every milestone is paid out.')).toBeInTheDocument();
  });

  it('lets the owner cancel an open project', async () => {
    const calls = fakeApi({
      'GET projects/p1': () => ({ body: projectFixture({ quotes: [] }) }),
      'POST projects/p1/cancel': () => ({ body: projectFixture({ status: 'cancelled', quotes: [] }) }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the project' }));
    const confirm = screen.queryByRole('button', { name: 'Yes, cancel it' });
    if (confirm) await userEvent.click(confirm);
    expect(await screen.findByText('This project is cancelled.')).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'POST projects/p1/cancel')).toBe(true);
  });

  it('offers to continue a draft in the form', async () => {
    fakeApi({ 'GET projects/p1': () => ({ body: projectFixture({ status: 'draft', quotes: [], bid_count: 0 }) }) });
    renderPage();
    expect(await screen.findByRole('link', { name: 'Continue the draft' })).toHaveAttribute('href', '/main/create?draft=p1');
  });
});

describe('project detail: whom the request reaches', () => {
  const withReach = (reach: { specialists: number; elsewhere_in_country: number }, project: Partial<ProjectDetail> = {}) =>
    fakeApi({
      'GET projects/p1': () => ({ body: projectFixture({ quotes: [], ...project }) }),
      'GET projects/p1/reach': () => ({ body: reach }),
    });

  it('tells the owner how many verified specialists hear of it, with no call to widen it when they do', async () => {
    withReach({ specialists: 2, elsewhere_in_country: 0 });
    renderPage();
    expect(await screen.findByText('2 verified specialists of this trade work in Lyon: each hears of this request.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'See the verified specialists of this trade' })).not.toBeInTheDocument();
  });

  it('says nobody hears of a request in a city no specialist of its trade works in, and who elsewhere could be invited', async () => {
    withReach({ specialists: 0, elsewhere_in_country: 3 }, { status: 'draft' });
    renderPage();
    expect(await screen.findByText('No verified specialist of this trade works in Lyon yet: nobody hears of this request.')).toBeInTheDocument();
    expect(screen.getByText('3 more work elsewhere in FR: you can invite them to quote.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the verified specialists of this trade' })).toHaveAttribute('href', '/professionals?trade=kitchen');
  });

  it('suggests a broader trade when nobody in the country does this one', async () => {
    withReach({ specialists: 0, elsewhere_in_country: 0 });
    renderPage();
    expect(await screen.findByText(/^None works elsewhere in FR either: a broader trade/)).toBeInTheDocument();
  });

  it('is not asked for on a specialist’s view of the request', async () => {
    const calls = withReach({ specialists: 2, elsewhere_in_country: 0 }, { relation: 'matching' });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Kitchen renovation' })).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'GET projects/p1/reach')).toBe(false);
  });
});
