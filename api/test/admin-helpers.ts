import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/database';
import { Secret, TOTP } from 'otpauth';
import { upsertAdmin } from '../src/accounts/admins';
import { setConfirmedSecret } from '../src/accounts/two-factor';
import { bearer } from './accounts-helpers';

export const ADMIN = { email: 'auditor@example.com', password: 'Admin-pass-2026', firstName: 'Alice', lastName: 'Auditor' };

/** The authenticator secret every test admin is given (admins cannot sign in without a second factor). */
export const TEST_ADMIN_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The code an authenticator app with `secret` shows at `at`. */
export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });
}

/** Gives an existing admin the test secret, as if they had set up an authenticator app. */
export async function giveAdminSecondFactor(app: FastifyInstance, email: string, secret = TEST_ADMIN_SECRET): Promise<void> {
  const { rows } = await app.db.query<{ id: string }>('SELECT id FROM admins WHERE email = $1', [email.trim().toLowerCase()]);
  if (!rows[0]) throw new Error(`no admin ${email}`);
  const { rows: factors } = await app.db.query('SELECT 1 FROM two_factor_factors WHERE admin_id = $1', [rows[0].id]);
  if (factors.length === 0) await setConfirmedSecret(app.db, app.twoFactorKey, { kind: 'admin', id: rows[0].id }, secret);
}

/** Remembered-browser cookies per app and admin: a code works once per 30 s, and tests sign the same admin in often. */
const rememberedBrowsers = new WeakMap<FastifyInstance, Map<string, string>>();

/**
 * Signs an admin in as the back-office screens do: the password, then (unless
 * this "browser" is remembered) a code computed from the admin's secret.
 */
export async function adminSignIn(app: FastifyInstance, email: string, password: string, secret = TEST_ADMIN_SECRET): Promise<string> {
  const browsers = rememberedBrowsers.get(app) ?? new Map<string, string>();
  rememberedBrowsers.set(app, browsers);
  const cookie = browsers.get(email.toLowerCase());
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/auth/login',
    payload: { email, password },
    ...(cookie ? { cookies: { fundament_2fa_admin_device: cookie } } : {}),
  });
  if (response.statusCode === 200) return (response.json() as { access_token: string }).access_token;
  if (response.statusCode !== 202 || response.json().two_factor !== 'code') throw new Error(`admin login failed: ${response.body}`);
  const challenge = (response.json() as { challenge_token: string }).challenge_token;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const second = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/two-factor/sign-in',
      payload: { challenge_token: challenge, code: totpCode(secret), remember_device: true },
    });
    if (second.statusCode === 200) {
      const remembered = second.cookies.find((c) => c.name === 'fundament_2fa_admin_device');
      if (remembered) browsers.set(email.toLowerCase(), remembered.value);
      return (second.json() as { access_token: string }).access_token;
    }
    // This step's code was already used: the next one comes within 30 s.
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 100));
  }
  throw new Error('admin second factor refused');
}

export async function adminToken(app: FastifyInstance, db: Database, admin = ADMIN): Promise<string> {
  await upsertAdmin(db, admin);
  await giveAdminSecondFactor(app, admin.email);
  return adminSignIn(app, admin.email, admin.password);
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
