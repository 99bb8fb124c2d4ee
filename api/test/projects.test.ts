import { createTestApp, type TestApp } from './test-app';
import { createClient, createSpecialist, multipart, PDF_BYTES, projectFields, type Person } from './marketplace-helpers';
import { PNG_BYTES } from './admin-helpers';

let t: TestApp;
let client: Person;
let otherClient: Person;
let contractor: Person;
let unverified: Person;
let elsewhere: Person;
let expert: Person;

beforeAll(async () => {
  t = await createTestApp();
  client = await createClient(t.app, t.db, 'Amina');
  otherClient = await createClient(t.app, t.db, 'Brice');
  contractor = await createSpecialist(t.app, t.db, { first_name: 'Paul' });
  unverified = await createSpecialist(t.app, t.db, { first_name: 'Ursula', verified: false });
  elsewhere = await createSpecialist(t.app, t.db, { first_name: 'Eric', cities: ['Yaoundé'] });
  expert = await createSpecialist(t.app, t.db, { first_name: 'Xavier', kind: 'expert' });
});
afterAll(async () => t.close());

async function createProject(
  owner: Person,
  overrides: Record<string, string> = {},
  files = [
    { name: 'documents', file: { name: 'plan.pdf', type: 'application/pdf', data: PDF_BYTES } },
    { name: 'documents', file: { name: 'site photo.png', type: 'image/png', data: PNG_BYTES } },
  ],
) {
  const body = multipart([...projectFields(overrides), ...files]);
  return t.app.inject({ method: 'POST', url: '/api/v1/projects', payload: body.payload, headers: { ...body.headers, ...owner.headers } });
}

describe('projects', () => {
  let projectId: string;

  it('lets a client create a project with two documents', async () => {
    const response = await createProject(client);
    expect(response.statusCode).toBe(201);
    const project = response.json();
    projectId = project.id;
    expect(project).toMatchObject({
      title: 'Kitchen renovation in Bonapriso',
      status: 'open',
      quote_type: 'request_a_quote',
      bid_count: 0,
      location: { country: 'CM', city: 'Douala' },
      budget: { min: 3000000, max: 5000000, currency: 'XAF' },
      desired_start: '2027-02-01',
      relation: 'owner',
    });
    expect(project.documents.map((d: { file_name: string }) => d.file_name)).toEqual(['plan.pdf', 'site photo.png']);
    expect(project.documents.map((d: { content_type: string }) => d.content_type)).toEqual(['application/pdf', 'image/png']);
  });

  it('notifies the verified specialists whose trades and area match, and no one else', async () => {
    const count = async (person: Person) =>
      Number(
        (await t.db.query<{ n: string }>("SELECT count(*) AS n FROM notifications WHERE user_id = $1 AND kind = 'project_request'", [person.id]))
          .rows[0]!.n,
      );
    expect(await count(contractor)).toBe(1);
    expect(await count(unverified)).toBe(0);
    expect(await count(elsewhere)).toBe(0);
    expect(await count(expert)).toBe(0);
  });

  it('lists a client’s own projects as cards, and only theirs', async () => {
    const mine = (await t.app.inject({ method: 'GET', url: '/api/v1/projects', headers: client.headers })).json();
    expect(mine.meta.total).toBe(1);
    expect(mine.data[0]).toMatchObject({ id: projectId, created_by: { name: 'Amina N.' }, bid_count: 0 });
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/v1/projects', headers: otherClient.headers })).json();
    expect(theirs.data).toEqual([]);
  });

  it('shows the request to a matching verified contractor but not to an unverified one or one elsewhere', async () => {
    const seen = (person: Person) => t.app.inject({ method: 'GET', url: '/api/v1/projects', headers: person.headers }).then((r) => r.json());
    const requests = await seen(contractor);
    expect(requests.data.map((p: { id: string }) => p.id)).toEqual([projectId]);
    // The whole view is counted by another statement than the page's: both must agree.
    expect(requests.meta.total).toBe(1);
    const narrowed = await t.app.inject({ method: 'GET', url: '/api/v1/projects?city=douala', headers: contractor.headers }).then((r) => r.json());
    expect(narrowed.meta.total).toBe(1);
    expect((await seen(unverified)).data).toEqual([]);
    expect((await seen(elsewhere)).data).toEqual([]);
    // An expert lists only the projects it inspects: none here, and never the open requests.
    const inspected = await t.app.inject({ method: 'GET', url: '/api/v1/projects', headers: expert.headers });
    expect(inspected.statusCode).toBe(200);
    expect(inspected.json().data).toEqual([]);
  });

  it('filters and searches the list', async () => {
    await createProject(
      client,
      {
        title: 'Solar panels on the roof',
        category: 'solar',
        description: 'Install twelve solar panels with batteries and an inverter for the house.',
      },
      [],
    );
    const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/v1/projects?${query}`, headers: client.headers }).then((r) => r.json());
    expect((await get('category=solar')).data.map((p: { title: string }) => p.title)).toEqual(['Solar panels on the roof']);
    expect((await get('q=kitchen')).data.map((p: { id: string }) => p.id)).toEqual([projectId]);
    expect((await get('page_size=1&page=2')).data).toHaveLength(1);
    expect((await get('page_size=1&page=2')).meta).toEqual({ page: 2, page_size: 1, total: 2 });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/projects?page=0', headers: client.headers })).statusCode).toBe(422);
  });

  it('answers 404 for another client’s project and its documents', async () => {
    const detail = await t.app.inject({ method: 'GET', url: `/api/v1/projects/${projectId}`, headers: otherClient.headers });
    expect(detail.statusCode).toBe(404);
    const docs = await t.app.inject({ method: 'GET', url: `/api/v1/projects/${projectId}/documents`, headers: otherClient.headers });
    expect(docs.statusCode).toBe(404);
    const unverifiedView = await t.app.inject({ method: 'GET', url: `/api/v1/projects/${projectId}`, headers: unverified.headers });
    expect(unverifiedView.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/projects/not-a-uuid', headers: client.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/projects/${projectId}` })).statusCode).toBe(401);
  });

  it('lets the matching contractor open a document, sent as a sandboxed download of its real type', async () => {
    const detail = (await t.app.inject({ method: 'GET', url: `/api/v1/projects/${projectId}`, headers: contractor.headers })).json();
    expect(detail.relation).toBe('matching');
    expect(detail.created_by).toEqual({ name: 'Amina N.' });
    const pdf = detail.documents.find((d: { file_name: string }) => d.file_name === 'plan.pdf');
    const download = await t.app.inject({ method: 'GET', url: pdf.download_url, headers: contractor.headers });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('attachment; filename="plan.pdf"');
    expect(download.headers['content-security-policy']).toContain('sandbox');
    expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);
    const stranger = await t.app.inject({ method: 'GET', url: pdf.download_url, headers: otherClient.headers });
    expect(stranger.statusCode).toBe(404);
  });

  it('refuses bad fields with the spec’s messages, field by field', async () => {
    const response = await createProject(client, { title: '', city: '' }, []);
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(errors.title).toEqual(['This field is mandatory.']);
    expect(errors.city).toEqual(['Please enter your city']);
    const budgets = await createProject(client, { budget_min: '900', budget_max: '100' }, []);
    expect(budgets.json().errors.budget_max).toEqual(['The minimum budget cannot be more than the maximum.']);
    const french = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      payload: { title: 'Toit', description: 'x', category: 'roofing', country: 'CM', city: 'Douala', currency: 'XAF' },
      headers: { ...client.headers, 'accept-language': 'fr' },
    });
    expect(french.statusCode).toBe(422);
    expect(french.json().errors.title[0]).toMatch(/5/);
  });

  it('refuses unknown reference codes', async () => {
    const response = await createProject(client, { category: 'spaceships', country: 'ZZ', currency: 'BTC' }, []);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['category', 'country', 'currency']);
  });

  it('refuses a disguised file and stores nothing of the project', async () => {
    const before = Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM projects')).rows[0]!.n);
    const response = await createProject(client, {}, [
      { name: 'documents', file: { name: 'invoice.pdf', type: 'application/pdf', data: Buffer.from('<html><script>alert(1)</script></html>') } },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.documents).toEqual(['Documents must be PDF, PNG, JPEG, GIF or WebP files.']);
    expect(Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM projects')).rows[0]!.n)).toBe(before);
  });

  it('refuses an oversized document', async () => {
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(21 * 1024 * 1024)]);
    const response = await createProject(client, {}, [{ name: 'documents', file: { name: 'huge.pdf', type: 'application/pdf', data: big } }]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Each document must be at most 20 MB.');
  });

  it('does not let specialists create projects', async () => {
    expect((await createProject(contractor, {}, [])).statusCode).toBe(403);
  });

  it('lets the owner add and delete documents; nobody else can', async () => {
    const body = multipart([{ name: 'documents', file: { name: 'extra.png', type: 'image/png', data: PNG_BYTES } }]);
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/documents`,
      payload: body.payload,
      headers: { ...body.headers, ...client.headers },
    });
    expect(added.statusCode).toBe(201);
    const extra = added.json().data.find((d: { file_name: string }) => d.file_name === 'extra.png');
    const byContractor = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/projects/${projectId}/documents/${extra.id}`,
      headers: contractor.headers,
    });
    expect(byContractor.statusCode).toBe(403);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/projects/${projectId}/documents/${extra.id}`, headers: client.headers });
    expect(removed.statusCode).toBe(204);
    const list = (await t.app.inject({ method: 'GET', url: `/api/v1/projects/${projectId}/documents`, headers: client.headers })).json();
    expect(list.data.map((d: { file_name: string }) => d.file_name)).toEqual(['plan.pdf', 'site photo.png']);
  });

  it('lets only the owner edit the project', async () => {
    const payload = {
      title: 'Kitchen and pantry renovation',
      description: 'Full kitchen renovation with a new pantry: cabinets, worktops, tiling and plumbing.',
      category: 'kitchen',
      country: 'CM',
      city: 'Douala',
      currency: 'XAF',
    };
    const byOwner = await t.app.inject({ method: 'PUT', url: `/api/v1/projects/${projectId}`, payload, headers: client.headers });
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json().title).toBe('Kitchen and pantry renovation');
    const byContractor = await t.app.inject({ method: 'PUT', url: `/api/v1/projects/${projectId}`, payload, headers: contractor.headers });
    expect(byContractor.statusCode).toBe(403);
    const byStranger = await t.app.inject({ method: 'PUT', url: `/api/v1/projects/${projectId}`, payload, headers: otherClient.headers });
    expect(byStranger.statusCode).toBe(404);
  });

  it('refuses an edit whose fields have the wrong type, in the caller’s language', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/projects/${projectId}`,
      payload: { title: 42, category: ['kitchen'], budget_min: true },
      headers: { ...client.headers, 'accept-language': 'fr' },
    });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(errors.title).toEqual(['Ce champ est obligatoire.']);
    expect(errors.category).toEqual(['Veuillez choisir une catégorie.']);
    expect(errors.budget_min).toEqual(['Veuillez saisir un montant supérieur à zéro.']);
  });
});
