import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/**
 * pawaPay's signed callbacks (RFC 9421 HTTP message signatures, as its
 * documentation describes them): a `Content-Digest` of the body, a
 * `Signature-Input` naming the covered components and the key, and a
 * `Signature` over the signature base, ECDSA P-256 with SHA-256. The adapter
 * verifies with the public key pawaPay publishes for the merchant
 * (`PAWAPAY_CALLBACK_PUBLIC_KEY`); the local double signs with its own pair.
 */

export const PAWAPAY_COMPONENTS = ['@method', '@authority', '@path', 'signature-date', 'content-digest', 'content-type'] as const;
const LABEL = 'sig-pp';
/** How long past `created` a signature is still taken, when it names no `expires`: clocks drift, callbacks are retried. */
const MAX_AGE_SECONDS = 10 * 60;
/** The clocks' drift allowed either way. */
const SKEW_MS = 60_000;

export interface SignedRequest {
  method: string;
  authority: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const header = (headers: SignedRequest['headers'], name: string) => {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
};

function componentValue(request: SignedRequest, component: string): string | undefined {
  if (component === '@method') return request.method.toUpperCase();
  if (component === '@authority') return request.authority.toLowerCase();
  if (component === '@path') return request.path;
  if (component.startsWith('@')) return undefined;
  return header(request.headers, component)?.trim();
}

/** The signature base of RFC 9421 §2.5: each covered component on its line, then the parameters. */
function signatureBase(request: SignedRequest, components: readonly string[], params: string): string | undefined {
  const lines: string[] = [];
  for (const component of components) {
    const value = componentValue(request, component);
    if (value === undefined) return undefined;
    lines.push(`"${component}": ${value}`);
  }
  lines.push(`"@signature-params": ${params}`);
  return lines.join('\n');
}

export const contentDigest = (body: string) => `sha-512=:${createHash('sha512').update(body).digest('base64')}:`;

/** Signs a callback as pawaPay does: the headers to send with it. */
export function signCallback(
  request: Omit<SignedRequest, 'headers'> & { headers?: Record<string, string> },
  privateKey: KeyObject | string,
  keyId: string,
  at = new Date(),
): Record<string, string> {
  const created = Math.floor(at.getTime() / 1000);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...request.headers,
    'content-digest': contentDigest(request.body),
    'signature-date': at.toISOString(),
  };
  const params = `(${PAWAPAY_COMPONENTS.map((c) => `"${c}"`).join(' ')});alg="ecdsa-p256-sha256";keyid="${keyId}";created=${created};expires=${created + 60}`;
  const base = signatureBase({ ...request, headers }, PAWAPAY_COMPONENTS, params)!;
  const signature = sign('sha256', Buffer.from(base), {
    key: typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey,
    dsaEncoding: 'ieee-p1363',
  }).toString('base64');
  return { ...headers, 'signature-input': `${LABEL}=${params}`, signature: `${LABEL}=:${signature}:` };
}

/** Whether a callback carries a valid signature by `publicKey` over its body and its covered components. */
export function verifyCallbackSignature(request: SignedRequest, publicKey: KeyObject | string, now = Date.now()): boolean {
  const input = header(request.headers, 'signature-input');
  const signatureHeader = header(request.headers, 'signature');
  const digest = header(request.headers, 'content-digest');
  if (!input || !signatureHeader || !digest) return false;
  const inputMatch = /^([\w-]+)=(\(([^)]*)\)(.*))$/.exec(input.trim());
  if (!inputMatch) return false;
  const [, label, params, list, rest] = inputMatch;
  const signatureMatch = new RegExp(`(?:^|,\\s*)${label}=:([A-Za-z0-9+/=]+):`).exec(signatureHeader);
  if (!signatureMatch) return false;
  const components = [...list!.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
  // The body, the method, the address and the time must all be covered, or a replay or a swap would pass.
  for (const needed of ['@method', '@path', 'content-digest']) if (!components.includes(needed)) return false;
  const param = (name: string) => new RegExp(`;${name}=("?)([^;"]*)\\1`).exec(rest!)?.[2];
  if (param('alg') !== undefined && param('alg') !== 'ecdsa-p256-sha256') return false;
  const created = Number(param('created'));
  const expires = param('expires') === undefined ? created + MAX_AGE_SECONDS : Number(param('expires'));
  if (!Number.isFinite(created) || !Number.isFinite(expires) || created * 1000 > now + SKEW_MS || expires * 1000 < now - SKEW_MS) return false;
  // The digest is checked against the body itself, in whichever of the two algorithms it was made.
  const digestMatch = /^(sha-512|sha-256)=:([A-Za-z0-9+/=]+):$/.exec(digest.trim());
  if (!digestMatch) return false;
  const actual = createHash(digestMatch[1] === 'sha-512' ? 'sha512' : 'sha256')
    .update(request.body)
    .digest('base64');
  if (actual !== digestMatch[2]) return false;
  const base = signatureBase(request, components, params!);
  if (!base) return false;
  try {
    const key = typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey;
    return verify('sha256', Buffer.from(base), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signatureMatch[1]!, 'base64'));
  } catch {
    return false;
  }
}
