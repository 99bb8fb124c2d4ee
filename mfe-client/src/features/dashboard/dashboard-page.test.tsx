import { screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { clientUserAtom } from 'shared/session';
import { fakeApi, renderWithProviders } from 'shared/testing';
import { DashboardPage } from './dashboard-page';

const card = (id: string, title: string, status: string) => ({
  id,
  title,
  category: 'kitchen',
  status,
  created_at: '2026-11-20T10:00:00.000Z',
  location: { country: 'CM', city: 'Douala' },
  created_by: { name: 'Claire C.' },
  quote_type: 'request_a_quote',
  bid_count: 0,
  budget: { min: null, max: null, currency: 'XAF' },
});

const byStatus: Record<string, ReturnType<typeof card>[]> = {
  draft: [card('p0', 'Garden wall', 'draft')],
  open: [card('p1', 'Kitchen', 'open')],
  contracted: [card('p2', 'Bathroom', 'contracted')],
  in_progress: [card('p3', 'Roof', 'in_progress')],
  completed: [],
};

function render(role: string) {
  const store = createStore();
  store.set(clientUserAtom, { id: 'u1', first_name: 'Claire', role: { name: role }, verified: true } as never);
  return renderWithProviders(<DashboardPage />, { store, url: '/main/dashboard' });
}

afterEach(() => jest.restoreAllMocks());

describe('DashboardPage follows the project lifecycle', () => {
  it('counts projects in progress as active and lists the drafts to finish', async () => {
    fakeApi({
      'GET projects': ({ search }) => {
        const data = byStatus[search.get('status') ?? ''] ?? [];
        return { body: { data, meta: { page: 1, page_size: 50, total: data.length } } };
      },
      'GET contracts': () => ({ body: { data: [] } }),
    });
    render('client');
    const active = (await screen.findByRole('heading', { name: 'Active projects' })).closest('section')!;
    expect(within(active).getByText('3')).toBeInTheDocument();
    expect(within(active).getByRole('link', { name: 'Roof' })).toBeInTheDocument();
    const drafts = screen.getByRole('heading', { name: 'Drafts' }).closest('section')!;
    expect(within(drafts).getByRole('link', { name: 'Garden wall' })).toHaveAttribute('href', '/main/create?draft=p0');
  });

  it('keeps a contractor’s contract among the active ones once work has started', async () => {
    fakeApi({
      'GET specialist-profile': () => ({
        body: {
          company_name: 'Conrad',
          headline: '',
          description: '',
          categories: ['kitchen'],
          service_country: 'CM',
          service_cities: [],
          verified: true,
        },
      }),
      'GET invites': () => ({ body: { data: [] } }),
      'GET contracts': () => ({ body: { data: [] } }),
      'GET projects': ({ search }) => {
        const data = byStatus[search.get('status') ?? ''] ?? [];
        return { body: { data, meta: { page: 1, page_size: 50, total: data.length } } };
      },
      'GET projects/p2': () => ({
        body: {
          ...card('p2', 'Bathroom', 'contracted'),
          description: '',
          desired_start: null,
          design_id: null,
          updated_at: '2026-11-20T10:00:00.000Z',
          relation: 'quoted',
          contract_id: null,
          documents: [],
          quotes: [
            {
              id: 'q',
              status: 'selected',
              amount: 1,
              currency: 'XAF',
              duration_days: 1,
              message: '',
              created_at: '2026-11-20T10:00:00.000Z',
              specialist: { id: 'u1', name: 'C', company: '', kind: 'contractor', verified: true, available: true },
              milestones: [],
            },
          ],
        },
      }),
      'GET projects/p3': () => ({
        body: {
          ...card('p3', 'Roof', 'in_progress'),
          description: '',
          desired_start: null,
          design_id: null,
          updated_at: '2026-11-20T10:00:00.000Z',
          relation: 'quoted',
          contract_id: null,
          documents: [],
          quotes: [
            {
              id: 'q2',
              status: 'selected',
              amount: 1,
              currency: 'XAF',
              duration_days: 1,
              message: '',
              created_at: '2026-11-20T10:00:00.000Z',
              specialist: { id: 'u1', name: 'C', company: '', kind: 'contractor', verified: true, available: true },
              milestones: [],
            },
          ],
        },
      }),
    });
    render('contractor');
    const contracts = (await screen.findByRole('heading', { name: 'Active contracts' })).closest('section')!;
    expect(within(contracts).getByRole('link', { name: 'Roof' })).toBeInTheDocument();
    expect(within(contracts).getByRole('link', { name: 'Bathroom' })).toBeInTheDocument();
  });
});

describe('DashboardPage: unread messages', () => {
  it.each(['client', 'contractor', 'expert'])('tells a %s how many messages are unread and leads to them', async (role) => {
    fakeApi({
      'GET conversations/unread-count': () => ({ body: { count: 2 } }),
      'GET projects': () => ({ body: { data: [], meta: { page: 1, page_size: 50, total: 0 } } }),
      'GET contracts': () => ({ body: { data: [] } }),
    });
    render(role);
    expect(await screen.findByText('You have 2 unread messages.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read your messages' })).toHaveAttribute('href', '/main/messages');
  });

  it('says nothing when every message is read', async () => {
    const calls = fakeApi({
      'GET conversations/unread-count': () => ({ body: { count: 0 } }),
      'GET projects': () => ({ body: { data: [], meta: { page: 1, page_size: 50, total: 0 } } }),
      'GET contracts': () => ({ body: { data: [] } }),
    });
    render('client');
    await screen.findByRole('heading', { name: 'Active projects' });
    expect(calls.some((call) => call.key === 'GET conversations/unread-count')).toBe(true);
    expect(screen.queryByRole('link', { name: 'Read your messages' })).not.toBeInTheDocument();
  });
});
