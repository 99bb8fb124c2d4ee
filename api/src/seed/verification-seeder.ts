import { hashPassword } from '../accounts/passwords';
import type { Seeder } from './run-seeds';

/** New specialists awaiting verification, for the admin screens' demo (their password: Specialist-demo-2026). */
export const PENDING_SPECIALISTS = [
  {
    email: 'pending.builder@demo.fundament.example',
    first_name: 'Paul',
    last_name: 'Mbappe',
    kind: 'contractor',
    country: 'CM',
    city: 'Yaoundé',
    phone: '+237 6 70 11 22 33',
  },
  {
    email: 'pending.tiles@demo.fundament.example',
    first_name: 'Nadine',
    last_name: 'Ekambi',
    kind: 'artisan',
    country: 'CM',
    city: 'Douala',
    phone: '+237 6 70 44 55 66',
  },
  {
    email: 'pending.supplies@demo.fundament.example',
    first_name: 'Olivier',
    last_name: 'Fotso',
    kind: 'vendor',
    country: 'FR',
    city: 'Lyon',
    phone: '+33 6 12 34 56 78',
  },
  {
    email: 'pending.inspector@demo.fundament.example',
    first_name: 'Inès',
    last_name: 'Kamga',
    kind: 'expert',
    country: 'CM',
    city: 'Douala',
    phone: '+237 6 70 77 88 99',
  },
] as const;

export const PENDING_SPECIALIST_PASSWORD = 'Specialist-demo-2026';

export const verificationSeeder: Seeder = {
  name: 'verification',
  async run(db) {
    let passwordHash: string | undefined;
    for (const person of PENDING_SPECIALISTS) {
      const { rows } = await db.query('SELECT 1 FROM users WHERE email = $1', [person.email]);
      if (rows.length > 0) continue;
      passwordHash ??= await hashPassword(PENDING_SPECIALIST_PASSWORD);
      await db.query(
        `INSERT INTO users (email, password_hash, first_name, last_name, phone_number, country, city, locale, account_type, specialist_kind, email_verified_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'en', 'specialist', $8, now())
         ON CONFLICT (email) DO NOTHING`,
        [person.email, passwordHash, person.first_name, person.last_name, person.phone, person.country, person.city, person.kind],
      );
    }
  },
};
