import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/*
 * A software authenticator for the API tests: what a phone or a security key
 * does when the browser calls navigator.credentials.create / .get, written
 * with node:crypto. ES256 keys (P-256), attestation 'none', and the JSON the
 * browser library sends (binary values in base64url).
 */

const b64url = (bytes: Uint8Array | Buffer | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

/** The few CBOR items (RFC 8949) an attestation object and a COSE key need. */
type Cbor = number | string | Buffer | Map<number | string, Cbor>;

function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(value, 1);
  return out;
}

export function cbor(item: Cbor): Buffer {
  if (typeof item === 'number') return item >= 0 ? head(0, item) : head(1, -1 - item);
  if (typeof item === 'string') {
    const text = Buffer.from(item, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (Buffer.isBuffer(item)) return Buffer.concat([head(2, item.length), item]);
  const parts = [head(5, item.size)];
  for (const [key, value] of item) parts.push(cbor(key), cbor(value));
  return Buffer.concat(parts);
}

/** The flags byte of authenticator data (WebAuthn §6.1). */
const FLAG = { userPresent: 0x01, userVerified: 0x04, backupEligible: 0x08, backedUp: 0x10, attested: 0x40 };

export interface SoftPasskey {
  id: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  rpId: string;
  counter: number;
}

export interface CeremonyOptions {
  origin: string;
  /** Whether the person proved themselves to the authenticator (PIN, fingerprint). */
  userVerified?: boolean;
  /** A synced passkey (iCloud Keychain, Google Password Manager): backup eligible and backed up. */
  synced?: boolean;
  /** The counter to report; by default one more than the last. */
  counter?: number;
  type?: string;
}

function clientData(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function flags({ userVerified = true, synced = false }: CeremonyOptions, attested: boolean): number {
  let value = FLAG.userPresent;
  if (userVerified) value |= FLAG.userVerified;
  if (synced) value |= FLAG.backupEligible | FLAG.backedUp;
  if (attested) value |= FLAG.attested;
  return value;
}

/** `navigator.credentials.create` against the server's options: a new key pair, answered as RegistrationResponseJSON. */
export function createPasskey(
  options: { challenge: string; rp: { id?: string }; user: { id: string } },
  ceremony: CeremonyOptions,
): { passkey: SoftPasskey; response: Record<string, unknown> } {
  const rpId = options.rp.id ?? new URL(ceremony.origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  // COSE_Key of an EC2 key: kty 2, alg -7 (ES256), crv 1 (P-256), x, y.
  const coseKey = cbor(
    new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  const id = randomBytes(32);
  const counter = ceremony.counter ?? 0;
  const countBytes = Buffer.alloc(4);
  countBytes.writeUInt32BE(counter);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(id.length);
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([flags(ceremony, true)]),
    countBytes,
    Buffer.alloc(16), // AAGUID: none given with attestation 'none'
    idLength,
    id,
    coseKey,
  ]);
  const attestationObject = cbor(
    new Map<string, Cbor>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]),
  );
  const clientDataJSON = clientData(ceremony.type ?? 'webauthn.create', options.challenge, ceremony.origin);
  return {
    passkey: { id, privateKey, userHandle: options.user.id, rpId, counter },
    response: {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal', 'hybrid'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    },
  };
}

/** `navigator.credentials.get`: signs the challenge with the passkey's key, answered as AuthenticationResponseJSON. */
export function signIn(passkey: SoftPasskey, options: { challenge: string; rpId?: string }, ceremony: CeremonyOptions): Record<string, unknown> {
  const counter = ceremony.counter ?? passkey.counter + 1;
  passkey.counter = Math.max(passkey.counter, counter);
  const countBytes = Buffer.alloc(4);
  countBytes.writeUInt32BE(counter);
  const authData = Buffer.concat([sha256(options.rpId ?? passkey.rpId), Buffer.from([flags(ceremony, false)]), countBytes]);
  const clientDataJSON = clientData(ceremony.type ?? 'webauthn.get', options.challenge, ceremony.origin);
  // ES256: ECDSA with SHA-256 over authenticatorData ‖ SHA-256(clientDataJSON), DER-encoded.
  const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), passkey.privateKey);
  return {
    id: b64url(passkey.id),
    rawId: b64url(passkey.id),
    type: 'public-key',
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: passkey.userHandle,
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
}
