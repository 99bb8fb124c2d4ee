import { createSession } from '../src/accounts/sessions';
import { deleteExpiredRecords } from '../src/jobs/cleanup';
import { seedPerson } from './escrow-fixtures';
import { createTestApp, type TestApp } from './test-app';

const DAY = 24 * 3600_000;

describe('cleanup of expired records', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('deletes expired sessions, spent links and old idempotency keys, and nothing still in use', async () => {
    const person = await seedPerson(t.db, 'client');
    const shortLived = await createSession(t.db, 'client', person.id, 1);
    await t.db.query(
      `INSERT INTO account_tokens (user_id, purpose, token_hash, email, expires_at, used_at) VALUES
         ($1, 'reset_password', 'spent', $2, now() + interval '1 hour', now()),
         ($1, 'reset_password', 'expired', $2, now() - interval '1 minute', NULL),
         ($1, 'reset_password', 'waiting', $2, now() + interval '3 days', NULL)`,
      [person.id, person.email],
    );
    await t.db.query(
      `INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response, expires_at) VALUES
         ('s', 'old', 'h', 200, '{}', now() - interval '1 minute'), ('s', 'fresh', 'h', 200, '{}', now() + interval '1 hour')`,
    );

    await t.db.query("INSERT INTO mail_deliveries (key, sent_at) VALUES ('old', now() - interval '1 minute'), ('fresh', now() + interval '1 hour')");

    const report = await deleteExpiredRecords(t.db, new Date(Date.now() + 2 * DAY));

    expect(report).toEqual({ sessions: 1, accountLinks: 2, socialSignIns: 0, idempotencyKeys: 1, mailMarkers: 1 });
    const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me(person.token)).statusCode).toBe(200);
    expect((await me(shortLived)).statusCode).toBe(401);
    const { rows: links } = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM account_tokens WHERE user_id = $1', [person.id]);
    expect(links.map((link) => link.token_hash)).toEqual(['waiting']);
    const { rows: keys } = await t.db.query<{ key: string }>("SELECT key FROM idempotency_keys WHERE scope = 's'");
    expect(keys.map((row) => row.key)).toEqual(['fresh']);
    const { rows: markers } = await t.db.query<{ key: string }>('SELECT key FROM mail_deliveries');
    expect(markers.map((row) => row.key)).toEqual(['fresh']);
  });
});
