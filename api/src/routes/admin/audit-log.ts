import type { FastifyPluginAsync } from 'fastify';
import { AuditPageSchema, AuditQuerySchema, errorResponses } from 'shared/contract';
import { SIGNED_IN } from '../../accounts/signed-in';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { AUDIT_ACTIONS, publicAudit, type AuditRow } from './audit';

/** The audit log, filtered and paged. */
export const adminAuditRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ValibotTypeProvider>().get(
    '/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first, filtered by admin, action, target and days',
        security: SIGNED_IN,
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const query = request.query;
      const where: string[] = [];
      const params: unknown[] = [];
      const param = (value: unknown) => {
        params.push(value);
        return `$${params.length}`;
      };
      if (query.admin) where.push(`admin_id::text = ${param(query.admin)}`);
      if (query.action) where.push(`action = ${param(query.action)}`);
      if (query.target) {
        const like = param(`%${query.target.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
        where.push(`(target_id = ${param(query.target)} OR target_label ILIKE ${like})`);
      }
      if (query.from) where.push(`created_at >= ${param(query.from)}::date`);
      // Inclusive: entries of the whole "to" day.
      if (query.to) where.push(`created_at < ${param(query.to)}::date + 1`);
      const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const { rows: counted } = await app.db.query<{ total: string | number }>(`SELECT count(*) AS total FROM admin_audit ${filter}`, params);
      const { rows } = await app.db.query<AuditRow>(
        `SELECT * FROM admin_audit ${filter} ORDER BY created_at DESC, id DESC
       LIMIT ${param(query.page_size)} OFFSET ${param((query.page - 1) * query.page_size)}`,
        params,
      );
      return {
        data: rows.map(publicAudit),
        meta: { page: query.page, page_size: query.page_size, total: Number(counted[0]?.total ?? 0), actions: AUDIT_ACTIONS },
      };
    },
  );
};
