import { randomBytes } from 'node:crypto';
import { bearer, createVerifiedUser, login } from './accounts-helpers';
import { createTestApp, type TestApp } from './test-app';

/* Inputs of hostile sizes are refused with a 4xx before anything is written, never a 500. */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, await createVerifiedUser(t.app));
});
afterAll(async () => t.close());

// Random, so the database cannot compress it below its index row limit.
const randomText = (length: number) => randomBytes(length).toString('hex').slice(0, length);
const HUGE_EMAIL = `${randomText(4000)}@example.com`;

describe('hostile sizes', () => {
  it.each(['/api/v1/auth/login', '/api/v1/auth/forgot-password', '/api/v1/auth/resend-verification', '/api/v1/admin/auth/login'])(
    'a 4,000-character e-mail on %s is a 422 naming the field',
    async (url) => {
      const response = await t.app.inject({ method: 'POST', url, payload: { email: HUGE_EMAIL, password: 'Whatever-1' } });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['email']);
    },
  );

  it('counts a key of any length without failing (long keys are stored by digest)', async () => {
    const key = `probe:${randomText(10_000)}`;
    expect((await t.app.attempts.hit(key, 60_000)).count).toBe(1);
    expect((await t.app.attempts.hit(key, 60_000)).count).toBe(2);
    expect((await t.app.attempts.hit(`${key}x`, 60_000)).count).toBe(1);
  });

  it('refuses a notification cursor beyond any id with 422', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/notifications?before=99999999999999999999', headers: bearer(token) });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['before']);
  });

  it('answers 404 for a notification id beyond any id', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/notifications/99999999999999999999/read', headers: bearer(token) });
    expect(response.statusCode).toBe(404);
  });

  it('ignores a replay cursor beyond any id on the stream', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notifications/stream',
      headers: { ...bearer(token), 'last-event-id': '99999999999999999999' },
      payloadAsStream: true,
    });
    expect(response.statusCode).toBe(200);
    response.stream().destroy();
  });
});
