import type { FastifyPluginAsync } from 'fastify';
import { notificationText } from '../../marketplace/notification-mail';

interface NotificationRow {
  id: string;
  kind: string;
  data: Record<string, string | number>;
  link: string;
  read_at: Date | string | null;
  created_at: Date | string;
}

/** The bell: the signed-in user's notifications, rendered in their current language, and the unread count. */
export const notificationRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', app.requireUser);

  app.get<{ Querystring: { before?: string } }>('/notifications', async (request) => {
    const before = Number(request.query.before);
    const { rows } = await app.db.query<NotificationRow>(
      `SELECT * FROM notifications WHERE user_id = $1 AND ($2::bigint IS NULL OR id < $2) ORDER BY id DESC LIMIT 30`,
      [request.user!.id, Number.isInteger(before) && before > 0 ? before : null],
    );
    return {
      data: rows.map((row) => ({
        id: Number(row.id),
        kind: row.kind,
        text: notificationText(request.t, row.kind, row.data),
        link: row.link,
        read: row.read_at !== null,
        created_at: new Date(row.created_at).toISOString(),
      })),
    };
  });

  app.get('/notifications/unread-count', async (request) => {
    const { rows } = await app.db.query<{ n: string | number }>(
      'SELECT count(*) AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL',
      [request.user!.id],
    );
    return { count: Number(rows[0]?.n ?? 0) };
  });

  app.post<{ Params: { id: string } }>('/notifications/:id/read', async (request, reply) => {
    const id = Number(request.params.id);
    if (Number.isInteger(id) && id > 0) {
      await app.db.query('UPDATE notifications SET read_at = coalesce(read_at, now()) WHERE id = $1 AND user_id = $2', [id, request.user!.id]);
    }
    return reply.status(204).send();
  });

  app.post('/notifications/read-all', async (request, reply) => {
    await app.db.query('UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL', [request.user!.id]);
    return reply.status(204).send();
  });
};
