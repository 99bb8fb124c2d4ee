import type { Queryable } from '../db/database';
import { hashPassword } from './passwords';
import { normalizeEmail } from './users';

export interface AdminInput {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

/** Creates the admin, or sets a new password (and names, when given) on an existing one. */
export async function upsertAdmin(db: Queryable, input: AdminInput): Promise<'created' | 'updated'> {
  const passwordHash = await hashPassword(input.password);
  const { rows } = await db.query<{ created: boolean }>(
    `INSERT INTO admins (email, password_hash, first_name, last_name) VALUES ($1, $2, COALESCE($3, ''), COALESCE($4, ''))
     ON CONFLICT (email) DO UPDATE SET password_hash = EXCLUDED.password_hash,
       first_name = COALESCE($3, admins.first_name), last_name = COALESCE($4, admins.last_name), updated_at = now()
     RETURNING (xmax = 0) AS created`,
    [normalizeEmail(input.email), passwordHash, input.firstName ?? null, input.lastName ?? null],
  );
  return rows[0]?.created ? 'created' : 'updated';
}
