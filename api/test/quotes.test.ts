import { createTestApp, type TestApp } from './test-app';
import { createClient, createSpecialist, type Person } from './marketplace-helpers';

let t: TestApp;
let client: Person;
let paul: Person;
let nadia: Person;
let unverified: Person;
let projectId: string;

const quote = (overrides: Record<string, unknown> = {}) => ({
  amount: 4_500_000,
  currency: 'XAF',
  duration_days: 45,
  message: 'We can start in February with a team of four.',
  milestones: [
    { title: 'Demolition and plumbing', amount: 1_500_000 },
    { title: 'Cabinets and worktops', amount: 2_000_000 },
    { title: 'Tiling and finishing', amount: 1_000_000 },
  ],
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  client = await createClient(t.app, t.db, 'Amina');
  paul = await createSpecialist(t.app, t.db, { first_name: 'Paul' });
  nadia = await createSpecialist(t.app, t.db, { first_name: 'Nadia', kind: 'vendor' });
  unverified = await createSpecialist(t.app, t.db, { first_name: 'Ursula', verified: false });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/projects',
    headers: client.headers,
    payload: {
      title: 'Kitchen renovation in Bonapriso',
      description: 'Full kitchen renovation: new cabinets, worktops, tiling and plumbing.',
      category: 'kitchen',
      country: 'CM',
      city: 'Douala',
      currency: 'XAF',
    },
  });
  projectId = created.json().id;
});
afterAll(async () => t.close());

const submit = (person: Person, body: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/v1/projects/${projectId}/quotes`, headers: person.headers, payload: body as object });

describe('quotes', () => {
  it('lets a verified contractor quote with a three-milestone plan', async () => {
    const response = await submit(paul, quote());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      status: 'submitted',
      amount: 4_500_000,
      currency: 'XAF',
      duration_days: 45,
      specialist: { name: expect.stringContaining('Paul'), verified: true },
      milestones: [
        { position: 1, title: 'Demolition and plumbing', amount: 1_500_000 },
        { position: 2, title: 'Cabinets and worktops', amount: 2_000_000 },
        { position: 3, title: 'Tiling and finishing', amount: 1_000_000 },
      ],
    });
  });

  it('refuses milestones that do not add up, another currency, and a second quote', async () => {
    const wrongSum = await submit(nadia, quote({ amount: 5_000_000 }));
    expect(wrongSum.statusCode).toBe(422);
    expect(wrongSum.json().errors.milestones).toEqual(['The milestone amounts must add up to the total.']);
    const wrongCurrency = await submit(nadia, quote({ currency: 'EUR' }));
    expect(wrongCurrency.statusCode).toBe(422);
    expect(wrongCurrency.json().errors.currency).toEqual(['Quote in the currency of the project (XAF).']);
    const noMilestones = await submit(nadia, quote({ milestones: [] }));
    expect(noMilestones.json().errors.milestones).toEqual(['Plan between 1 and 20 milestones.']);
    const again = await submit(paul, quote());
    expect(again.statusCode).toBe(409);
  });

  it('does not let an unverified specialist or the client quote', async () => {
    expect((await submit(unverified, quote())).statusCode).toBe(403);
    expect((await submit(client, quote())).statusCode).toBe(403);
  });

  it('shows the owner every quote and the bid count, and each specialist only their own', async () => {
    expect((await submit(nadia, quote({ amount: 4_000_000, milestones: [{ title: 'Everything', amount: 4_000_000 }] }))).statusCode).toBe(201);
    const owner = (await t.app.inject({ method: 'GET', url: `/api/v1/projects/${projectId}`, headers: client.headers })).json();
    expect(owner.bid_count).toBe(2);
    expect(owner.quotes.map((q: { amount: number }) => q.amount)).toEqual([4_500_000, 4_000_000]);
    const cards = (await t.app.inject({ method: 'GET', url: '/api/v1/projects', headers: client.headers })).json();
    expect(cards.data[0].bid_count).toBe(2);
    const paulView = (await t.app.inject({ method: 'GET', url: `/api/v1/projects/${projectId}/quotes`, headers: paul.headers })).json();
    expect(paulView.data.map((q: { amount: number }) => q.amount)).toEqual([4_500_000]);
    const notified = await t.db.query<{ kind: string }>("SELECT kind FROM notifications WHERE user_id = $1 AND kind = 'quote_received'", [client.id]);
    expect(notified.rows).toHaveLength(2);
  });

  it('lets the owner select one quote: the project is contracted and the others are declined', async () => {
    const quotes = (await t.app.inject({ method: 'GET', url: `/api/v1/projects/${projectId}/quotes`, headers: client.headers })).json().data;
    const paulsQuote = quotes.find((q: { specialist: { name: string } }) => q.specialist.name.includes('Paul'));
    const nadiasQuote = quotes.find((q: { specialist: { name: string } }) => q.specialist.name.includes('Nadia'));

    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/projects/${projectId}/quotes/${paulsQuote.id}/select`, headers: paul.headers })).statusCode,
    ).toBe(403);

    const selected = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/quotes/${paulsQuote.id}/select`,
      headers: client.headers,
    });
    expect(selected.statusCode).toBe(200);
    expect(selected.json().selected_quote.status).toBe('selected');
    expect(selected.json().quotes.find((q: { id: string }) => q.id === nadiasQuote.id).status).toBe('rejected');

    // A retried request answers the same; choosing another quote now is refused.
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/quotes/${paulsQuote.id}/select`,
      headers: client.headers,
    });
    expect(retried.statusCode).toBe(200);
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/quotes/${nadiasQuote.id}/select`,
      headers: client.headers,
    });
    expect(other.statusCode).toBe(409);

    const project = (await t.app.inject({ method: 'GET', url: `/api/v1/projects/${projectId}`, headers: client.headers })).json();
    expect(project.status).toBe('contracted');
    const kinds = await t.db.query<{ user_id: string; kind: string }>(
      "SELECT user_id, kind FROM notifications WHERE kind IN ('quote_selected', 'quote_not_selected') ORDER BY kind",
    );
    expect(kinds.rows).toEqual([
      { user_id: nadia.id, kind: 'quote_not_selected' },
      { user_id: paul.id, kind: 'quote_selected' },
    ]);
  });

  it('takes the request off the market once a quote is selected, and keeps the scope fixed', async () => {
    // Specialists who did not quote no longer see it at all.
    const late = await createSpecialist(t.app, t.db, { first_name: 'Lena' });
    expect((await submit(late, quote())).statusCode).toBe(404);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/v1/projects', headers: late.headers })).json();
    expect(listed.data).toEqual([]);
    // The chosen specialist still does, as a participant.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/projects/${projectId}`, headers: paul.headers })).statusCode).toBe(200);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/projects/${projectId}`,
      headers: client.headers,
      payload: {
        title: 'A different project',
        description: 'Full kitchen renovation: new cabinets, worktops, tiling and plumbing.',
        category: 'kitchen',
        country: 'CM',
        city: 'Douala',
        currency: 'XAF',
      },
    });
    expect(edit.statusCode).toBe(409);
    const clarify = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/projects/${projectId}`,
      headers: client.headers,
      payload: {
        title: 'Kitchen renovation in Bonapriso',
        description: 'Full kitchen renovation: new cabinets, worktops, tiling and plumbing. Access by the back gate.',
        category: 'kitchen',
        country: 'CM',
        city: 'Douala',
        currency: 'XAF',
      },
    });
    expect(clarify.statusCode).toBe(200);
  });
});

describe('quote messages in French', () => {
  it('answers a French caller in French', async () => {
    const project = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers: client.headers,
      payload: {
        title: 'Toiture de la maison',
        description: 'Remplacer la toiture en tôle de la maison familiale.',
        category: 'kitchen',
        country: 'CM',
        city: 'Douala',
        currency: 'XAF',
      },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${project.json().id}/quotes`,
      headers: { ...paul.headers, 'accept-language': 'fr' },
      payload: quote({ amount: 10 }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.milestones).toEqual(['La somme des jalons doit être égale au total.']);
  });
});
