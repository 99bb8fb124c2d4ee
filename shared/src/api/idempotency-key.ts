/**
 * One key per payment intent: the server answers a repeated key with the first
 * answer, so a retry after a lost connection cannot charge twice.
 * `crypto.randomUUID` exists only on secure origins, hence the fallback.
 */
export function newIdempotencyKey(): string {
  const source = globalThis.crypto;
  if (typeof source?.randomUUID === 'function') return source.randomUUID();
  const bytes = new Uint8Array(16);
  source.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
