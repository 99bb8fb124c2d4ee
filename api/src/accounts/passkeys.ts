import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AppConfig } from '../config';
import type { Queryable } from '../db/database';
import { hashToken } from './tokens';
import { hasTwoFactor } from './two-factor';

/** A challenge is answered within minutes or not at all (the browser's own prompt times out sooner). */
export const PASSKEY_CHALLENGE_MINUTES = 5;
/** Enough for a phone, a laptop and a couple of security keys; a bound on what one account can store. */
export const PASSKEYS_PER_ACCOUNT = 10;
const RP_NAME = 'Fundament';
/** ES256 (every platform authenticator) and RS256 (Windows Hello); EdDSA keys are rare and need more code to check. */
const ALGORITHMS = [-7, -257];

export type PasskeyPurpose = 'register' | 'sign_in' | 'second_factor';

/**
 * The relying party as the browser sees it: its id is the host of PUBLIC_URL
 * and the only origin accepted is PUBLIC_URL's. Browsers refuse an IP address
 * as an id, so a loopback address (a local run) is served as `localhost`, which
 * browsers also treat as a secure origin.
 */
export function relyingParty(config: Pick<AppConfig, 'publicUrl'>): { id: string; origin: string } {
  const url = new URL(config.publicUrl);
  if (url.hostname === '127.0.0.1' || url.hostname === '[::1]') url.hostname = 'localhost';
  return { id: url.hostname, origin: url.origin };
}

export interface PasskeyRow {
  id: string;
  user_id: string;
  name: string;
  public_key: Uint8Array;
  counter: string | number;
  transports: string[];
  device_type: 'singleDevice' | 'multiDevice';
  backed_up: boolean;
  created_at: Date | string;
  last_used_at: Date | string | null;
}

export async function listPasskeys(db: Queryable, userId: string): Promise<PasskeyRow[]> {
  const { rows } = await db.query<PasskeyRow>('SELECT * FROM passkey_credentials WHERE user_id = $1 ORDER BY created_at, id', [userId]);
  return rows;
}

export async function hasPasskey(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM passkey_credentials WHERE user_id = $1 LIMIT 1', [userId]);
  return rows.length > 0;
}

/**
 * The second factors a client account can finish a password sign-in with:
 * its authenticator app (`code`, with its recovery codes) and its passkeys.
 * Either one satisfies every rule that asks for a second factor.
 */
export async function secondFactorMethods(db: Queryable, userId: string): Promise<Array<'code' | 'passkey'>> {
  const methods: Array<'code' | 'passkey'> = [];
  if (await hasTwoFactor(db, { kind: 'user', id: userId })) methods.push('code');
  if (await hasPasskey(db, userId)) methods.push('passkey');
  return methods;
}

export async function hasSecondFactor(db: Queryable, userId: string): Promise<boolean> {
  return (await secondFactorMethods(db, userId)).length > 0;
}

async function storeChallenge(
  db: Queryable,
  challenge: string,
  purpose: PasskeyPurpose,
  userId: string | null,
  twoFactorToken: string | null = null,
): Promise<void> {
  await db.query(
    `INSERT INTO passkey_challenges (challenge, purpose, user_id, two_factor_token_hash, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5::int))`,
    [challenge, purpose, userId, twoFactorToken ? hashToken(twoFactorToken) : null, PASSKEY_CHALLENGE_MINUTES],
  );
}

/**
 * Takes the challenge a response answers (read from its clientDataJSON),
 * once: the row is deleted as it is read, so a replayed or raced response
 * finds nothing. Undefined when it is unknown, spent, too old or of another
 * purpose, account or sign-in.
 */
export async function takeChallenge(
  db: Queryable,
  clientDataJSON: string,
  purpose: PasskeyPurpose,
  expected: { userId?: string; twoFactorToken?: string } = {},
): Promise<{ challenge: string; userId: string | null } | undefined> {
  const challenge = challengeOf(clientDataJSON);
  if (!challenge) return undefined;
  const { rows } = await db.query<{ user_id: string | null; two_factor_token_hash: string | null }>(
    'DELETE FROM passkey_challenges WHERE challenge = $1 AND purpose = $2 AND expires_at > now() RETURNING user_id, two_factor_token_hash',
    [challenge, purpose],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (expected.userId !== undefined && row.user_id !== expected.userId) return undefined;
  if (expected.twoFactorToken !== undefined && row.two_factor_token_hash !== hashToken(expected.twoFactorToken)) return undefined;
  return { challenge, userId: row.user_id };
}

function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length <= 200 ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}

/** The account's id as the authenticator keeps it (the "user handle"): the UUID's 16 bytes, nothing personal. */
const userHandle = (userId: string) => new Uint8Array(Buffer.from(userId.replace(/-/g, ''), 'hex'));

/** What `navigator.credentials.create` needs to make a passkey for this account; the challenge is kept. */
export async function registrationOptions(
  db: Queryable,
  config: Pick<AppConfig, 'publicUrl'>,
  user: { id: string; email: string; first_name: string; last_name: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await listPasskeys(db, user.id);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(config).id,
    userName: user.email,
    userDisplayName: `${user.first_name} ${user.last_name}`.trim(),
    userID: userHandle(user.id),
    attestationType: 'none',
    timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
    // The same authenticator twice would be one device listed as two.
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: row.transports as AuthenticatorTransportFuture[] })),
    // A discoverable passkey signs in without an address; one that is not still works after the password.
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await storeChallenge(db, options.challenge, 'register', user.id);
  return options;
}

export type RegistrationOutcome = { ok: true; passkey: PasskeyRow } | { ok: false; reason: 'challenge' | 'invalid' | 'duplicate' | 'limit' };

/** Checks the authenticator's answer against the kept challenge and stores the new passkey under `name`. */
export async function registerPasskey(
  db: Queryable,
  config: Pick<AppConfig, 'publicUrl'>,
  userId: string,
  name: string,
  response: RegistrationResponseJSON,
): Promise<RegistrationOutcome> {
  const taken = await takeChallenge(db, response.response.clientDataJSON, 'register', { userId });
  if (!taken) return { ok: false, reason: 'challenge' };
  const rp = relyingParty(config);
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: taken.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (!verified.verified || !verified.registrationInfo) return { ok: false, reason: 'invalid' };
  const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
  // The count and the insert in one statement: two registrations at once cannot pass the limit.
  const { rows } = await db.query<PasskeyRow>(
    `INSERT INTO passkey_credentials (id, user_id, name, public_key, counter, transports, device_type, backed_up)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8
      WHERE (SELECT count(*) FROM passkey_credentials WHERE user_id = $2) < $9
     ON CONFLICT (id) DO NOTHING
     RETURNING *`,
    [
      credential.id,
      userId,
      name,
      Buffer.from(credential.publicKey),
      credential.counter,
      credential.transports ?? [],
      credentialDeviceType,
      credentialBackedUp,
      PASSKEYS_PER_ACCOUNT,
    ],
  );
  if (rows[0]) return { ok: true, passkey: rows[0] };
  const { rows: clash } = await db.query('SELECT 1 FROM passkey_credentials WHERE id = $1', [credential.id]);
  return { ok: false, reason: clash.length > 0 ? 'duplicate' : 'limit' };
}

/**
 * What `navigator.credentials.get` needs. Without an account (a usernameless
 * sign-in) the browser offers whichever passkey it holds for this site; with
 * one (the step after a password) only that account's passkeys.
 */
export async function authenticationOptions(
  db: Queryable,
  config: Pick<AppConfig, 'publicUrl'>,
  forUser?: { userId: string; twoFactorToken: string },
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allowed = forUser ? await listPasskeys(db, forUser.userId) : [];
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(config).id,
    timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
    allowCredentials: allowed.map((row) => ({ id: row.id, transports: row.transports as AuthenticatorTransportFuture[] })),
    // Alone, a passkey must prove who holds it (PIN, fingerprint): then it is two factors in one.
    userVerification: forUser ? 'preferred' : 'required',
  });
  if (forUser) await storeChallenge(db, options.challenge, 'second_factor', forUser.userId, forUser.twoFactorToken);
  else await storeChallenge(db, options.challenge, 'sign_in', null);
  return options;
}

/**
 * Checks a passkey's signature against its kept challenge; answers the
 * account it belongs to, or undefined. The signature counter moves forward
 * in the same statement that checks it, so a cloned authenticator replaying
 * an old count is refused.
 */
export async function verifyPasskey(
  db: Queryable,
  config: Pick<AppConfig, 'publicUrl'>,
  response: AuthenticationResponseJSON,
  purpose: 'sign_in' | 'second_factor',
  expected: { userId?: string; twoFactorToken?: string } = {},
): Promise<{ userId: string; passkeyId: string } | undefined> {
  const taken = await takeChallenge(db, response.response.clientDataJSON, purpose, expected);
  if (!taken) return undefined;
  const { rows } = await db.query<PasskeyRow>('SELECT * FROM passkey_credentials WHERE id = $1', [response.id]);
  const passkey = rows[0];
  if (!passkey || (taken.userId && passkey.user_id !== taken.userId)) return undefined;
  // A discoverable passkey names its account too: it must be the one it was registered for.
  if (response.response.userHandle && response.response.userHandle !== Buffer.from(userHandle(passkey.user_id)).toString('base64url')) {
    return undefined;
  }
  const rp = relyingParty(config);
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: taken.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: purpose === 'sign_in',
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(passkey.public_key),
        counter: Number(passkey.counter),
        transports: passkey.transports as AuthenticatorTransportFuture[],
      },
    });
  } catch {
    return undefined;
  }
  if (!verified.verified) return undefined;
  const next = verified.authenticationInfo.newCounter;
  const { rows: moved } = await db.query(
    `UPDATE passkey_credentials SET counter = $2, backed_up = $3, last_used_at = now()
      WHERE id = $1 AND ((counter = 0 AND $2::bigint = 0) OR counter < $2::bigint) RETURNING id`,
    [passkey.id, next, verified.authenticationInfo.credentialBackedUp],
  );
  if (moved.length === 0) return undefined;
  return { userId: passkey.user_id, passkeyId: passkey.id };
}

export async function removePasskey(db: Queryable, userId: string, id: string): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM passkey_credentials WHERE user_id = $1 AND id = $2 RETURNING id', [userId, id]);
  return rows.length > 0;
}
