import type { FastifyPluginAsync } from 'fastify';
import { AdminListSchema, errorResponses } from 'shared/contract';
import { SIGNED_IN } from '../../accounts/signed-in';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { ADMIN_NAME_SQL } from './verification-file';

/** The admins, for the audit log's filter. */
export const adminAdminRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ValibotTypeProvider>().get(
    '/admin/admins',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every admin, for the audit log filter',
        security: SIGNED_IN,
        response: { 200: AdminListSchema, ...errorResponses(401) },
      },
    },
    async () => {
      const { rows } = await app.db.query<{ id: string; name: string; email: string }>(
        `SELECT id, COALESCE(${ADMIN_NAME_SQL('admins')}, email) AS name, email FROM admins ORDER BY lower(last_name), lower(first_name), id`,
      );
      return { data: rows };
    },
  );
};
