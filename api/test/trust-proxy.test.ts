import { createTestApp, type TestApp } from './test-app';
import { RELAXED_LIMITS } from './accounts-helpers';

const attempt = (t: TestApp, forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: `nobody.${forwardedFor}@example.com`, password: 'Wrong-password-1' },
  });

describe('client address for rate limits', () => {
  it('ignores X-Forwarded-For without a configured proxy, so a forged header cannot dodge the limit', async () => {
    const t = await createTestApp({ rateLimits: { ...RELAXED_LIMITS, loginPerAddress: 2 } });
    try {
      expect((await attempt(t, '10.0.0.1')).statusCode).toBe(401);
      expect((await attempt(t, '10.0.0.2')).statusCode).toBe(401);
      expect((await attempt(t, '10.0.0.3')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('reads the client address behind one trusted proxy', async () => {
    const t = await createTestApp({ rateLimits: { ...RELAXED_LIMITS, loginPerAddress: 2 }, trustProxyHops: 1 });
    try {
      for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) expect((await attempt(t, address)).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
