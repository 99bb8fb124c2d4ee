/*
 * What a hostile caller sends, and that every answer stays a plain refusal or
 * a verbatim echo. Abuse cases tested elsewhere are not repeated here:
 *  - oversized uploads (413 with the message): projects.test.ts "refuses an oversized document",
 *    auth-profile.test.ts "refuses a file over 2 MB"
 *  - disguised file types: projects.test.ts "refuses a disguised file and stores nothing of the project",
 *    auth-profile.test.ts "refuses an HTML page dressed up as a PNG" and "refuses text that only claims to be SVG",
 *    admin-verification.test.ts (verification evidence)
 *  - SVG with script as a profile photo: auth-profile.test.ts "sanitises an SVG and serves it so it cannot run anything"
 *  - path-like photo names: auth-profile.test.ts "answers 404 for a photo that does not exist or a name we never produce"
 *  - brute-force sign-in: auth-rate-limits.test.ts (per address, per e-mail address, admin sign-in)
 *  - token reuse after logout: auth-login.test.ts "revokes that token only", admin-auth.test.ts "revokes the admin token on logout",
 *    empty-json-body.test.ts
 *  - an idempotency key replayed with another body: escrow-flow.test.ts "funds once per key: a replay answers the same, another body with the key is 409"
 *  - malformed JSON and prototype poisoning: empty-json-body.test.ts
 */
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from './test-app';
import { PDF_BYTES, createClient, createSpecialist, multipart, type Person } from './marketplace-helpers';
import { CARDS, PNG_BYTES, createContract, createParties, fund, getContract, key, type EscrowParties } from './escrow-helpers';

const SQL = "'); DROP TABLE projects; --";
const SCRIPT = '<script>alert(1)</script>';
const HTML_PAGE = Buffer.from(`<!doctype html><html><body>${SCRIPT}</body></html>`);
const SVG_WITH_SCRIPT = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">${SCRIPT}</svg>`);

let t: TestApp;
let client: Person;
let contractor: Person;

beforeAll(async () => {
  t = await createTestApp();
  client = await createClient(t.app, t.db, 'Amina');
  contractor = await createSpecialist(t.app, t.db, { first_name: 'Paul', categories: ['kitchen', 'masonry'], cities: ['Douala'] });
});
afterAll(async () => t.close());

const count = async (table: 'projects' | 'project_documents' | 'disputes' | 'users') =>
  Number((await t.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);

/** A JSON answer: the right type, and a body that parses. */
function json(response: LightMyRequestResponse) {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json();
}

const PROJECT = {
  title: 'Kitchen renovation in Bonapriso',
  description: 'Full kitchen renovation: new cabinets, worktops, tiling and plumbing for a family house.',
  category: 'kitchen',
  country: 'CM',
  city: 'Douala',
  currency: 'XAF',
};

const postProject = (payload: Record<string, unknown>, who: Person = client) =>
  t.app.inject({ method: 'POST', url: '/api/v1/projects', headers: who.headers, payload });

describe('oversized bodies', () => {
  it('refuses a JSON body over 1 MB with 413 and creates nothing', async () => {
    const before = await count('projects');
    const response = await postProject({ ...PROJECT, description: 'x'.repeat(1024 * 1024 + 1) });
    expect(response.statusCode).toBe(413);
    expect(json(response)).toEqual({ message: expect.any(String) });
    expect(await count('projects')).toBe(before);
  });

  it('refuses it before signing anyone in, so an anonymous flood is cut short too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'someone@example.com', password: 'p'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
  });

  it('answers a long field under the limit with the field message, not a crash', async () => {
    const response = await postProject({ ...PROJECT, description: 'x'.repeat(200 * 1024) });
    expect(response.statusCode).toBe(422);
    expect(json(response).errors.description).toEqual(['Maximum amount of characters is 5000.']);
  });
});

describe('path-like and hostile file names', () => {
  let projectId: string;
  beforeAll(async () => {
    const created = await postProject(PROJECT);
    projectId = created.json().id;
  });

  const addDocument = (name: string, data = PDF_BYTES) => {
    const body = multipart([{ name: 'documents', file: { name, type: 'application/pdf', data } }]);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/documents`,
      headers: { ...client.headers, ...body.headers },
      payload: body.payload,
    });
  };

  it.each([
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['..\\..\\windows\\system.ini.pdf', 'system.ini.pdf'],
    ['<img src=x onerror=alert(1)>.pdf', '_img src_x onerror_alert(1)_.pdf'],
    ['plan.exe', 'plan.pdf'],
  ])('stores %s under a random name and shows it as %s', async (sent, shown) => {
    const response = await addDocument(sent);
    expect(response.statusCode).toBe(201);
    const document = json(response).data.find((item: { file_name: string }) => item.file_name === shown);
    expect(document).toBeDefined();
    const { rows } = await t.db.query<{ stored_name: string }>('SELECT stored_name FROM project_documents WHERE id = $1', [document.id]);
    expect(rows[0]!.stored_name).toMatch(/^[A-Za-z0-9_-]{22,64}\.pdf$/);

    const download = await t.app.inject({ method: 'GET', url: document.download_url, headers: client.headers });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${shown}"; filename*=UTF-8''${encodeURIComponent(shown)}`);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);
  });

  it('keeps a name in another script readable, and the header plain ASCII', async () => {
    const response = await addDocument('план дома.pdf');
    const document = json(response).data.find((item: { file_name: string }) => item.file_name === 'план дома.pdf');
    const download = await t.app.inject({ method: 'GET', url: document.download_url, headers: client.headers });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="____ ____.pdf"; filename*=UTF-8''${encodeURIComponent('план дома.pdf')}`,
    );
  });

  it('refuses a web page or a script named .pdf', async () => {
    const before = await count('project_documents');
    for (const data of [HTML_PAGE, Buffer.from('alert(document.cookie)'), SVG_WITH_SCRIPT]) {
      const response = await addDocument('invoice.pdf', data);
      expect(response.statusCode).toBe(422);
      expect(json(response).errors.documents).toEqual(['Documents must be PDF, PNG, JPEG, GIF or WebP files.']);
    }
    expect(await count('project_documents')).toBe(before);
  });
});

describe('disguised files in the escrow uploads', () => {
  let parties: EscrowParties;
  let contractId: string;
  let milestoneId: string;

  beforeAll(async () => {
    parties = await createParties(t.app, t.db, ' Escrow');
    contractId = await createContract(t.app, parties);
    milestoneId = (await getContract(t.app, parties.client, contractId)).milestones[0]!.id;
    expect((await fund(t.app, parties.client, contractId, milestoneId)).statusCode).toBe(200);
  });

  it('refuses a web page named .png as a photo of finished work, and leaves the milestone as it was', async () => {
    const body = multipart([
      { name: 'notes', value: 'Foundations poured and cured.' },
      { name: 'photos', file: { name: 'site.png', type: 'image/png', data: HTML_PAGE } },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/contracts/${contractId}/milestones/${milestoneId}/complete`,
      headers: { ...parties.contractor.headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(json(response).errors)).toEqual(['photos']);
    expect((await getContract(t.app, parties.client, contractId)).milestones[0]!.status).toBe('funded');
  });

  it('refuses an SVG with script as dispute evidence, and opens no dispute', async () => {
    const before = await count('disputes');
    const body = multipart([
      { name: 'reason', value: 'Nobody has come to the site for three weeks.' },
      { name: 'evidence', file: { name: 'evidence.pdf', type: 'application/pdf', data: SVG_WITH_SCRIPT } },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/contracts/${contractId}/milestones/${milestoneId}/disputes`,
      headers: { ...parties.client.headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(json(response).errors)).toEqual(['evidence']);
    expect(await count('disputes')).toBe(before);
  });

  it('serves a photo of finished work under a cleaned name, sandboxed', async () => {
    const body = multipart([
      { name: 'notes', value: 'Foundations poured and cured.' },
      { name: 'photos', file: { name: '../../../etc/site.png', type: 'image/png', data: PNG_BYTES } },
      { name: 'photos', file: { name: '工地照片.png', type: 'image/png', data: PNG_BYTES } },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/contracts/${contractId}/milestones/${milestoneId}/complete`,
      headers: { ...parties.contractor.headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
    const photo = json(response).milestones[0].photos[0] as { url: string; file_name: string };
    expect(photo.file_name).toBe('site.png');
    const served = await t.app.inject({ method: 'GET', url: photo.url, headers: parties.client.headers });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toBe(`inline; filename="site.png"; filename*=UTF-8''site.png`);
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    // A name outside Latin-1 cannot go into a header as is: an ASCII stand-in plus the exact UTF-8 name.
    const second = json(response).milestones[0].photos[1] as { url: string; file_name: string };
    expect(second.file_name).toBe('工地照片.png');
    const named = await t.app.inject({ method: 'GET', url: second.url, headers: parties.client.headers });
    expect(named.statusCode).toBe(200);
    expect(named.headers['content-disposition']).toBe(`inline; filename="____.png"; filename*=UTF-8''${encodeURIComponent('工地照片.png')}`);
  });
});

describe('SQL and script in every text field', () => {
  const expectStoredTables = async () => {
    // Nothing was run: the tables are all still there and answer.
    expect(await count('projects')).toBeGreaterThan(0);
    expect(await count('users')).toBeGreaterThan(0);
  };

  it('keeps a project’s title, description and city verbatim, and searches and filters on them safely', async () => {
    const title = `${SCRIPT} ${SQL}`;
    const description = `${SQL} ${SCRIPT} — replace the tiles of the kitchen floor.`;
    const city = `Douala${SQL}`;
    const created = await postProject({ ...PROJECT, title, description, city });
    expect(created.statusCode).toBe(201);
    const id = json(created).id as string;

    const detail = json(await t.app.inject({ method: 'GET', url: `/api/v1/projects/${id}`, headers: client.headers }));
    expect(detail).toMatchObject({ title, description, location: { country: 'CM', city } });

    const byText = await t.app.inject({ method: 'GET', url: `/api/v1/projects?q=${encodeURIComponent(SQL)}`, headers: client.headers });
    expect(byText.statusCode).toBe(200);
    const byCity = await t.app.inject({ method: 'GET', url: `/api/v1/projects?city=${encodeURIComponent(city)}`, headers: client.headers });
    expect(json(byCity).data.map((card: { id: string }) => card.id)).toEqual([id]);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/projects/${id}`,
      headers: client.headers,
      payload: { ...PROJECT, title: `${SQL}${SCRIPT}`, description, city },
    });
    expect(json(edited).title).toBe(`${SQL}${SCRIPT}`);
    await expectStoredTables();
  });

  it('keeps a quote’s message and milestone titles verbatim', async () => {
    const projectId = json(await postProject(PROJECT)).id as string;
    const quote = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/quotes`,
      headers: contractor.headers,
      payload: {
        amount: 3_000_000,
        currency: 'XAF',
        duration_days: 30,
        message: `${SCRIPT}\n${SQL}`,
        milestones: [
          { title: SCRIPT, amount: 1_000_000 },
          { title: SQL, amount: 2_000_000 },
        ],
      },
    });
    expect(quote.statusCode).toBe(201);
    const { data } = json(await t.app.inject({ method: 'GET', url: `/api/v1/projects/${projectId}/quotes`, headers: client.headers }));
    expect(data[0]).toMatchObject({ message: `${SCRIPT}\n${SQL}`, milestones: [{ title: SCRIPT }, { title: SQL }] });
    await expectStoredTables();
  });

  it('keeps a profile’s names verbatim', async () => {
    const me = json(await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: client.headers }));
    const updated = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/me',
      headers: client.headers,
      payload: { first_name: SCRIPT, last_name: SQL, email: me.email, phone_number: '+237 6 12 34 56 78' },
    });
    expect(updated.statusCode).toBe(200);
    const again = json(await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: client.headers }));
    expect(again).toMatchObject({ first_name: SCRIPT, last_name: SQL });
    await expectStoredTables();
  });

  it('keeps a specialist profile verbatim, and the directory searches it safely', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/specialist-profile',
      headers: contractor.headers,
      payload: {
        company_name: `${SCRIPT} Builders`,
        headline: SQL,
        description: `${SCRIPT} ${SQL} %_\\`,
        categories: ['kitchen', 'masonry'],
        service_country: 'CM',
        service_cities: ['Douala', SQL],
      },
    });
    expect(saved.statusCode).toBe(200);
    const profile = json(await t.app.inject({ method: 'GET', url: `/api/v1/specialists/${contractor.id}`, headers: client.headers }));
    expect(profile).toMatchObject({
      company: `${SCRIPT} Builders`,
      subtitle: SQL,
      description: `${SCRIPT} ${SQL} %_\\`,
      location: { country: 'CM', cities: ['Douala', SQL] },
    });
    for (const q of [SQL, SCRIPT, '%', '_', '\\']) {
      const found = await t.app.inject({ method: 'GET', url: `/api/v1/specialists?q=${encodeURIComponent(q)}`, headers: client.headers });
      expect(found.statusCode).toBe(200);
    }
    const bySql = json(await t.app.inject({ method: 'GET', url: `/api/v1/specialists?q=${encodeURIComponent(SQL)}`, headers: client.headers }));
    expect(bySql.data.map((card: { id: string }) => card.id)).toEqual([contractor.id]);
    // "%" is a character to look for, not a wildcard: nobody else's headline has one.
    const byPercent = json(await t.app.inject({ method: 'GET', url: '/api/v1/specialists?q=%25', headers: client.headers }));
    expect(byPercent.data).toEqual([]);
    await expectStoredTables();
  });

  it('keeps a dispute’s reason and messages verbatim', async () => {
    const parties = await createParties(t.app, t.db, ' Dispute');
    const contractId = await createContract(t.app, parties);
    const milestoneId = (await getContract(t.app, parties.client, contractId)).milestones[0]!.id;
    await fund(t.app, parties.client, contractId, milestoneId);
    const reason = `${SQL} ${SCRIPT}`;
    const body = multipart([{ name: 'reason', value: reason }]);
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/v1/contracts/${contractId}/milestones/${milestoneId}/disputes`,
      headers: { ...parties.client.headers, ...body.headers },
      payload: body.payload,
    });
    expect(opened.statusCode).toBe(201);
    const disputeId = json(opened).dispute.id as string;
    const message = await t.app.inject({
      method: 'POST',
      url: `/api/v1/disputes/${disputeId}/messages`,
      headers: parties.contractor.headers,
      payload: { body: `${SCRIPT}${SQL}` },
    });
    expect(message.statusCode).toBe(200);
    const dispute = json(await t.app.inject({ method: 'GET', url: `/api/v1/disputes/${disputeId}`, headers: parties.client.headers }));
    expect(dispute.reason).toBe(reason);
    expect(dispute.messages.map((m: { body: string }) => m.body)).toEqual([`${SCRIPT}${SQL}`]);
    await expectStoredTables();
  });
});

describe('idempotency keys', () => {
  let parties: EscrowParties;
  let contractId: string;
  let milestones: { id: string }[];

  beforeAll(async () => {
    parties = await createParties(t.app, t.db, ' Keys');
    contractId = await createContract(t.app, parties);
    milestones = (await getContract(t.app, parties.client, contractId)).milestones;
  });

  it('refuses a key replayed on another milestone, and funds nothing there', async () => {
    const idempotencyKey = key();
    expect((await fund(t.app, parties.client, contractId, milestones[0]!.id, CARDS.ok, idempotencyKey)).statusCode).toBe(200);
    const replay = await fund(t.app, parties.client, contractId, milestones[1]!.id, CARDS.ok, idempotencyKey);
    expect(replay.statusCode).toBe(409);
    const contract = await getContract(t.app, parties.client, contractId);
    expect(contract.milestones.map((m) => m.status)).toEqual(['funded', 'draft']);
  });

  it('never answers one account with another account’s charge under the same key', async () => {
    // Keys are chosen by the caller: another account can send the same one, by chance or on purpose.
    const others = await createParties(t.app, t.db, ' Other');
    const otherContract = await createContract(t.app, others, [
      { title: 'Roof', amount: 500_000 },
      { title: 'Gutters', amount: 200_000 },
    ]);
    const [roof, gutters] = (await getContract(t.app, others.client, otherContract)).milestones;

    const paid = key();
    const first = await fund(t.app, parties.client, contractId, milestones[1]!.id, CARDS.ok, paid);
    expect(first.statusCode).toBe(200);
    const second = await fund(t.app, others.client, otherContract, roof!.id, CARDS.ok, paid);
    expect(second.statusCode).toBe(200);
    expect(json(second).contract.id).toBe(otherContract);
    expect(json(second).payment).toMatchObject({ status: 'succeeded', amount: roof!.to_pay });
    // Its own charge, not the first account's answered again.
    expect(json(second).payment.reference).not.toBe(json(first).payment.reference);

    // Nor another account's refusal: a card declined for one account does not decline the next one.
    const declinedKey = key();
    const third = await createParties(t.app, t.db, ' Third');
    const thirdContract = await createContract(t.app, third, [{ title: 'Fence', amount: 300_000 }]);
    const fence = (await getContract(t.app, third.client, thirdContract)).milestones[0]!;
    expect((await fund(t.app, third.client, thirdContract, fence.id, CARDS.declined, declinedKey)).statusCode).toBe(402);
    const afterDecline = await fund(t.app, others.client, otherContract, gutters!.id, CARDS.ok, declinedKey);
    expect(afterDecline.statusCode).toBe(200);
    expect((await getContract(t.app, others.client, otherContract)).milestones.map((m) => m.status)).toEqual(['funded', 'funded']);
  });

  it('refuses a key that is too short or has spaces', async () => {
    for (const bad of ['short', 'a key with spaces in it']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/contracts/${contractId}/milestones/${milestones[1]!.id}/fund`,
        headers: { ...parties.client.headers, 'idempotency-key': bad },
        payload: { method: 'card' },
      });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('NUL bytes', () => {
  const NUL = 'Kitchen\u0000 renovation';
  const ENGLISH = 'This field must not contain a NUL character.';
  const FRENCH = 'Ce champ ne doit pas contenir de caractère NUL.';
  let admin: { headers: { authorization: string } };
  let disputeId: string;
  let contractId: string;
  let milestoneId: string;
  let parties: EscrowParties;

  beforeAll(async () => {
    parties = await createParties(t.app, t.db, ' Nul');
    admin = parties.admin;
    contractId = await createContract(t.app, parties);
    milestoneId = (await getContract(t.app, parties.client, contractId)).milestones[0]!.id;
    await fund(t.app, parties.client, contractId, milestoneId);
    const body = multipart([{ name: 'reason', value: 'Nobody has come to the site for three weeks.' }]);
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/v1/contracts/${contractId}/milestones/${milestoneId}/disputes`,
      headers: { ...parties.client.headers, ...body.headers },
      payload: body.payload,
    });
    disputeId = json(opened).dispute.id as string;
  });

  /** A 422 naming exactly `field`, in the caller's language. */
  const expectRefused = (response: LightMyRequestResponse, field: string, message = ENGLISH) => {
    expect(response.statusCode).toBe(422);
    const body = json(response);
    expect(body.message).toEqual(expect.any(String));
    expect(body.errors).toEqual({ [field]: [message] });
  };

  const profile = { first_name: 'Amina', last_name: 'Client', email: 'nul-profile@example.com', phone_number: '+237 6 12 34 56 78' };
  const signUp = {
    first_name: 'Nadia',
    last_name: 'Ngono',
    email: 'nul-sign-up@example.com',
    country: 'Cameroon',
    city: 'Douala',
    account_type: 'client',
    phone_number: '+237 6 12 34 56 78',
    password: 'Sturdy-walls-42',
    password_confirmation: 'Sturdy-walls-42',
  };

  const bodies: [string, string, string, () => { authorization: string } | Record<string, never>, () => Record<string, unknown>, string][] = [
    ['project title', 'POST', '/api/v1/projects', () => client.headers, () => ({ ...PROJECT, title: NUL }), 'title'],
    [
      'project description',
      'POST',
      '/api/v1/projects',
      () => client.headers,
      () => ({ ...PROJECT, description: `${PROJECT.description}\u0000` }),
      'description',
    ],
    ['project city', 'POST', '/api/v1/projects', () => client.headers, () => ({ ...PROJECT, city: 'Dou\u0000ala' }), 'city'],
    ['first name', 'PUT', '/api/v1/auth/me', () => client.headers, () => ({ ...profile, first_name: 'Am\u0000ina' }), 'first_name'],
    ['last name', 'PUT', '/api/v1/auth/me', () => client.headers, () => ({ ...profile, last_name: '\u0000' }), 'last_name'],
    ['sign-up first name', 'POST', '/api/v1/auth/sign-up', () => ({}), () => ({ ...signUp, first_name: 'Na\u0000dia' }), 'first_name'],
    ['sign-up last name', 'POST', '/api/v1/auth/sign-up', () => ({}), () => ({ ...signUp, last_name: 'Ngo\u0000no' }), 'last_name'],
    [
      'company name',
      'PUT',
      '/api/v1/specialist-profile',
      () => contractor.headers,
      () => ({ company_name: 'Paul\u0000 Builders', categories: ['kitchen'], service_country: 'CM' }),
      'company_name',
    ],
    [
      'a service city',
      'PUT',
      '/api/v1/specialist-profile',
      () => contractor.headers,
      () => ({ categories: ['kitchen'], service_country: 'CM', service_cities: ['Douala', 'Kri\u0000bi'] }),
      'service_cities.1',
    ],
    [
      'a milestone title',
      'POST',
      '/api/v1/projects/00000000-0000-4000-8000-000000000000/quotes',
      () => contractor.headers,
      () => ({ amount: 10, currency: 'XAF', duration_days: 3, milestones: [{ title: 'Ro\u0000of', amount: 10 }] }),
      'milestones.0.title',
    ],
    [
      'a dispute message',
      'POST',
      '/api/v1/disputes/:dispute/messages',
      () => parties.client.headers,
      () => ({ body: 'Still\u0000 nobody on site.' }),
      'body',
    ],
    [
      'an admin dispute message',
      'POST',
      '/api/v1/admin/disputes/:dispute/messages',
      () => admin.headers,
      () => ({ body: 'Mediation\u0000 starts.' }),
      'body',
    ],
  ];

  it.each(bodies)('refuses a NUL in the %s with 422 naming the field', async (_name, method, url, headers, payload, field) => {
    const before = await count('projects');
    const response = await t.app.inject({
      method: method as 'POST' | 'PUT',
      url: url.replace(':dispute', disputeId),
      headers: headers(),
      payload: payload(),
    });
    expectRefused(response, field);
    expect(await count('projects')).toBe(before);
  });

  it('names the field in French for a French caller', async () => {
    const response = await postProjectIn('fr', { ...PROJECT, title: NUL });
    expectRefused(response, 'title', FRENCH);
    expect(json(response).message).toBe('Veuillez vérifier les champs signalés.');
  });

  const postProjectIn = (language: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/projects', headers: { ...client.headers, 'accept-language': language }, payload });

  it.each([
    ['/api/v1/projects', () => client.headers],
    ['/api/v1/specialists', () => client.headers],
    ['/api/v1/admin/users', () => admin.headers],
  ])('refuses a NUL in the q filter of %s', async (url, headers) => {
    const response = await t.app.inject({ method: 'GET', url: `${url}?q=ab%00cd`, headers: headers() });
    expectRefused(response, 'q');
  });

  it('refuses a NUL in a path parameter', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/projects/abc%00def', headers: client.headers });
    expectRefused(response, 'id');
  });

  it('refuses a NUL in a multipart field: the dispute reason, the project title, the completion notes', async () => {
    const disputesBefore = await count('disputes');
    const send = (url: string, who: Person, parts: Parameters<typeof multipart>[0]) => {
      const body = multipart(parts);
      return t.app.inject({ method: 'POST', url, headers: { ...who.headers, ...body.headers }, payload: body.payload });
    };
    const milestones = (await getContract(t.app, parties.client, contractId)).milestones;
    expectRefused(
      await send(`/api/v1/contracts/${contractId}/milestones/${milestones[1]!.id}/disputes`, parties.client, [
        { name: 'reason', value: 'No\u0000body came.' },
      ]),
      'reason',
    );
    expect(await count('disputes')).toBe(disputesBefore);
    expectRefused(
      await send(
        '/api/v1/projects',
        client,
        Object.entries({ ...PROJECT, title: NUL }).map(([name, value]) => ({ name, value })),
      ),
      'title',
    );
  });

  /** Routes whose body is trusted only through the provider's signature over it. */
  const SIGNED_CALLBACK = /^\/api\/v1\/(payouts\/callbacks|payments\/webhooks)\//;
  it('refuses a NUL in any field of any route that reads a body, and in any query or path parameter', async () => {
    const routes = t.app.routeList.filter((route) => route.url.startsWith('/api/v1/'));
    expect(routes.length).toBeGreaterThan(50);
    const checked: string[] = [];
    for (const route of routes) {
      // A provider's callback names a provider this instance has, so that what is refused is the body, not the name.
      const url = (SIGNED_CALLBACK.test(route.url) ? route.url.replace(':provider', 'sandbox') : route.url).replace(
        /:(\w+)/g,
        '00000000-0000-4000-8000-000000000000',
      );
      const headers = route.url.startsWith('/api/v1/admin/') && route.url !== '/api/v1/admin/auth/login' ? admin.headers : client.headers;
      const query = await t.app.inject({
        method: route.method as 'GET',
        url: `${url}?probe=a%00b`,
        headers,
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect([route.method, route.url, query.statusCode]).toEqual([route.method, route.url, 422]);
      expect(json(query).errors).toEqual({ probe: [ENGLISH] });
      if (route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH') {
        const body = await t.app.inject({ method: route.method, url, headers, payload: { probe: { nested: ['fine', 'not\u0000 fine'] } } });
        // A provider's callback is read only once its signature holds: an unsigned body is refused unread.
        const expected = SIGNED_CALLBACK.test(route.url) ? 401 : 422;
        expect([route.method, route.url, body.statusCode]).toEqual([route.method, route.url, expected]);
        if (expected === 422) expect(json(body).errors).toEqual({ 'probe.nested.1': [ENGLISH] });
      }
      const param = route.url.match(/:(\w+)/);
      if (param) {
        const withNul = route.url.replace(/:(\w+)/g, (_whole, name: string) =>
          name === param[1] ? 'x%00y' : '00000000-0000-4000-8000-000000000000',
        );
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: withNul,
          headers,
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        expect([route.method, route.url, response.statusCode]).toEqual([route.method, route.url, 422]);
        expect(json(response).errors).toEqual({ [param[1]!]: [ENGLISH] });
      }
      checked.push(`${route.method} ${route.url}`);
    }
    expect(checked).toContain('POST /api/v1/projects');
  });
});

describe('impossible dates', () => {
  it.each(['2026-02-30', '2026-13-01', '2025-02-29', '2026-04-31'])('refuses %s as a start date with 422 naming the field', async (date) => {
    const before = await count('projects');
    const response = await postProject({ ...PROJECT, desired_start: date });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(json(response).errors)).toEqual(['desired_start']);
    expect(await count('projects')).toBe(before);
  });

  it('accepts a real leap day', async () => {
    const response = await postProject({ ...PROJECT, desired_start: '2028-02-29' });
    expect(response.statusCode).toBe(201);
  });
});

describe('hostile SVG photos', () => {
  const uploadSvg = (svg: string) => {
    const body = multipart([{ name: 'photo', file: { name: 'me.svg', type: 'image/svg+xml', data: Buffer.from(svg) } }]);
    return t.app.inject({ method: 'POST', url: '/api/v1/auth/me/photo', headers: { ...client.headers, ...body.headers }, payload: body.payload });
  };

  it.each(['&#99999999;', '&#x110000;', '&#xFFFFFFFFFFFF;', '&#0;', '&#xD800;'])(
    'refuses a character reference out of range (%s) with a 4xx',
    async (entity) => {
      for (const svg of [
        `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>${entity}</text></svg>`,
        `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect id="a${entity}" width="1" height="1"/></svg>`,
      ]) {
        const response = await uploadSvg(svg);
        expect(response.statusCode).toBe(422);
        expect(Object.keys(json(response).errors)).toEqual(['photo']);
      }
    },
  );

  it('keeps ordinary character references', async () => {
    const response = await uploadSvg('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&#233;t&#xE9; &amp; co</text></svg>');
    expect(response.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: json(response).photo_url });
    expect(served.body).toContain('été &amp; co');
  });

  it('drops CSS that can fetch anything, keeping the harmless properties', async () => {
    const style = [
      'fill: #f80',
      'stroke: url(#g)',
      "background-image: image-set('https://evil.example/a.png' 1x)",
      'mask-image: -webkit-image-set(url(https://evil.example/b.png) 1x)',
      'cursor: url(https://evil.example/c.cur), auto',
      "fill: image-set('https://evil.example/d.png' 1x)",
      "content: 'https://evil.example/e'",
      'font-family: "x", image("https://evil.example/f.png")',
    ].join('; ');
    const response = await uploadSvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="5" height="5" style="${style.replace(/"/g, '&quot;')}"/></svg>`,
    );
    expect(response.statusCode).toBe(200);
    const served = (await t.app.inject({ method: 'GET', url: json(response).photo_url })).body;
    for (const forbidden of ['evil.example', 'image-set', 'image(', 'cursor', 'content', 'background']) expect(served).not.toContain(forbidden);
    expect(served).toContain('style="fill: #f80; stroke: url(#g)"');
  });
});

describe('amounts are integers of minor units, never coerced from text', () => {
  let projectId: string;
  beforeAll(async () => {
    projectId = json(await postProject(PROJECT)).id as string;
  });
  const quote = (amount: unknown, milestoneAmount: unknown = amount) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/quotes`,
      headers: contractor.headers,
      payload: { amount, currency: 'XAF', duration_days: 10, milestones: [{ title: 'Everything', amount: milestoneAmount }] },
    });

  it.each(['0x10', '0b11', '0o20', '1e3', '16', ' 16', '16.0', '-16', '+16', 'Infinity', '١٦'])('refuses the quote amount %j', async (amount) => {
    const response = await quote(amount, 16);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(json(response).errors)).toContain('amount');
    const milestone = await quote(16, amount);
    expect(milestone.statusCode).toBe(422);
    expect(Object.keys(json(milestone).errors)).toContain('milestones.0.amount');
  });

  it.each(['0x10', '1e1', '-5', ' 7'])('refuses the duration %j', async (duration) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/quotes`,
      headers: contractor.headers,
      payload: { amount: 100, currency: 'XAF', duration_days: duration, milestones: [{ title: 'Everything', amount: 100 }] },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(json(response).errors)).toEqual(['duration_days']);
  });

  it('refuses a fractional number of minor units', async () => {
    const response = await quote(16.5);
    expect(response.statusCode).toBe(422);
    expect(json(response).errors.amount).toEqual(['Please enter a whole number.']);
  });

  it('accepts a JSON integer', async () => {
    const response = await quote(1500);
    expect(response.statusCode).toBe(201);
    expect(json(response)).toMatchObject({ amount: 1500 });
  });

  it.each(['0x10', '0b11', '1e3', '16.0', '1 500', '1,500'])('refuses the budget %j in JSON and in a form', async (budget) => {
    const before = await count('projects');
    const response = await postProject({ ...PROJECT, budget_min: budget });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(json(response).errors)).toEqual(['budget_min']);
    const form = multipart(Object.entries({ ...PROJECT, budget_max: budget }).map(([name, value]) => ({ name, value })));
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers: { ...client.headers, ...form.headers },
      payload: form.payload,
    });
    expect(posted.statusCode).toBe(422);
    expect(Object.keys(json(posted).errors)).toEqual(['budget_max']);
    expect(await count('projects')).toBe(before);
  });

  it('reads a form budget written as plain digits of minor units', async () => {
    const form = multipart(Object.entries({ ...PROJECT, budget_min: '1500', budget_max: '2500000' }).map(([name, value]) => ({ name, value })));
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers: { ...client.headers, ...form.headers },
      payload: form.payload,
    });
    expect(posted.statusCode).toBe(201);
    const detail = json(await t.app.inject({ method: 'GET', url: `/api/v1/projects/${json(posted).id}`, headers: client.headers }));
    expect(detail).toMatchObject({ budget: { min: 1500, max: 2_500_000 } });
  });
});

describe('deeply nested bodies', () => {
  const nestedText = (depth: number) => `${'{"a":'.repeat(depth)}"end"${'}'.repeat(depth)}`;
  const nested = (depth: number) => JSON.parse(nestedText(depth)) as Record<string, unknown>;

  it('refuses a body nested too deep with 422 before any route reads it, also on money routes', async () => {
    const parties = await createParties(t.app, t.db, ' Deep');
    const contractId = await createContract(t.app, parties);
    const milestoneId = (await getContract(t.app, parties.client, contractId)).milestones[0]!.id;
    for (const depth of [100, 20_000]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/contracts/${contractId}/milestones/${milestoneId}/fund`,
        headers: { ...parties.client.headers, 'idempotency-key': key(), 'content-type': 'application/json' },
        // Written out: the test's own JSON.stringify would run out of stack first.
        payload: `{"method":"card","extra":${nestedText(depth)}}`,
      });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(json(response).errors)).toEqual(['extra']);
    }
    expect((await getContract(t.app, parties.client, contractId)).milestones[0]!.status).toBe('draft');
  });

  it('keeps ordinary nesting', async () => {
    const response = await postProject({ ...PROJECT, extra: nested(10) });
    expect(response.statusCode).toBe(201);
  });
});
