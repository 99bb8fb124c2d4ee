import type { FastifyPluginAsync } from 'fastify';
import {
  AdminUserPageSchema,
  IdParamsSchema,
  SummaryQuerySchema,
  UserDetailSchema,
  UserListQuerySchema,
  UserSummarySchema,
  errorResponses,
} from 'shared/contract';
import { SIGNED_IN } from '../../accounts/signed-in';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { userDetail, userNotFound } from './user-access';
import { findAdminUser, listUsers, summarizeUsers } from './user-queries';

const tags = ['admin'];

/** The user list, its counters and one user's page. */
export const adminUserRoutes: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ValibotTypeProvider>();

  api.get(
    '/admin/users',
    {
      schema: {
        tags,
        security: SIGNED_IN,
        summary: 'Users of one role, filtered, sorted and paged',
        querystring: UserListQuerySchema,
        response: { 200: AdminUserPageSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => listUsers(app.db, request.query),
  );

  api.get(
    '/admin/users/summary',
    {
      schema: {
        tags,
        security: SIGNED_IN,
        summary: 'Counters of one role: total, new this week, awaiting verification, suspended',
        querystring: SummaryQuerySchema,
        response: { 200: UserSummarySchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => summarizeUsers(app.db, request.query.role),
  );

  api.get(
    '/admin/users/:id',
    {
      schema: {
        tags,
        security: SIGNED_IN,
        summary: 'One user with their verification file and the latest audit entries about them',
        params: IdParamsSchema,
        response: { 200: UserDetailSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const user = await findAdminUser(app.db, request.params.id);
      if (!user) throw userNotFound(request);
      return userDetail(app.db, user);
    },
  );
};
