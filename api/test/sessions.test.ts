import { bearer, createVerifiedUser, GOOD_PASSWORD, latestMail } from './accounts-helpers';
import { createTestApp, type TestApp } from './test-app';

/* The sessions of an account, as their owner sees and ends them, and the e-mail on a sign-in from a new device. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ trustProxyHops: 1 });
});
afterAll(async () => t.close());

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

async function signIn(email: string, userAgent: string, address: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: GOOD_PASSWORD },
    headers: { 'user-agent': userAgent, 'x-forwarded-for': address },
  });
  expect(response.statusCode).toBe(200);
  return response.json().access_token as string;
}

const list = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/auth/sessions', headers: bearer(token) });

it('lists the account’s sessions with their browser, address and last use, this one marked', async () => {
  const email = await createVerifiedUser(t.app);
  const laptop = await signIn(email, FIREFOX_LINUX, '198.51.100.7');
  await signIn(email, CHROME_ANDROID, '203.0.113.9');
  const response = await list(laptop);
  expect(response.statusCode).toBe(200);
  const sessions = response.json().data as { id: string; browser: string; ip_address: string; current: boolean; last_seen_at: string }[];
  expect(sessions).toHaveLength(2);
  expect(sessions).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ browser: 'Firefox on Linux', ip_address: '198.51.100.7', current: true }),
      expect.objectContaining({ browser: 'Chrome on Android', ip_address: '203.0.113.9', current: false }),
    ]),
  );
  expect(Number.isNaN(Date.parse(sessions[0]!.last_seen_at))).toBe(false);
  // Someone else's list is their own.
  const other = await signIn(await createVerifiedUser(t.app), FIREFOX_LINUX, '198.51.100.8');
  expect((await list(other)).json().data).toHaveLength(1);
});

it('ends one session, not the others, and only the owner’s', async () => {
  const email = await createVerifiedUser(t.app);
  const laptop = await signIn(email, FIREFOX_LINUX, '198.51.100.7');
  const phone = await signIn(email, CHROME_ANDROID, '203.0.113.9');
  const phoneId = ((await list(laptop)).json().data as { id: string; current: boolean }[]).find((s) => !s.current)!.id;
  const stranger = await signIn(await createVerifiedUser(t.app), FIREFOX_LINUX, '198.51.100.8');
  expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/auth/sessions/${phoneId}`, headers: bearer(stranger) })).statusCode).toBe(404);
  expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/sessions/not-an-id', headers: bearer(laptop) })).statusCode).toBe(404);
  const ended = await t.app.inject({ method: 'DELETE', url: `/api/v1/auth/sessions/${phoneId}`, headers: bearer(laptop) });
  expect(ended.statusCode).toBe(204);
  expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(phone) })).statusCode).toBe(401);
  expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(laptop) })).statusCode).toBe(200);
});

it('e-mails the owner on a sign-in from a new device, not from a known one', async () => {
  const email = await createVerifiedUser(t.app);
  await signIn(email, FIREFOX_LINUX, '198.51.100.7');
  const first = await latestMail(t.app, email);
  expect(first?.subject).not.toBe('New sign-in to your account');
  await signIn(email, FIREFOX_LINUX, '198.51.100.7');
  expect((await latestMail(t.app, email))?.id).toBe(first?.id);
  await signIn(email, CHROME_ANDROID, '203.0.113.9');
  const notice = await latestMail(t.app, email);
  expect(notice?.subject).toBe('New sign-in to your account');
  expect(notice?.text).toContain('Chrome on Android');
  expect(notice?.text).toContain('203.0.113.9');
});
