import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { AccessTokenSchema, type OutboxMessage } from 'shared/contract';
import type { Database } from '../src/db/database';

export const GOOD_PASSWORD = 'Sturdy-walls-42';

let counter = 0;
/** A unique address per call, so tests in one file do not collide. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${counter}.${Date.now()}@example.com`;
}

export function signUpBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    first_name: 'Amina',
    last_name: 'Njoya',
    email: uniqueEmail(),
    country: 'Cameroon',
    city: 'Douala',
    account_type: 'client',
    phone_number: '+237 6 12 34 56 78',
    password: GOOD_PASSWORD,
    password_confirmation: GOOD_PASSWORD,
    ...overrides,
  };
}

export type { OutboxMessage };

/**
 * The newest e-mail to `to`, read from the outbox table (what would be in that
 * mailbox). Waits first for the e-mail the API sends after its answers.
 */
export async function latestMail(app: FastifyInstance, to: string): Promise<OutboxMessage | undefined> {
  await app.backgroundIdle();
  const { rows } = await app.db.query<{
    id: string;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string;
    created_at: Date | string;
  }>('SELECT * FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1', [to.trim().toLowerCase()]);
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: Number(row.id),
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The token of the link in an e-mail (`…/verify-email?token=…` or `…/reset-password?token=…`). */
export function linkToken(mail: OutboxMessage | undefined, page: 'verify-email' | 'reset-password'): string {
  const match = new RegExp(`/${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no ${page} link in ${mail?.text}`);
  return match[1];
}

/** Signs up and verifies a client; returns the address. */
export async function createVerifiedUser(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<string> {
  const body = signUpBody(overrides);
  const signUp = await app.inject({ method: 'POST', url: '/api/v1/auth/sign-up', payload: body });
  if (signUp.statusCode !== 201) throw new Error(`sign-up failed: ${signUp.body}`);
  const email = String(body.email).toLowerCase();
  const token = linkToken(await latestMail(app, email), 'verify-email');
  const verify = await app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  // The link signed the person in; the tests start from an account with no session and sign in themselves.
  const opened = (verify.json() as { access_token?: string }).access_token;
  if (opened) await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { authorization: `Bearer ${opened}` } });
  return email;
}

export async function login(app: FastifyInstance, email: string, password = GOOD_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return v.parse(AccessTokenSchema, response.json()).access_token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Moves every unused link token's expiry into the past. */
export async function expireAccountTokens(db: Database): Promise<void> {
  await db.query("UPDATE account_tokens SET expires_at = now() - interval '1 minute' WHERE used_at IS NULL");
}

/** Limits high enough that only the rate-limit tests reach them (createTestApp's default too). */
export const RELAXED_LIMITS = {
  login: 1000,
  loginPerAddress: 1000,
  signUp: 1000,
  forgotPassword: 1000,
  resendVerification: 1000,
  resetPassword: 1000,
  socialSignIn: 1000,
  maxDelayMs: 3000,
  emailChangesPerHour: 1000,
  invitesPerDay: 1000,
  accountMailsPerHour: 1000,
  windowMs: 60_000,
};
