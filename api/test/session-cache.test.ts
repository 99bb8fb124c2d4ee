import { createTestApp, type TestApp } from './test-app';
import { bearer, createVerifiedUser, login, signUpBody } from './accounts-helpers';
import { adminCall, adminToken } from './admin-helpers';

/*
 * Signed-in requests are answered from what the instance remembers of the
 * session for a few seconds. Whatever ends the session or changes the account
 * must still show on the very next request.
 */

let t: TestApp;
let admin: ReturnType<typeof adminCall>;

beforeAll(async () => {
  t = await createTestApp();
  admin = adminCall(t.app, await adminToken(t.app, t.db));
});
afterAll(async () => t.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
const post = (token: string, url: string) => t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: bearer(token) });

async function signedIn(overrides: Record<string, unknown> = {}) {
  const email = await createVerifiedUser(t.app, signUpBody(overrides));
  const token = await login(t.app, email);
  // Twice: the second answer comes from what the instance remembers.
  expect((await me(token)).statusCode).toBe(200);
  const known = await me(token);
  expect(known.statusCode).toBe(200);
  return { email, token, id: (known.json() as { id: string }).id };
}

it('refuses a signed-out session on the next request', async () => {
  const { token } = await signedIn();
  expect((await post(token, '/auth/logout')).statusCode).toBe(204);
  expect((await me(token)).statusCode).toBe(401);
});

it('signing out everywhere refuses the other devices on their next request', async () => {
  const { email, token: phone } = await signedIn();
  const laptop = await login(t.app, email);
  expect((await me(laptop)).statusCode).toBe(200);
  expect((await post(phone, '/auth/logout-everywhere')).statusCode).toBe(204);
  expect((await me(laptop)).statusCode).toBe(401);
  expect((await me(phone)).statusCode).toBe(401);
});

it('refuses a suspended account on its next request', async () => {
  const { token, id } = await signedIn();
  expect((await admin('POST', `/admin/users/${id}/suspend`, { reason: 'Forged documents' })).statusCode).toBe(200);
  expect((await me(token)).statusCode).toBe(401);
});

it('shows a verification taken back on the next request, with the permissions that go with it', async () => {
  const { token, id } = await signedIn({ account_type: 'specialist', specialist_kind: 'contractor' });
  await t.db.query('UPDATE users SET verified_at = now() WHERE id = $1', [id]);
  expect((await me(token)).json()).toMatchObject({ verified: true });
  expect((await admin('DELETE', `/admin/users/${id}/verify`, { reason: 'Licence expired' })).statusCode).toBe(200);
  expect((await me(token)).json()).toMatchObject({ verified: false });
  expect((await t.app.inject({ method: 'GET', url: '/api/v1/projects', headers: bearer(token) })).json()).toMatchObject({ meta: { total: 0 } });
});

it('shows a changed name on the next request', async () => {
  const { token, email } = await signedIn();
  const changed = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/auth/me',
    headers: bearer(token),
    payload: { first_name: 'Chantal', last_name: 'Owono', email, phone_number: '+237 6 98 76 54 32' },
  });
  expect(changed.statusCode).toBe(200);
  expect((await me(token)).json()).toMatchObject({ first_name: 'Chantal', last_name: 'Owono' });
});
