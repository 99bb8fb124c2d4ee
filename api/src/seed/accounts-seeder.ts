import type { Database } from '../db/database';
import { setConfirmedSecret } from '../accounts/two-factor';
import { hashPassword } from '../accounts/passwords';
import type { Seeder } from './run-seeds';

/** The demo accounts listed in the README (local demos only; never seeded in production data). */
export const DEMO_USERS = [
  {
    email: 'client@demo.fundament.example',
    password: 'Client-demo-2026',
    first_name: 'Claire',
    last_name: 'Client',
    account_type: 'client',
    specialist_kind: null,
  },
  {
    email: 'contractor@demo.fundament.example',
    password: 'Contractor-demo-2026',
    first_name: 'Conrad',
    last_name: 'Contractor',
    account_type: 'specialist',
    specialist_kind: 'contractor',
  },
  {
    email: 'expert@demo.fundament.example',
    password: 'Expert-demo-2026',
    first_name: 'Estelle',
    last_name: 'Expert',
    account_type: 'specialist',
    specialist_kind: 'expert',
  },
] as const;

export const DEMO_ADMIN = {
  email: 'admin@demo.fundament.example',
  password: 'Admin-demo-2026',
  first_name: 'Ada',
  last_name: 'Admin',
  /** Published in the README like the password: add it to an authenticator app to sign in to the demo's back office. */
  totp_secret: 'FUNDAMENTDEMOADMINTOTPSECRET2345',
} as const;

/**
 * Admins sign in with a second factor: the demo admin's is a published secret
 * (README), given once; an admin who set up their own keeps it.
 */
export async function seedDemoAdminFactor(db: Database, key: Buffer): Promise<void> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT a.id FROM admins a WHERE a.email = $1 AND NOT EXISTS (SELECT 1 FROM two_factor_factors f WHERE f.admin_id = a.id)',
    [DEMO_ADMIN.email],
  );
  if (rows[0]) await setConfirmedSecret(db, key, { kind: 'admin', id: rows[0].id }, DEMO_ADMIN.totp_secret);
}

export const accountsSeeder: Seeder = {
  name: 'accounts',
  async run(db) {
    for (const user of DEMO_USERS) {
      const { rows } = await db.query('SELECT 1 FROM users WHERE email = $1', [user.email]);
      if (rows.length > 0) continue;
      await db.query(
        `INSERT INTO users (email, password_hash, first_name, last_name, phone_number, country, city, locale, account_type, specialist_kind, email_verified_at)
         VALUES ($1, $2, $3, $4, '+237 6 99 00 00 00', 'CM', 'Douala', 'en', $5, $6, now())
         ON CONFLICT (email) DO NOTHING`,
        [user.email, await hashPassword(user.password), user.first_name, user.last_name, user.account_type, user.specialist_kind],
      );
    }
    // The demo expert inspects the demo contract: verified like any expert allowed to inspect,
    // unless an admin has since revoked it.
    await db.query(
      `UPDATE users u SET verified_at = u.created_at WHERE u.email = $1 AND u.verified_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM admin_audit a WHERE a.target_id = u.id::text AND a.action = 'user.verification_revoked')`,
      ['expert@demo.fundament.example'],
    );
    const { rows } = await db.query('SELECT 1 FROM admins WHERE email = $1', [DEMO_ADMIN.email]);
    if (rows.length === 0) {
      await db.query(`INSERT INTO admins (email, password_hash, first_name, last_name) VALUES ($1, $2, $3, $4) ON CONFLICT (email) DO NOTHING`, [
        DEMO_ADMIN.email,
        await hashPassword(DEMO_ADMIN.password),
        DEMO_ADMIN.first_name,
        DEMO_ADMIN.last_name,
      ]);
    }
  },
};
