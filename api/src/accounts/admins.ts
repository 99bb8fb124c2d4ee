import type { Queryable } from '../db/database';
import { hashPassword, verifyPassword } from './passwords';
import { deleteAdminSessions } from './sessions';
import { normalizeEmail } from './users';

export interface AdminInput {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

/** Creates the admin, or sets a new password (and names, when given) on an existing one, ending its sessions. */
export async function upsertAdmin(db: Queryable, input: AdminInput): Promise<'created' | 'updated'> {
  const passwordHash = await hashPassword(input.password);
  const { rows: found } = await db.query<{ password_hash: string }>('SELECT password_hash FROM admins WHERE email = $1', [
    normalizeEmail(input.email),
  ]);
  const previous = found[0];
  const { rows } = await db.query<{ id: string; created: boolean }>(
    `INSERT INTO admins (email, password_hash, first_name, last_name) VALUES ($1, $2, COALESCE($3, ''), COALESCE($4, ''))
     ON CONFLICT (email) DO UPDATE SET password_hash = EXCLUDED.password_hash,
       first_name = COALESCE($3, admins.first_name), last_name = COALESCE($4, admins.last_name), updated_at = now()
     RETURNING id, (xmax = 0) AS created`,
    [normalizeEmail(input.email), passwordHash, input.firstName ?? null, input.lastName ?? null],
  );
  const row = rows[0]!;
  // A new password is how a leaked one is rotated: whoever signed in with the old one is signed out.
  // Running the command again with the same password (a deploy script) keeps the sessions.
  if (!row.created && !(await verifyPassword(previous?.password_hash, input.password))) await deleteAdminSessions(db, row.id);
  return row.created ? 'created' : 'updated';
}
