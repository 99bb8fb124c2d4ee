import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import toast, { Toaster } from 'react-hot-toast';
import { localizationAtom, referenceBookAtom } from 'shared/reference';
import { STORAGE_KEYS, clientUserAtom } from 'shared/session';
import { queryKeys } from 'shared/query';
import { fakeApi, renderWithProviders } from 'shared/testing';
import { FakeXhr, installFakeXhr } from '../../testing/fake-xhr';
import { CreateProjectPage } from './create-project-page';

const user = userEvent.setup({ applyAccept: false, delay: null });
// Each test walks several steps of typing; on a busy machine that takes longer than jest's 5 seconds.
jest.setTimeout(20_000);

const book = {
  countries: [
    { code: 'CM', name: 'Cameroon', currency: 'XAF', cities: ['Douala', 'Yaoundé'] },
    { code: 'FR', name: 'France', currency: 'EUR', cities: ['Paris'] },
  ],
  category_groups: [{ code: 'renovation', name: 'Renovation' }],
  categories: [{ code: 'bathroom', group: 'renovation', name: 'Bathroom' }],
  specialist_kinds: [],
  project_statuses: [],
  currencies: [
    { code: 'XAF', name: 'CFA franc', minor_digits: 0 },
    { code: 'EUR', name: 'Euro', minor_digits: 2 },
  ],
};

function renderPage(url = '/main/create', locale: 'en' | 'fr' = 'en', role = 'client') {
  toast.remove();
  render(<Toaster />);
  const store = createStore();
  store.set(referenceBookAtom, book);
  store.set(localizationAtom, { locale: 'en', country: 'CM', currency: 'XAF' });
  store.set(
    clientUserAtom,
    (role === 'client'
      ? { id: 'u1', first_name: 'Claire', role: { name: 'client' } }
      : { id: 'u2', first_name: 'Paul', role: { name: role } }) as never,
  );
  return renderWithProviders(<CreateProjectPage />, {
    url,
    path: '/main/create',
    store,
    locale,
    routes: [{ path: '/main/projects/:id', element: <p>Project page</p> }],
  });
}

async function fillFirstTwoSteps() {
  await user.type(screen.getByLabelText('Title'), 'Bathroom makeover');
  await user.selectOptions(screen.getByLabelText('Category'), 'bathroom');
  await user.type(screen.getByLabelText('Description'), 'Walk-in shower, new tiles on walls and floor.');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Step 2 of 4: Where and when' });
  await user.type(screen.getByLabelText('City'), 'Douala');
  await user.type(screen.getByLabelText('From'), '1 500 000');
  await user.type(screen.getByLabelText('To'), '2500000');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Step 3 of 4: Documents' });
}

beforeEach(() => {
  window.localStorage.setItem(STORAGE_KEYS.clientToken, 'tok-1');
  installFakeXhr();
});

describe('CreateProjectPage', () => {
  it('checks each step before moving on, with the shared rules', async () => {
    fakeApi({});
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findAllByText('This field is mandatory.')).toHaveLength(2);
    expect(screen.getByText('Please choose a category.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Step 1 of 4: What' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Title'), 'Bathroom makeover');
    await user.selectOptions(screen.getByLabelText('Category'), 'bathroom');
    await user.type(screen.getByLabelText('Description'), 'Too short');
    await user.tab();
    expect(await screen.findByText('Minimum amount of characters is 20.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Description'), ' — walk-in shower and new tiles.');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // The country and currency come preset from the visitor's localization.
    expect(await screen.findByRole('heading', { name: 'Step 2 of 4: Where and when' })).toBeInTheDocument();
    expect(screen.getByLabelText('Country')).toHaveValue('CM');
    expect(screen.getByLabelText('Currency')).toHaveValue('XAF');
    await user.type(screen.getByLabelText('City'), 'Douala');
    await user.type(screen.getByLabelText('From'), '3000000');
    await user.type(screen.getByLabelText('To'), '1000000');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The minimum budget cannot be more than the maximum.')).toBeInTheDocument();
  });

  it('publishes with the documents, showing the upload progress, then opens the project', async () => {
    fakeApi({});
    const { router } = renderPage();
    await fillFirstTwoSteps();
    const pdf = new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' });
    const png = new File(['png'], 'photo.png', { type: 'image/png' });
    const exe = new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' });
    await user.upload(screen.getByLabelText('Documents'), [pdf, png, exe]);
    expect(screen.getByText('tool.exe: only PDF, PNG, JPEG, GIF and WebP files are accepted.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove photo.png' }));
    await user.upload(screen.getByLabelText('Documents'), png);
    expect(screen.getAllByRole('button', { name: /^Remove / })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('plan.pdf, photo.png')).toBeInTheDocument();
    expect(screen.getByText('FCFA 1,500,000 – FCFA 2,500,000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish the project' }));
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toMatch(/\/api\/v1\/projects$/);
    expect(xhr.headers.Authorization).toBe('Bearer tok-1');
    expect(xhr.body?.get('budget_min')).toBe('1500000');
    expect(xhr.body?.get('currency')).toBe('XAF');
    expect(xhr.body?.getAll('documents').map((file) => (file as File).name)).toEqual(['plan.pdf', 'photo.png']);

    act(() => xhr.progress(40, 100));
    expect(screen.getByRole('progressbar', { name: 'Publishing your project' })).toHaveAttribute('value', '40');
    expect(screen.getByText('40%')).toBeInTheDocument();
    act(() => xhr.answer(201, { id: 'p-1', title: 'Bathroom makeover' }));
    expect(await screen.findByText('Project page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/main/projects/p-1');
  });

  it("puts the server's field errors back on their step", async () => {
    fakeApi({});
    renderPage();
    await fillFirstTwoSteps();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Publish the project' }));
    act(() => FakeXhr.last!.answer(422, { message: 'Invalid', errors: { city: ['We do not work in this city yet.'] } }));
    expect(await screen.findByRole('heading', { name: 'Step 2 of 4: Where and when' })).toBeInTheDocument();
    expect(await screen.findByText('We do not work in this city yet.')).toBeInTheDocument();
    expect(screen.getByLabelText('City')).toHaveAttribute('aria-invalid', 'true');
  });

  // The same reading as every other amount field: the shared parser, in the user's language.
  it.each([
    ['en', 'EUR', '1.500', 'EUR amounts have at most 2 decimals.'],
    ['en', 'XAF', '1.500', 'XAF amounts have no decimals.'],
    ['fr', 'XAF', '1,500', 'XAF amounts have no decimals.'],
    ['en', 'EUR', '0x10', 'Please enter the amount in figures, for example 1,500.50.'],
    ['en', 'XAF', '1e3', 'Please enter the amount in figures, for example 1,500.'],
    ['en', 'EUR', '1,5', 'Please enter the amount in figures, for example 1,500.50.'],
  ] as const)('in %s, refuses a budget in %s typed %s, with a message', async (locale, currency, typed, message) => {
    fakeApi({});
    renderPage('/main/create', locale);
    await user.type(screen.getByLabelText('Title'), 'Bathroom makeover');
    await user.selectOptions(screen.getByLabelText('Category'), 'bathroom');
    await user.type(screen.getByLabelText('Description'), 'Walk-in shower, new tiles on walls and floor.');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Step 2 of 4: Where and when' });
    await user.type(screen.getByLabelText('City'), 'Douala');
    await user.selectOptions(screen.getByLabelText('Currency'), currency);
    await user.type(screen.getByLabelText('From'), typed);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.getByRole('heading', { name: 'Step 2 of 4: Where and when' })).toBeInTheDocument();
  });

  it('in French, reads "1 500,50" euros as 150050 cents', async () => {
    fakeApi({});
    renderPage('/main/create', 'fr');
    await user.type(screen.getByLabelText('Title'), 'Bathroom makeover');
    await user.selectOptions(screen.getByLabelText('Category'), 'bathroom');
    await user.type(screen.getByLabelText('Description'), 'Walk-in shower, new tiles on walls and floor.');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Step 2 of 4: Where and when' });
    await user.type(screen.getByLabelText('City'), 'Douala');
    await user.selectOptions(screen.getByLabelText('Currency'), 'EUR');
    await user.type(screen.getByLabelText('From'), '1 500,50');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Step 3 of 4: Documents' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Publish the project' }));
    expect(FakeXhr.last!.body?.get('budget_min')).toBe('150050');
  });
});

describe('CreateProjectPage for other roles', () => {
  it.each(['contractor', 'expert'])('explains to a %s that only clients post projects, with no form to fill', async (role) => {
    fakeApi({});
    renderPage('/main/create', 'en', role);
    expect(screen.getByRole('heading', { level: 1, name: 'Only clients post projects' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/main/dashboard');
  });
});

describe('CreateProjectPage drafts', () => {
  const draft = {
    id: 'd-1',
    title: 'Bathroom makeover',
    category: 'bathroom',
    status: 'draft',
    created_at: '2026-11-20T10:00:00.000Z',
    location: { country: 'CM', city: 'Douala' },
    created_by: { name: 'Claire Client' },
    quote_type: 'request_a_quote',
    bid_count: 0,
    budget: { min: 1_500_000, max: 2_500_000, currency: 'XAF' },
    description: 'Walk-in shower, new tiles on walls and floor.',
    desired_start: null,
    design_id: null,
    updated_at: '2026-11-20T10:00:00.000Z',
    relation: 'owner',
    documents: [
      {
        id: 'doc-1',
        file_name: 'plan.pdf',
        content_type: 'application/pdf',
        size_bytes: 125,
        created_at: '2026-11-20T10:00:00.000Z',
        download_url: '/x',
      },
    ],
    quotes: [],
    contract_id: null,
  };

  it('saves the first step as a draft, then keeps saving the same draft', async () => {
    fakeApi({});
    const { router } = renderPage();
    await user.type(screen.getByLabelText('Title'), 'Bathroom makeover');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toMatch(/\/api\/v1\/projects\?draft=true$/);
    expect(xhr.body?.get('title')).toBe('Bathroom makeover');
    act(() => xhr.answer(201, { ...draft, description: '', category: '' }));
    expect(await screen.findByText('Draft saved. Only you can see it; publish it when it is ready.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?draft=d-1');
  });

  it('continues a draft where it was left, then publishes it', async () => {
    const calls = fakeApi({
      'GET projects/d-1': () => ({ body: draft }),
      'PUT projects/d-1': () => ({ body: draft }),
      'POST projects/d-1/publish': () => ({ body: { ...draft, status: 'open' } }),
    });
    const { router, queryClient } = renderPage('/main/create?draft=d-1');
    // The client's Draft filter was looked at before: the list it cached holds the draft.
    queryClient.setQueryData(queryKeys.projects.list({ status: 'draft' }), { data: [draft], total: 1 });
    expect(await screen.findByDisplayValue('Bathroom makeover')).toBeInTheDocument();
    expect(screen.getByLabelText('Description')).toHaveValue('Walk-in shower, new tiles on walls and floor.');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByLabelText('City')).toHaveValue('Douala');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('plan.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Publish the project' }));
    expect(await screen.findByText('Project page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/main/projects/d-1');
    const put = calls.find((call) => call.key === 'PUT projects/d-1')!;
    expect(put.search.get('draft')).toBe('true');
    expect(put.body).toMatchObject({ title: 'Bathroom makeover', city: 'Douala', budget_min: 1500000 });
    expect(calls.map((call) => call.key)).toContain('POST projects/d-1/publish');
    // The project page and the lists show it published, not the draft they had kept.
    expect(queryClient.getQueryData<{ status: string }>(queryKeys.projects.detail('d-1'))?.status).toBe('open');
    expect(queryClient.getQueryState(queryKeys.projects.list({ status: 'draft' }))?.isInvalidated).toBe(true);
  });
});

describe('CreateProjectPage defaults', () => {
  it('starts from the client’s own country and its currency, not the connection’s guess', async () => {
    fakeApi({});
    toast.remove();
    const store = createStore();
    store.set(referenceBookAtom, book);
    store.set(localizationAtom, { locale: 'en', country: 'FR', currency: 'EUR' });
    store.set(clientUserAtom, { id: 'u1', first_name: 'Claire', country: 'CM', role: { name: 'client' } } as never);
    renderWithProviders(<CreateProjectPage />, { url: '/main/create', path: '/main/create', store });
    await user.type(screen.getByLabelText('Title'), 'Bathroom makeover');
    await user.selectOptions(screen.getByLabelText('Category'), 'bathroom');
    await user.type(screen.getByLabelText('Description'), 'Walk-in shower, new tiles on walls and floor.');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Step 2 of 4: Where and when' });
    expect(screen.getByLabelText('Country')).toHaveValue('CM');
    expect(screen.getByLabelText('Currency')).toHaveValue('XAF');
  });
});
