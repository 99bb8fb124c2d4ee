import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { API_MESSAGES as M } from 'shared/messages';
import { HttpError } from '../plugins/error-handler';
import { resolveSession, type SessionScope } from './sessions';
import { bearerToken } from './tokens';
import { findUserById, type UserRow } from './users';

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
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/**
 * Bearer-token guards. Client and admin sessions live in separate tables, so
 * a token of one scope is simply unknown to the other.
 */
export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('admin', null);
    app.decorateRequest('sessionToken', null);

    const ownerOf = async (request: FastifyRequest, scope: SessionScope) => {
      const token = bearerToken(request.headers.authorization);
      const ownerId = token ? await resolveSession(app.db, scope, token) : undefined;
      if (!token || !ownerId) throw new HttpError(401, request.t(M.signInRequired));
      request.sessionToken = token;
      return ownerId;
    };

    app.decorate('requireUser', async (request: FastifyRequest) => {
      const user = await findUserById(app.db, await ownerOf(request, 'client'));
      if (!user || user.status !== 'active') throw new HttpError(401, request.t(M.signInRequired));
      request.user = user;
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
