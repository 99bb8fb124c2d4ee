import { createTestApp, type TestApp } from './test-app';
import { latestMail } from './accounts-helpers';
import { createClient, createSpecialist, type Person } from './marketplace-helpers';

let t: TestApp;
let client: Person;
let other: Person;
let paul: Person;
let yaounde: Person;
let unverified: Person;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp();
  client = await createClient(t.app, t.db, 'Amina');
  other = await createClient(t.app, t.db, 'Brice');
  paul = await createSpecialist(t.app, t.db, { first_name: 'Paul', categories: ['kitchen', 'plumbing'] });
  yaounde = await createSpecialist(t.app, t.db, { first_name: 'Yves', kind: 'vendor', categories: ['solar'], cities: ['Yaoundé'] });
  unverified = await createSpecialist(t.app, t.db, { first_name: 'Ursula', verified: false });
  await t.db.query("UPDATE specialist_profiles SET headline = 'Kitchens and bathrooms since 2009' WHERE user_id = $1", [paul.id]);
  projectId = (
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers: client.headers,
      payload: {
        title: 'Solar power for the house',
        description: 'Twelve panels with batteries for a family home in Yaoundé.',
        category: 'solar',
        country: 'CM',
        city: 'Douala',
        currency: 'XAF',
      },
    })
  ).json().id;
});
afterAll(async () => t.close());

describe('specialists directory', () => {
  it('lists verified specialists as service cards, never unverified ones', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/specialists', headers: client.headers })).json();
    expect(list.meta.total).toBe(2);
    const card = list.data.find((c: { id: string }) => c.id === paul.id);
    expect(card).toMatchObject({
      title: 'Paul Builders',
      subtitle: 'Kitchens and bathrooms since 2009',
      company: 'Paul Builders',
      role_label: 'contractor',
      categories: ['renovation'],
      trades: ['kitchen', 'plumbing'],
      verified: true,
    });
    expect(list.data.find((c: { id: string }) => c.id === yaounde.id).role_label).toBe('vendor');
    expect(list.data.some((c: { id: string }) => c.id === unverified.id)).toBe(false);
  });

  it('filters by category, city and text', async () => {
    const ids = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/specialists?${query}`, headers: client.headers }))
        .json()
        .data.map((c: { id: string }) => c.id);
    expect(await ids('category=solar')).toEqual([yaounde.id]);
    expect(await ids('city=douala')).toEqual([paul.id]);
    expect(await ids('q=bathrooms')).toEqual([paul.id]);
    expect(await ids('q=%25')).toEqual([]);
  });

  it('shows a public profile, and 404 for an unverified specialist', async () => {
    const profile = await t.app.inject({ method: 'GET', url: `/api/v1/specialists/${paul.id}`, headers: client.headers });
    expect(profile.json()).toMatchObject({ id: paul.id, reviews: [], review_count: 0 });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/specialists/${unverified.id}`, headers: client.headers })).statusCode).toBe(404);
  });

  it('lets a specialist set their trades and area, which decides the requests they see', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/v1/projects', headers: paul.headers })).json();
    expect(before.data).toEqual([]);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/specialist-profile',
      headers: paul.headers,
      payload: { categories: [], service_country: 'ZZ' },
    });
    expect(bad.statusCode).toBe(422);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/specialist-profile',
      headers: paul.headers,
      payload: { company_name: 'Paul Builders', categories: ['kitchen', 'solar'], service_country: 'CM', service_cities: ['Douala'] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ categories: ['kitchen', 'solar'], verified: true });
    const after = (await t.app.inject({ method: 'GET', url: '/api/v1/projects', headers: paul.headers })).json();
    expect(after.data.map((p: { id: string }) => p.id)).toEqual([projectId]);
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/specialist-profile', headers: client.headers, payload: {} })).statusCode).toBe(403);
  });
});

describe('invites', () => {
  it('lets a client invite a verified specialist to quote: notified in-app and by e-mail, then sees the project', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invites',
      headers: client.headers,
      payload: { project_id: projectId, specialist_id: yaounde.id, message: 'Could you quote on this?' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'pending', project: { id: projectId }, specialist: { id: yaounde.id } });
    const bell = (await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: yaounde.headers })).json();
    expect(bell.data[0].text).toBe('Amina Njoya invites you to quote on Solar power for the house');
    const mail = await latestMail(t.app, yaounde.email);
    expect(mail?.subject).toBe('Amina Njoya invites you to quote on Solar power for the house');
    // Invited, they see the project although it is outside their cities.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/projects/${projectId}`, headers: yaounde.headers })).json().relation).toBe('invited');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invites',
      headers: client.headers,
      payload: { project_id: projectId, specialist_id: yaounde.id },
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses invitations to unverified specialists and for someone else’s project', async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/invites',
          headers: client.headers,
          payload: { project_id: projectId, specialist_id: unverified.id },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/invites',
          headers: other.headers,
          payload: { project_id: projectId, specialist_id: paul.id },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/invites',
          headers: paul.headers,
          payload: { project_id: projectId, specialist_id: yaounde.id },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('lets the specialist accept, which notifies the client; the answer is final', async () => {
    const received = (await t.app.inject({ method: 'GET', url: '/api/v1/invites', headers: yaounde.headers })).json();
    const invite = received.data[0];
    expect(invite.inviter.name).toBe('Amina Njoya');
    const accepted = await t.app.inject({ method: 'POST', url: `/api/v1/invites/${invite.id}/accept`, headers: yaounde.headers });
    expect(accepted.json().status).toBe('accepted');
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/invites/${invite.id}/decline`, headers: yaounde.headers })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/invites/${invite.id}/accept`, headers: paul.headers })).statusCode).toBe(404);
    const sent = (await t.app.inject({ method: 'GET', url: '/api/v1/invites', headers: client.headers })).json();
    expect(sent.data[0].status).toBe('accepted');
    const bell = (
      await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: { ...client.headers, 'accept-language': 'fr' } })
    ).json();
    expect(bell.data[0].text).toBe('Yves Njoya a accepté votre invitation pour Solar power for the house');
  });

  it('invites someone by e-mail to join the platform', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invites',
      headers: client.headers,
      payload: { email: 'Mason@Example.com', message: 'I need a mason.' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().email).toBe('mason@example.com');
    const mail = await latestMail(t.app, 'mason@example.com');
    expect(mail?.subject).toBe('Amina Njoya invites you to join Fundament');
    expect(mail?.text).toContain('/sign-up-specialists');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/invites', headers: client.headers, payload: { email: 'not-an-email' } })).statusCode,
    ).toBe(422);
  });
});

describe('notifications', () => {
  it('counts unread notifications and marks them read', async () => {
    const count = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/notifications/unread-count', headers: yaounde.headers })).json().count;
    const unread = await count();
    expect(unread).toBeGreaterThan(0);
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: yaounde.headers })).json();
    await t.app.inject({ method: 'POST', url: `/api/v1/notifications/${list.data[0].id}/read`, headers: yaounde.headers });
    expect(await count()).toBe(unread - 1);
    // Someone else's notification cannot be touched.
    await t.app.inject({ method: 'POST', url: `/api/v1/notifications/${list.data[0].id}/read`, headers: client.headers });
    await t.app.inject({ method: 'POST', url: '/api/v1/notifications/read-all', headers: yaounde.headers });
    expect(await count()).toBe(0);
  });
});
