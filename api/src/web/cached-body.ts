import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON answer serialised, tagged and compressed once, for answers served many times over. */
export interface CachedBody {
  body: string;
  etag: string;
  brotli: Buffer;
  gzip: Buffer;
}

export function cachedBody(value: unknown): CachedBody {
  const body = JSON.stringify(value);
  return {
    body,
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    brotli: brotliCompressSync(body),
    gzip: gzipSync(body, { level: 9 }),
  };
}

/** Sends a cached body: 304 for a matching ETag, else the best encoding the client accepts. */
export function sendCachedBody(request: FastifyRequest, reply: FastifyReply, entry: CachedBody, cacheControl: string, vary: string) {
  reply.header('Cache-Control', cacheControl).header('Vary', `${vary}, Accept-Encoding`).header('ETag', entry.etag);
  if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(entry.brotli);
  if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(entry.gzip);
  return reply.send(entry.body);
}

/**
 * Answers kept for a short while, for data that changes only with a
 * deployment or a seed: at most `max` entries, each for `ttlMs`.
 */
export class ExpiringCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
  ) {}

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = await load();
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, expires: now + this.ttlMs });
    return value;
  }
}
