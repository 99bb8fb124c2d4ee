import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { AppConfig } from '../config';
import type { Queryable } from '../db/database';
import { hashToken, newToken } from './tokens';

/** Whose second factor: a client account or an admin (separate tables, separate sessions). */
export interface FactorOwner {
  kind: 'user' | 'admin';
  id: string;
}

const column = (owner: FactorOwner) => (owner.kind === 'user' ? 'user_id' : 'admin_id');

/** RFC 6238 defaults every authenticator app understands: SHA-1, 6 digits, 30 seconds. */
const PERIOD = 30;
const ISSUER = 'Fundament';
/** One step either side: a phone clock a little off, or a code typed as it changed. */
const WINDOW = 1;
export const CHALLENGE_MINUTES = 5;
export const CHALLENGE_FAILURES = 5;
export const REMEMBER_DAYS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** Letters and digits that cannot be mistaken for one another when copied from paper. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function totp(secret: string, label: string): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });
}

/**
 * The key that encrypts TOTP secrets at rest (AES-256-GCM): `TWO_FACTOR_KEY`,
 * else a key file beside the embedded database (made on first start), else,
 * for an in-memory test database, a fixed one. A leaked database alone does
 * not give anyone's codes.
 */
export function loadTwoFactorKey(config: AppConfig): Buffer {
  if (config.twoFactorKey) return createHash('sha256').update(config.twoFactorKey).digest();
  // Instances on one server database must read each other's secrets: a key file per machine would not do.
  if (config.databaseUrl && config.env === 'production')
    throw new Error('Set TWO_FACTOR_KEY: it encrypts the authenticator secrets every instance reads');
  if (config.inMemoryDatabase || config.env === 'test') return createHash('sha256').update('fundament-test-two-factor').digest();
  const file = path.join(config.dataDir, 'two-factor.key');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  return createHash('sha256').update(readFileSync(file, 'utf8').trim()).digest();
}

export function encryptSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

export function decryptSecret(key: Buffer, stored: string): string {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('Unreadable two-factor secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
}

interface FactorRow {
  id: string;
  secret_encrypted: string;
  confirmed_at: Date | string | null;
  last_step: string | null;
}

async function factorRow(db: Queryable, owner: FactorOwner): Promise<FactorRow | undefined> {
  const { rows } = await db.query<FactorRow>(
    `SELECT id, secret_encrypted, confirmed_at, last_step FROM two_factor_factors WHERE ${column(owner)} = $1`,
    [owner.id],
  );
  return rows[0];
}

/** Whether the owner has a confirmed second factor, since when, and how many recovery codes are left. */
export async function twoFactorStatus(
  db: Queryable,
  owner: FactorOwner,
): Promise<{ enabled: boolean; enabledAt: Date | null; recoveryLeft: number }> {
  const { rows } = await db.query<{ confirmed_at: Date | string; left: string | number }>(
    `SELECT f.confirmed_at, (SELECT count(*) FROM two_factor_recovery_codes c WHERE c.factor_id = f.id AND c.used_at IS NULL) AS left
       FROM two_factor_factors f WHERE f.${column(owner)} = $1 AND f.confirmed_at IS NOT NULL`,
    [owner.id],
  );
  const row = rows[0];
  return row
    ? { enabled: true, enabledAt: new Date(row.confirmed_at), recoveryLeft: Number(row.left) }
    : { enabled: false, enabledAt: null, recoveryLeft: 0 };
}

export async function hasTwoFactor(db: Queryable, owner: FactorOwner): Promise<boolean> {
  return (await twoFactorStatus(db, owner)).enabled;
}

/**
 * A new secret waiting for its first code (replacing any earlier unconfirmed
 * one); undefined when a confirmed factor exists. The secret is answered now,
 * while it is being set up, and never again.
 */
export async function startEnrolment(
  db: Queryable,
  key: Buffer,
  owner: FactorOwner,
  label: string,
): Promise<{ secret: string; otpauth_uri: string; qr_code: string } | undefined> {
  const secret = new Secret({ size: 20 }).base32;
  const { rows } = await db.query(
    `INSERT INTO two_factor_factors (${column(owner)}, secret_encrypted) VALUES ($1, $2)
     ON CONFLICT (${column(owner)}) WHERE ${column(owner)} IS NOT NULL
     DO UPDATE SET secret_encrypted = EXCLUDED.secret_encrypted, created_at = now(), last_step = NULL
       WHERE two_factor_factors.confirmed_at IS NULL
     RETURNING id`,
    [owner.id, encryptSecret(key, secret)],
  );
  if (rows.length === 0) return undefined;
  const uri = totp(secret, label).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauth_uri: uri, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** Ten new recovery codes (the old ones stop working); only their digests are kept. */
export async function newRecoveryCodes(db: Queryable, factorId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  await db.query('DELETE FROM two_factor_recovery_codes WHERE factor_id = $1', [factorId]);
  await db.query('INSERT INTO two_factor_recovery_codes (factor_id, code_hash) SELECT $1, unnest($2::text[])', [
    factorId,
    codes.map((code) => hashToken(normalizeRecoveryCode(code))),
  ]);
  return codes;
}

function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/**
 * Accepts a TOTP code once: the step it belongs to must be later than the last
 * step accepted (RFC 6238 §5.2), written in the same statement, so two
 * requests racing with one code cannot both pass.
 */
async function acceptTotp(db: Queryable, key: Buffer, factor: FactorRow, code: string, now: number): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const delta = totp(decryptSecret(key, factor.secret_encrypted), 'account').validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return false;
  const step = Math.floor(now / 1000 / PERIOD) + delta;
  const { rows } = await db.query(
    'UPDATE two_factor_factors SET last_step = $2 WHERE id = $1 AND (last_step IS NULL OR last_step < $2) RETURNING id',
    [factor.id, step],
  );
  return rows.length > 0;
}

/** The first code from the app turns the factor on and answers its recovery codes; undefined for a wrong code or no set-up under way. */
export async function confirmEnrolment(
  db: Queryable,
  key: Buffer,
  owner: FactorOwner,
  code: string,
  now = Date.now(),
): Promise<string[] | 'none' | undefined> {
  const factor = await factorRow(db, owner);
  if (!factor || factor.confirmed_at) return 'none';
  if (!(await acceptTotp(db, key, factor, code.replace(/\s/g, ''), now))) return undefined;
  await db.query('UPDATE two_factor_factors SET confirmed_at = now() WHERE id = $1', [factor.id]);
  return newRecoveryCodes(db, factor.id);
}

/**
 * Checks a second factor: a 6-digit TOTP code (once), or one of the recovery
 * codes (spent by this call). Says which, or false.
 */
export async function verifySecondFactor(
  db: Queryable,
  key: Buffer,
  owner: FactorOwner,
  input: string,
  now = Date.now(),
): Promise<'totp' | 'recovery_code' | false> {
  const factor = await factorRow(db, owner);
  if (!factor?.confirmed_at) return false;
  const code = input.replace(/\s/g, '');
  if (/^\d{6}$/.test(code)) return (await acceptTotp(db, key, factor, code, now)) ? 'totp' : false;
  const normalized = normalizeRecoveryCode(code);
  if (normalized.length !== 10) return false;
  const { rows } = await db.query(
    'UPDATE two_factor_recovery_codes SET used_at = now() WHERE factor_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING factor_id',
    [factor.id, hashToken(normalized)],
  );
  return rows.length > 0 ? 'recovery_code' : false;
}

export async function factorId(db: Queryable, owner: FactorOwner): Promise<string | undefined> {
  const factor = await factorRow(db, owner);
  return factor?.confirmed_at ? factor.id : undefined;
}

/** Turns two-factor off: the secret, its recovery codes and every remembered browser go. */
export async function removeTwoFactor(db: Queryable, owner: FactorOwner): Promise<void> {
  await db.query(`DELETE FROM two_factor_factors WHERE ${column(owner)} = $1`, [owner.id]);
  await forgetDevices(db, owner);
}

/** A known secret, confirmed, for seeded accounts (the demo admin) and tests. */
export async function setConfirmedSecret(db: Queryable, key: Buffer, owner: FactorOwner, secret: string): Promise<void> {
  await db.query(
    `INSERT INTO two_factor_factors (${column(owner)}, secret_encrypted, confirmed_at) VALUES ($1, $2, now())
     ON CONFLICT (${column(owner)}) WHERE ${column(owner)} IS NOT NULL
     DO UPDATE SET secret_encrypted = EXCLUDED.secret_encrypted, confirmed_at = now(), last_step = NULL`,
    [owner.id, encryptSecret(key, secret)],
  );
}

export interface Challenge {
  owner: FactorOwner;
  purpose: 'code' | 'enrol';
}

/** The step between a right password and a session: a token valid for a few minutes. */
export async function createChallenge(db: Queryable, owner: FactorOwner, purpose: 'code' | 'enrol'): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const { rows } = await db.query<{ expires_at: Date | string }>(
    `INSERT INTO two_factor_challenges (token_hash, ${column(owner)}, purpose, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(mins => $4::int)) RETURNING expires_at`,
    [hashToken(token), owner.id, purpose, CHALLENGE_MINUTES],
  );
  return { token, expiresAt: new Date(rows[0]!.expires_at) };
}

/** A live challenge of this kind of owner, or undefined. */
export async function findChallenge(db: Queryable, kind: FactorOwner['kind'], token: string): Promise<Challenge | undefined> {
  const { rows } = await db.query<{ owner_id: string; purpose: 'code' | 'enrol' }>(
    `SELECT ${kind === 'user' ? 'user_id' : 'admin_id'} AS owner_id, purpose FROM two_factor_challenges
      WHERE token_hash = $1 AND expires_at > now() AND failures < $2`,
    [hashToken(token), CHALLENGE_FAILURES],
  );
  const row = rows[0];
  return row?.owner_id ? { owner: { kind, id: row.owner_id }, purpose: row.purpose } : undefined;
}

/** A wrong code: after five, the challenge is dead and the password must be given again. */
export async function failChallenge(db: Queryable, token: string): Promise<void> {
  await db.query('UPDATE two_factor_challenges SET failures = failures + 1 WHERE token_hash = $1', [hashToken(token)]);
}

export async function endChallenge(db: Queryable, token: string): Promise<void> {
  await db.query('DELETE FROM two_factor_challenges WHERE token_hash = $1', [hashToken(token)]);
}

/** "Remember this device": a random token (its digest kept) that skips the second factor for 30 days. */
export async function rememberDevice(db: Queryable, owner: FactorOwner): Promise<string> {
  const token = newToken();
  await db.query(
    `INSERT INTO two_factor_remembered_devices (token_hash, ${column(owner)}, expires_at) VALUES ($1, $2, now() + make_interval(days => $3::int))`,
    [hashToken(token), owner.id, REMEMBER_DAYS],
  );
  return token;
}

export async function isRememberedDevice(db: Queryable, owner: FactorOwner, token: string | undefined): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const { rows } = await db.query(
    `SELECT 1 FROM two_factor_remembered_devices WHERE token_hash = $1 AND ${column(owner)} = $2 AND expires_at > now()`,
    [hashToken(token), owner.id],
  );
  return rows.length > 0;
}

export async function forgetDevices(db: Queryable, owner: FactorOwner): Promise<void> {
  await db.query(`DELETE FROM two_factor_remembered_devices WHERE ${column(owner)} = $1`, [owner.id]);
}
