import type { FastifyPluginAsync } from 'fastify';
import { ADMIN_NAME_SQL } from './verification-file';

/** The admins, for the audit log's filter. */
export const adminAdminRoutes: FastifyPluginAsync = async (app) => {
  app.get('/admin/admins', async () => {
    const { rows } = await app.db.query<{ id: string; name: string; email: string }>(
      `SELECT id, COALESCE(${ADMIN_NAME_SQL('admins')}, email) AS name, email FROM admins ORDER BY lower(last_name), lower(first_name), id`,
    );
    return { data: rows };
  });
};
