import { createTestApp, type TestApp } from './test-app';
import { ADMIN_ROUTE_LIST } from '../src/routes/admin';
import { bearer, createVerifiedUser, login, RELAXED_LIMITS } from './accounts-helpers';
import { adminCall, adminToken, insertUser } from './admin-helpers';

let t: TestApp;
let call: ReturnType<typeof adminCall>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimits: RELAXED_LIMITS });
  call = adminCall(t.app, await adminToken(t.app, t.db));
  ids.claire = await insertUser(t.db, { email: 'claire@example.com', first_name: 'Claire', last_name: 'Zola', city: 'Yaoundé' });
  ids.bob = await insertUser(t.db, { email: 'bob@example.com', first_name: 'Bob', last_name: 'Abena', created_days_ago: 30 });
  ids.ana = await insertUser(t.db, {
    email: 'ana@example.com',
    first_name: 'Ana',
    last_name: 'Moreau',
    country: 'France',
    city: 'Lyon',
    phone_number: '+33 6 99 88 77 66',
    created_days_ago: 10,
  });
  ids.conrad = await insertUser(t.db, {
    email: 'conrad@builders.example',
    first_name: 'Conrad',
    last_name: 'Builder',
    account_type: 'specialist',
    specialist_kind: 'contractor',
  });
  ids.vera = await insertUser(t.db, {
    email: 'vera@example.com',
    first_name: 'Vera',
    last_name: 'Vendor',
    account_type: 'specialist',
    specialist_kind: 'vendor',
    country: 'France',
    city: 'Paris',
  });
  ids.ed = await insertUser(t.db, {
    email: 'ed@example.com',
    first_name: 'Ed',
    last_name: 'Expert',
    account_type: 'specialist',
    specialist_kind: 'expert',
    created_days_ago: 20,
  });
  ids.art = await insertUser(t.db, {
    email: 'art@example.com',
    first_name: 'Art',
    last_name: 'Isan',
    account_type: 'specialist',
    specialist_kind: 'artisan',
  });
  await t.db.query('UPDATE users SET verified_at = now() WHERE id = $1', [ids.vera]);
  await t.db.query(`INSERT INTO verification_checks (user_id, kind, outcome) VALUES ($1, 'financial_check', 'failed')`, [ids.art]);
  await t.db.query(`UPDATE users SET status = 'suspended' WHERE id = $1`, [ids.bob]);
  await t.db.query(`INSERT INTO specialist_profiles (user_id, company_name) VALUES ($1, 'Tuiles & Carreaux SARL')`, [ids.art]);
});
afterAll(async () => t.close());

const emails = (body: { data: { email: string }[] }) => body.data.map((user) => user.email);

describe('GET /admin/users', () => {
  it('filters by role', async () => {
    expect(emails((await call('GET', '/admin/users?role=clients&sort=email&order=asc')).json())).toEqual([
      'ana@example.com',
      'bob@example.com',
      'claire@example.com',
    ]);
    expect(emails((await call('GET', '/admin/users?role=contractors&sort=email&order=asc')).json())).toEqual([
      'art@example.com',
      'conrad@builders.example',
      'vera@example.com',
    ]);
    expect(emails((await call('GET', '/admin/users?role=experts')).json())).toEqual(['ed@example.com']);
    expect((await call('GET', '/admin/users?role=specialists')).json().meta.total).toBe(4);
  });

  it('filters by verification state and account status', async () => {
    expect(emails((await call('GET', '/admin/users?verification=verified')).json())).toEqual(['vera@example.com']);
    expect(emails((await call('GET', '/admin/users?verification=unverified')).json())).toEqual(['art@example.com']);
    expect(emails((await call('GET', '/admin/users?role=contractors&verification=pending')).json())).toEqual(['conrad@builders.example']);
    expect(emails((await call('GET', '/admin/users?status=suspended')).json())).toEqual(['bob@example.com']);
  });

  it('searches names, e-mails, phone numbers and company names without regard to case, and filters by place', async () => {
    expect(emails((await call('GET', '/admin/users?q=MOREAU')).json())).toEqual(['ana@example.com']);
    expect(emails((await call('GET', '/admin/users?q=claire%20zola')).json())).toEqual(['claire@example.com']);
    expect(emails((await call('GET', '/admin/users?q=builders')).json())).toEqual(['conrad@builders.example']);
    expect(emails((await call('GET', '/admin/users?q=99%2088')).json())).toEqual(['ana@example.com']);
    expect(emails((await call('GET', '/admin/users?q=carreaux')).json())).toEqual(['art@example.com']);
    // A LIKE wildcard typed in the box is a literal character, not "anything".
    expect((await call('GET', '/admin/users?q=%25')).json().data).toEqual([]);
    expect(emails((await call('GET', '/admin/users?country=france&sort=email&order=asc')).json())).toEqual(['ana@example.com', 'vera@example.com']);
    expect(emails((await call('GET', '/admin/users?country=France&city=paris')).json())).toEqual(['vera@example.com']);
  });

  it('sorts by name, e-mail and creation date', async () => {
    const byName = (await call('GET', '/admin/users?role=clients&sort=name&order=asc')).json();
    expect(byName.data.map((u: { last_name: string }) => u.last_name)).toEqual(['Abena', 'Moreau', 'Zola']);
    const newest = (await call('GET', '/admin/users?role=clients&sort=created_at&order=desc')).json();
    expect(emails(newest)).toEqual(['claire@example.com', 'ana@example.com', 'bob@example.com']);
    const byEmailDesc = (await call('GET', '/admin/users?role=clients&sort=email&order=desc')).json();
    expect(emails(byEmailDesc)).toEqual(['claire@example.com', 'bob@example.com', 'ana@example.com']);
  });

  it('paginates with the total of the whole result', async () => {
    const first = (await call('GET', '/admin/users?sort=email&order=asc&page=1&page_size=3')).json();
    const second = (await call('GET', '/admin/users?sort=email&order=asc&page=2&page_size=3')).json();
    const last = (await call('GET', '/admin/users?sort=email&order=asc&page=3&page_size=3')).json();
    expect(first.meta).toEqual({ page: 1, page_size: 3, total: 7 });
    expect(emails(first)).toEqual(['ana@example.com', 'art@example.com', 'bob@example.com']);
    expect(emails(second)).toEqual(['claire@example.com', 'conrad@builders.example', 'ed@example.com']);
    expect(emails(last)).toEqual(['vera@example.com']);
  });

  it('answers a user with what the screens show', async () => {
    const [vera] = (await call('GET', '/admin/users?q=vera')).json().data;
    expect(vera).toMatchObject({
      id: ids.vera,
      first_name: 'Vera',
      role: 'vendor',
      status: 'active',
      verified: true,
      verification_state: 'verified',
      // Stored as its ISO code; the screens show the name in the reader's language.
      country: 'FR',
      city: 'Paris',
    });
  });

  it('refuses invalid filters with the field error shape', async () => {
    const response = await call('GET', '/admin/users?page_size=500&role=robots');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['page_size', 'role']);
  });
});

describe('GET /admin/users/summary', () => {
  it('counts the role’s accounts, the new ones, those awaiting verification and the suspended', async () => {
    expect((await call('GET', '/admin/users/summary?role=clients')).json()).toEqual({
      total: 3,
      new_this_week: 1,
      awaiting_verification: 0,
      suspended: 1,
    });
    expect((await call('GET', '/admin/users/summary?role=contractors')).json()).toEqual({
      total: 3,
      new_this_week: 3,
      awaiting_verification: 2,
      suspended: 0,
    });
  });
});

describe('GET /admin/users/:id', () => {
  it('answers 404 for an unknown or malformed id', async () => {
    expect((await call('GET', '/admin/users/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call('GET', '/admin/users/nope')).statusCode).toBe(404);
  });

  it('gives a specialist the four checks, pending until recorded', async () => {
    const detail = (await call('GET', `/admin/users/${ids.conrad}`)).json();
    expect(detail.verification.checks.map((c: { kind: string; outcome: string }) => [c.kind, c.outcome])).toEqual([
      ['identity_register', 'pending'],
      ['location_visit', 'pending'],
      ['customer_interviews', 'pending'],
      ['financial_check', 'pending'],
    ]);
    expect((await call('GET', `/admin/users/${ids.claire}`)).json().verification).toBeNull();
  });
});

describe('admin routes and other sessions', () => {
  it('registers the admin routes the screens use', () => {
    const keys = ADMIN_ROUTE_LIST.map((route) => `${route.method} ${route.url}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/v1/admin/users',
        'PUT /api/v1/admin/users/:id/verify',
        'DELETE /api/v1/admin/users/:id/verify',
        'POST /api/v1/admin/users/:id/suspend',
        'GET /api/v1/admin/audit',
      ]),
    );
  });

  it('answers 401 on every admin route to a client, a specialist and a stranger', async () => {
    const clientToken = await login(t.app, await createVerifiedUser(t.app));
    const specialistToken = await login(t.app, await createVerifiedUser(t.app, { account_type: 'specialist', specialist_kind: 'contractor' }));
    expect(ADMIN_ROUTE_LIST.length).toBeGreaterThanOrEqual(12);
    for (const route of ADMIN_ROUTE_LIST) {
      const url = route.url
        .replace(':id', ids.conrad!)
        .replace(':kind', 'identity_register')
        .replace(':evidenceId', '00000000-0000-4000-8000-000000000000');
      for (const headers of [bearer(clientToken), bearer(specialistToken), {}]) {
        const response = await t.app.inject({ method: route.method as 'GET', url, headers, payload: {} });
        expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
          route: `${route.method} ${route.url}`,
          status: 401,
        });
      }
    }
    // Nothing the refused calls tried was recorded or changed.
    expect((await t.db.query('SELECT count(*)::int AS n FROM admin_audit')).rows[0]).toEqual({ n: 0 });
  });
});
