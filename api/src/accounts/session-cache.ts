import { LRUCache } from 'lru-cache';
import type { UserRow } from './users';

/**
 * The channel the database announces, with the user's id, every change that
 * may end or alter what a session gives access to: a session deleted (sign-out,
 * sign-out everywhere, password change, suspension) and any change to the
 * user's row (status, role, verification, profile). Triggers send it (see the
 * migrations), so no write can forget to.
 */
export const SESSION_INVALIDATED = 'session_invalidated';

export interface CachedSession {
  user: UserRow;
  /** When the session itself expires (ms since the epoch). */
  expiresAt: number;
}

export interface SessionCacheOptions {
  /** Sessions remembered at most; the least recently used go first. */
  max: number;
  /** How long one lookup is trusted, in ms. */
  ttlMs: number;
}

/**
 * Signed-in users by the hash of their session token, for a few seconds, so a
 * signed-in request does not cost a database round trip. Entries are dropped
 * by user when the database announces a change, on every instance.
 */
export class SessionCache {
  private readonly sessions: LRUCache<string, CachedSession>;
  private readonly tokensOf = new Map<string, Set<string>>();
  /** Counts announcements: a lookup that raced one is not remembered. */
  private announcements = 0;

  constructor(options: SessionCacheOptions) {
    this.sessions = new LRUCache<string, CachedSession>({
      max: options.max,
      ttl: options.ttlMs,
      dispose: (session, tokenHash) => {
        const tokens = this.tokensOf.get(session.user.id);
        tokens?.delete(tokenHash);
        if (tokens?.size === 0) this.tokensOf.delete(session.user.id);
      },
    });
  }

  /** The remembered session of this token, unless it expired since. */
  get(tokenHash: string): CachedSession | undefined {
    const session = this.sessions.get(tokenHash);
    if (session && session.expiresAt <= Date.now()) {
      this.sessions.delete(tokenHash);
      return undefined;
    }
    return session;
  }

  /** A mark to take before reading a session from the database, for `remember`. */
  mark(): number {
    return this.announcements;
  }

  /**
   * Remembers what was read, unless a change was announced since `mark`: the
   * read may predate it.
   */
  remember(tokenHash: string, session: CachedSession, mark: number): void {
    if (mark !== this.announcements) return;
    this.sessions.set(tokenHash, session);
    const tokens = this.tokensOf.get(session.user.id) ?? new Set<string>();
    tokens.add(tokenHash);
    this.tokensOf.set(session.user.id, tokens);
  }

  /** Forgets every session of this user. */
  forgetUser(userId: string): void {
    this.announcements += 1;
    for (const tokenHash of [...(this.tokensOf.get(userId) ?? [])]) this.sessions.delete(tokenHash);
  }

  /** Forgets everything (announcements may have been missed). */
  clear(): void {
    this.announcements += 1;
    this.sessions.clear();
  }

  get size(): number {
    return this.sessions.size;
  }
}
