import { createTestApp, type TestApp } from './test-app';
import { accountsSeeder } from '../src/seed/accounts-seeder';
import { verificationSeeder } from '../src/seed/verification-seeder';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('countries are stored as ISO codes', () => {
  it('reads the names older rows hold, in English or French, as their code', async () => {
    const { rows } = await t.db.query<Record<string, string>>(
      "SELECT country_code('Cameroon') AS en, country_code(' cameroun ') AS fr, country_code('cm') AS lower, country_code('Côte d’Ivoire') AS ci, country_code('Atlantis') AS unknown",
    );
    expect(rows[0]).toEqual({ en: 'CM', fr: 'CM', lower: 'CM', ci: 'CI', unknown: 'Atlantis' });
  });

  it('keeps a code whoever writes the row', async () => {
    const { rows } = await t.db.query<{ country: string }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, country, city, account_type)
       VALUES ('old.client@example.com', 'x', 'Old', 'Client', 'Cameroun', 'Douala', 'client') RETURNING country`,
    );
    expect(rows[0]!.country).toBe('CM');
  });

  it('seeds the demo accounts with codes, like sign-up does', async () => {
    await accountsSeeder.run(t.db, t.app.log);
    await verificationSeeder.run(t.db, t.app.log);
    const { rows } = await t.db.query<{ country: string }>(
      "SELECT DISTINCT country FROM users WHERE email LIKE '%@demo.fundament.example' ORDER BY country",
    );
    expect(rows.map((row) => row.country)).toEqual(['CM', 'FR']);
  });
});
