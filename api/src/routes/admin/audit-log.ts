import type { FastifyPluginAsync } from 'fastify';
import { parseWith } from '../../accounts/validate';
import { AuditQuerySchema } from './admin-schemas';
import { AUDIT_ACTIONS, publicAudit, type AuditRow } from './audit';

/** The audit log, filtered and paged. */
export const adminAuditRoutes: FastifyPluginAsync = async (app) => {
  app.get('/admin/audit', async (request) => {
    const query = parseWith(AuditQuerySchema, request.query, request);
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
  });
};
