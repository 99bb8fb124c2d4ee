import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { API_MESSAGES as M } from 'shared/messages';
import { HttpError } from '../plugins/error-handler';
import { SESSION_INVALIDATED, SessionCache } from './session-cache';
import { findSessionUser, resolveSession, type SessionScope } from './sessions';
import { bearerToken, hashToken } from './tokens';
import type { UserRow } from './users';

export interface AdminRow {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser`. */
    user: UserRow | null;
    /** Set by `requireAdmin`. */
    admin: AdminRow | null;
    /** The Bearer token of an authenticated request (to end that session). */
    sessionToken: string | null;
  }
  interface FastifyInstance {
    /** What the database announces about sessions, for whoever holds one open longer than a request. */
    sessionChanges: SessionChanges;
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/**
 * `handler` hears a user's id when that user's sessions may have ended or
 * changed, and null when announcements may have been missed (anyone's may
 * have). Returns the function that stops it.
 */
export interface SessionChanges {
  subscribe(handler: (userId: string | null) => void): () => void;
}

/** How long an instance trusts a client session it looked up, and how many it remembers. */
export const SESSION_CACHE = { ttlMs: 5000, max: 10_000 };

/**
 * Bearer-token guards. Client and admin sessions live in separate tables, so
 * a token of one scope is simply unknown to the other.
 *
 * Client sessions are remembered for a few seconds per instance. The database
 * announces every sign-out, suspension or change of a user (LISTEN/NOTIFY), and
 * each instance forgets that user's sessions as soon as it hears it. A change
 * this instance writes resolves only once its announcements have arrived (see
 * the database): its next request sees it, whichever code made it.
 */
export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('admin', null);
    app.decorateRequest('sessionToken', null);

    const cache = new SessionCache(SESSION_CACHE);
    const handlers = new Set<(userId: string | null) => void>();
    const announce = (userId: string | null) => {
      for (const handler of handlers) handler(userId);
    };
    app.decorate('sessionChanges', {
      subscribe(handler) {
        handlers.add(handler);
        return () => handlers.delete(handler);
      },
    } satisfies SessionChanges);
    const listener = await app.db.listen(SESSION_INVALIDATED, {
      onPayload: (userId) => {
        cache.forgetUser(userId);
        announce(userId);
      },
      onGap: () => {
        cache.clear();
        announce(null);
      },
    });
    app.addHook('onClose', async () => listener.close());

    const signedInUser = async (token: string): Promise<UserRow | undefined> => {
      const tokenHash = hashToken(token);
      // While the announcements cannot be heard, every request asks the database.
      if (listener.live) {
        const cached = cache.get(tokenHash);
        if (cached) return cached.user;
      }
      const mark = cache.mark();
      const found = await findSessionUser(app.db, tokenHash);
      if (!found) return undefined;
      if (listener.live) cache.remember(tokenHash, { user: found.user, expiresAt: found.expiresAt.getTime() }, mark);
      return found.user;
    };

    const ownerOf = async (request: FastifyRequest, scope: SessionScope) => {
      const token = bearerToken(request.headers.authorization);
      const ownerId = token ? await resolveSession(app.db, scope, token) : undefined;
      if (!token || !ownerId) throw new HttpError(401, request.t(M.signInRequired));
      request.sessionToken = token;
      return ownerId;
    };

    app.decorate('requireUser', async (request: FastifyRequest) => {
      const token = bearerToken(request.headers.authorization);
      const user = token ? await signedInUser(token) : undefined;
      if (!token || !user || user.status !== 'active') throw new HttpError(401, request.t(M.signInRequired));
      request.sessionToken = token;
      // Each request gets its own copy: a handler may change it without touching the cache.
      request.user = { ...user };
    });

    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const id = await ownerOf(request, 'admin');
      const { rows } = await app.db.query<AdminRow>('SELECT * FROM admins WHERE id = $1', [id]);
      if (!rows[0]) throw new HttpError(401, request.t(M.signInRequired));
      request.admin = rows[0];
    });
  },
  { name: 'auth', dependencies: ['db', 'i18n'] },
);
