import { createTestApp, type TestApp } from './test-app';
import { createClient, createSpecialist, multipart, projectFields, type Person } from './marketplace-helpers';
import { assignExpert, complete, createContract, createParties, fund, getContract, inspect, release, type EscrowParties } from './escrow-helpers';

let t: TestApp;
let parties: EscrowParties;
let otherClient: Person;

beforeAll(async () => {
  t = await createTestApp();
  parties = await createParties(t.app, t.db);
  otherClient = await createClient(t.app, t.db, 'Brice');
});
afterAll(async () => t.close());

const get = (who: { headers: Record<string, string> }, url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: who.headers });
const projectOf = async (contractId: string) => ((await getContract(t.app, parties.client, contractId)).project as { id: string }).id;
const statusOf = async (projectId: string) => (await get(parties.client, `/projects/${projectId}`)).json().status as string;
const listed = async (who: { headers: Record<string, string> }, query: string) =>
  ((await get(who, `/projects?${query}`)).json().data as { id: string }[]).map((p) => p.id);

describe('a project follows its contract', () => {
  let contractId: string;
  let projectId: string;

  beforeAll(async () => {
    contractId = await createContract(t.app, parties);
    projectId = await projectOf(contractId);
    expect((await assignExpert(t.app, parties, contractId)).statusCode).toBe(200);
  });

  it('is "contracted" once a quote is selected and nothing is funded', async () => {
    expect(await statusOf(projectId)).toBe('contracted');
  });

  it('is in progress as soon as the first milestone is funded', async () => {
    const [first] = (await getContract(t.app, parties.client, contractId)).milestones;
    expect((await fund(t.app, parties.client, contractId, first!.id)).statusCode).toBe(200);
    expect(await statusOf(projectId)).toBe('in_progress');
    expect(await listed(parties.client, 'status=in_progress')).toContain(projectId);
    expect(await listed(parties.client, 'status=contracted')).not.toContain(projectId);
  });

  it('is completed after the last release, and the Completed filter shows it', async () => {
    const milestones = (await getContract(t.app, parties.client, contractId)).milestones;
    for (const milestone of milestones) {
      if (milestone.status === 'draft') expect((await fund(t.app, parties.client, contractId, milestone.id)).statusCode).toBe(200);
      expect((await complete(t.app, parties.contractor, contractId, milestone.id)).statusCode).toBe(200);
      expect((await inspect(t.app, parties.expert, contractId, milestone.id)).statusCode).toBe(200);
      expect(await statusOf(projectId)).toBe('in_progress');
      expect((await release(t.app, parties.client, contractId, milestone.id)).statusCode).toBe(200);
    }
    expect((await getContract(t.app, parties.client, contractId)).status).toBe('completed');
    expect(await statusOf(projectId)).toBe('completed');
    expect(await listed(parties.client, 'status=completed')).toEqual([projectId]);
    // The contractor's list follows too.
    expect(await listed(parties.contractor, 'status=completed')).toEqual([projectId]);
  });

  it('lists the projects an expert inspects to that expert, and no other', async () => {
    const mine = await get(parties.expert, '/projects');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.map((p: { id: string }) => p.id)).toEqual([projectId]);
    expect(mine.json().meta.total).toBe(1);
    expect(await listed(parties.expert, 'status=completed')).toEqual([projectId]);
    const other = await createSpecialist(t.app, t.db, { first_name: 'Olga', kind: 'expert' });
    const theirs = await get(other, '/projects');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data).toEqual([]);
  });
});

describe('drafts', () => {
  let draftId: string;

  it('saves an unfinished project as a draft, told to nobody', async () => {
    const before = await t.db.query<{ n: string }>("SELECT count(*) AS n FROM notifications WHERE kind = 'project_request'");
    const body = multipart([
      { name: 'title', value: 'Roof repair in Akwa' },
      { name: 'category', value: 'masonry' },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects?draft=true',
      payload: body.payload,
      headers: { ...body.headers, ...parties.client.headers },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'draft', title: 'Roof repair in Akwa', description: '' });
    draftId = response.json().id;
    const after = await t.db.query<{ n: string }>("SELECT count(*) AS n FROM notifications WHERE kind = 'project_request'");
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('still checks what a draft has: a title is needed and a given field must be valid', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects?draft=true',
      headers: parties.client.headers,
      payload: { title: '', category: 'not-a-trade' },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['category', 'title']);
  });

  it('filters by every status of the reference book, drafts included', async () => {
    const book = (await get(parties.client, '/common/reference-book')).json();
    for (const status of book.project_statuses as { code: string }[]) {
      expect((await get(parties.client, `/projects?status=${status.code}`)).statusCode).toBe(200);
    }
    expect(await listed(parties.client, 'status=draft')).toEqual([draftId]);
  });

  it('shows a draft to its owner only', async () => {
    // The contractor matches the trade and the area, but a draft is not a request yet.
    expect(await listed(parties.contractor, '')).not.toContain(draftId);
    expect((await get(parties.contractor, `/projects/${draftId}`)).statusCode).toBe(404);
    expect((await get(otherClient, `/projects/${draftId}`)).statusCode).toBe(404);
    const quote = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${draftId}/quotes`,
      headers: parties.contractor.headers,
      payload: { amount: 100, currency: 'XAF', duration_days: 3, milestones: [{ title: 'All', amount: 100 }] },
    });
    expect(quote.statusCode).toBe(404);
  });

  it('takes no invitation before it is published', async () => {
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invites',
      headers: parties.client.headers,
      payload: { project_id: draftId, specialist_id: parties.contractor.id },
    });
    expect(invite.statusCode).toBe(409);
    expect(invite.json().message).toBe('Publish the project before inviting specialists to quote.');
  });

  it('refuses to publish a draft with missing fields, naming them', async () => {
    const response = await t.app.inject({ method: 'POST', url: `/api/v1/projects/${draftId}/publish`, headers: parties.client.headers });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(expect.arrayContaining(['description', 'country', 'city', 'currency']));
    expect(await statusOf(draftId)).toBe('draft');
  });

  it('keeps a draft saved again later, then publishes it to the matching specialists', async () => {
    const fields = Object.fromEntries(projectFields({ title: 'Roof repair in Akwa', category: 'masonry' }).map((p) => [p.name, p.value]));
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/projects/${draftId}?draft=true`,
      headers: parties.client.headers,
      payload: fields,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ status: 'draft', location: { city: 'Douala' } });
    const other = await t.app.inject({ method: 'POST', url: `/api/v1/projects/${draftId}/publish`, headers: otherClient.headers });
    expect(other.statusCode).toBe(404);
    const published = await t.app.inject({ method: 'POST', url: `/api/v1/projects/${draftId}/publish`, headers: parties.client.headers });
    expect(published.statusCode).toBe(200);
    expect(published.json().status).toBe('open');
    const told = await t.db.query("SELECT 1 FROM notifications WHERE user_id = $1 AND kind = 'project_request' AND data->>'project_id' = $2", [
      parties.contractor.id,
      draftId,
    ]);
    expect(told.rows).toHaveLength(1);
    expect(await listed(parties.contractor, '')).toContain(draftId);
    // Published once: a second call is a conflict, not a second announcement.
    const again = await t.app.inject({ method: 'POST', url: `/api/v1/projects/${draftId}/publish`, headers: parties.client.headers });
    expect(again.statusCode).toBe(409);
  });
});

describe('cancelling', () => {
  it('lets the owner cancel an open project or a draft, and nobody else', async () => {
    const open = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers: parties.client.headers,
      payload: Object.fromEntries(projectFields().map((p) => [p.name, p.value])),
    });
    const openId = open.json().id as string;
    const stranger = await t.app.inject({ method: 'POST', url: `/api/v1/projects/${openId}/cancel`, headers: otherClient.headers });
    expect(stranger.statusCode).toBe(404);
    const byContractor = await t.app.inject({ method: 'POST', url: `/api/v1/projects/${openId}/cancel`, headers: parties.contractor.headers });
    expect(byContractor.statusCode).toBe(403);
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/v1/projects/${openId}/cancel`, headers: parties.client.headers });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    // A cancelled project is no longer a request.
    expect(await listed(parties.contractor, '')).not.toContain(openId);
    expect(await listed(parties.client, 'status=cancelled')).toContain(openId);

    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects?draft=true',
      headers: parties.client.headers,
      payload: { title: 'Garden wall in Bali' },
    });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/projects/${draft.json().id}/cancel`, headers: parties.client.headers })).json().status,
    ).toBe('cancelled');
  });

  it('cannot cancel a project under contract', async () => {
    const contractId = await createContract(t.app, parties);
    const projectId = await projectOf(contractId);
    const response = await t.app.inject({ method: 'POST', url: `/api/v1/projects/${projectId}/cancel`, headers: parties.client.headers });
    expect(response.statusCode).toBe(409);
    expect(await statusOf(projectId)).toBe('contracted');
  });
});
