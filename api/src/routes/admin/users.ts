import type { FastifyPluginAsync } from 'fastify';
import { parseWith } from '../../accounts/validate';
import { SummaryQuerySchema, UserListQuerySchema } from './admin-schemas';
import { userDetail, userNotFound } from './user-access';
import { findAdminUser, listUsers, summarizeUsers } from './user-queries';

/** The user list, its counters and one user's page. */
export const adminUserRoutes: FastifyPluginAsync = async (app) => {
  app.get('/admin/users', async (request) => listUsers(app.db, parseWith(UserListQuerySchema, request.query, request)));

  app.get('/admin/users/summary', async (request) => {
    const { role } = parseWith(SummaryQuerySchema, request.query, request);
    return summarizeUsers(app.db, role);
  });

  app.get('/admin/users/:id', async (request) => {
    const user = await findAdminUser(app.db, (request.params as { id: string }).id);
    if (!user) throw userNotFound(request);
    return userDetail(app.db, user);
  });
};
