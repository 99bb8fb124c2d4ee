import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/database';
import { upsertAdmin } from '../src/accounts/admins';
import { bearer } from './accounts-helpers';

export const ADMIN = { email: 'auditor@example.com', password: 'Admin-pass-2026', firstName: 'Alice', lastName: 'Auditor' };

export async function adminToken(app: FastifyInstance, db: Database, admin = ADMIN): Promise<string> {
  await upsertAdmin(db, admin);
  const response = await app.inject({ method: 'POST', url: '/api/v1/admin/auth/login', payload: { email: admin.email, password: admin.password } });
  if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.body}`);
  return (response.json() as { access_token: string }).access_token;
}

export interface SeedUser {
  email: string;
  first_name?: string;
  last_name?: string;
  account_type?: 'client' | 'specialist';
  specialist_kind?: string | null;
  country?: string;
  city?: string;
  phone_number?: string;
  created_days_ago?: number;
}

/** Inserts an account directly (no password): enough for the admin screens, faster than signing up. */
export async function insertUser(db: Database, user: SeedUser): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (email, first_name, last_name, phone_number, country, city, account_type, specialist_kind, email_verified_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now(), now() - make_interval(days => $9::int)) RETURNING id`,
    [
      user.email,
      user.first_name ?? 'Test',
      user.last_name ?? 'User',
      user.phone_number ?? '+237 6 00 00 00 00',
      user.country ?? 'Cameroon',
      user.city ?? 'Douala',
      user.account_type ?? 'client',
      user.account_type === 'specialist' ? (user.specialist_kind ?? 'contractor') : null,
      user.created_days_ago ?? 0,
    ],
  );
  return rows[0]!.id;
}

/** A multipart body with one file part, as a browser form would send it. */
export function multipartFile(field: string, fileName: string, contentType: string, data: Buffer) {
  const boundary = `----fundament${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export const adminCall =
  (app: FastifyInstance, token: string) =>
  (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...bearer(token), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
