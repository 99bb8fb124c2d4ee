import { createTestApp, type TestApp } from './test-app';
import { bearer, createVerifiedUser, login } from './accounts-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('calls without a body, as the browser client sends them', () => {
  it('signs out with an empty JSON body, and the token stops working', async () => {
    const token = await login(t.app, await createVerifiedUser(t.app));
    const headers = { ...bearer(token), 'content-type': 'application/json' };
    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers, payload: '' });
    expect(logout.statusCode).toBe(204);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers });
    expect(me.statusCode).toBe(401);
  });

  it('still refuses malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
  });

  it('still refuses prototype poisoning', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}, "email": "a@b.co", "password": "x"}',
    });
    expect(response.statusCode).toBe(400);
  });
});
