import { screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { clientUserAtom } from 'shared/session';
import type { Me } from 'shared/contract';
import { fakeApi, renderWithProviders, testClientUser } from 'shared/testing';
import { ProjectsPage } from './projects-page';

const profile = { company_name: '', headline: '', description: '', categories: [], service_country: 'CM', service_cities: [] };
const empty = { data: [], meta: { page: 1, page_size: 12, total: 0 } };

function renderAs(user: Partial<Me>) {
  const store = createStore();
  store.set(clientUserAtom, testClientUser({ id: 'u1', first_name: 'Ada', ...user }));
  return renderWithProviders(<ProjectsPage />, { url: '/main/projects', store });
}

describe('ProjectsPage', () => {
  it('explains to an unverified specialist why no request arrives', async () => {
    fakeApi({ 'GET specialist-profile': () => ({ body: { ...profile, verified: false } }), 'GET projects': () => ({ body: empty }) });
    renderAs({ role: { name: 'contractor' }, verified: false });
    expect(await screen.findByRole('heading', { name: 'Your account is being verified' })).toBeInTheDocument();
    expect(screen.getByText(/Requests arrive once it is/)).toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Post a project' })).not.toBeInTheDocument();
  });

  it('lists the requests of a verified specialist', async () => {
    const card = {
      id: 'p1',
      title: 'Kitchen renovation in Bonapriso',
      category: 'kitchen',
      status: 'open',
      created_at: '2026-11-20T10:00:00.000Z',
      location: { country: 'CM', city: 'Douala' },
      created_by: { name: 'Claire C.' },
      quote_type: 'request_a_quote',
      bid_count: 1,
      budget: { min: null, max: null, currency: 'XAF' },
    };
    const calls = fakeApi({ 'GET projects': () => ({ body: { data: [card], meta: { page: 1, page_size: 12, total: 1 } } }) });
    renderAs({ role: { name: 'contractor' }, verified: true });
    expect(await screen.findByRole('link', { name: 'Kitchen renovation in Bonapriso' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Requests' })).toBeInTheDocument();
    expect(screen.getByText('1 bid')).toBeInTheDocument();
    expect(calls.map((call) => call.key)).toEqual(['GET projects']);
  });

  it('invites a client without projects to post the first one', async () => {
    fakeApi({ 'GET projects': () => ({ body: empty }) });
    renderAs({ role: { name: 'client' } });
    expect(await screen.findByRole('heading', { name: 'You have no projects yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Post your first project' })).toHaveAttribute('href', '/main/create');
  });
});

describe('ProjectsPage for an expert', () => {
  it('lists the projects the expert inspects, with no offer to post one', async () => {
    fakeApi({ 'GET projects': () => ({ body: empty }) });
    renderAs({ role: { name: 'expert' } });
    expect(screen.getByRole('heading', { level: 1, name: 'Projects you inspect' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No project to inspect yet' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Post/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
