import type { FastifyPluginAsync } from 'fastify';
import {
  errorResponses,
  IdParamsSchema,
  NOTIFICATION_ID_PATTERN,
  NoContentSchema,
  NotificationsQuerySchema,
  NotificationsSchema,
  UnreadCountSchema,
} from 'shared/contract';
import { SECURITY_API_MESSAGES as S } from 'shared/messages';
import { SIGNED_IN } from '../../accounts/signed-in';
import { HttpError } from '../../plugins/error-handler';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { NOTIFICATION_SELECT, notificationView, type NotificationRow } from './notification-view';
import { notificationStreamRoutes } from './stream';

/** The bell: the signed-in user's notifications, rendered in their current language, and the unread count. */
export const notificationRoutes: FastifyPluginAsync = async (app) => {
  // Before validation: a stranger learns nothing about the parameters.
  app.addHook('preValidation', app.requireUser);
  const api = app.withTypeProvider<ValibotTypeProvider>();
  const tags = ['notifications'];

  api.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: "The latest thirty notifications, newest first, in the caller's language",
        security: SIGNED_IN,
        querystring: NotificationsQuerySchema,
        response: { 200: NotificationsSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const { before } = request.query;
      const { rows } = await app.db.query<NotificationRow>(
        `${NOTIFICATION_SELECT} WHERE n.user_id = $1 AND ($2::bigint IS NULL OR n.id < $2) ORDER BY n.id DESC LIMIT 30`,
        [request.user!.id, before ?? null],
      );
      return { data: rows.map((row) => notificationView(request.t, row)) };
    },
  );

  api.get(
    '/notifications/unread-count',
    {
      schema: {
        tags,
        summary: 'How many notifications are unread',
        security: SIGNED_IN,
        response: { 200: UnreadCountSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { rows } = await app.db.query<{ n: string | number }>('SELECT count(*) AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL', [
        request.user!.id,
      ]);
      return { count: Number(rows[0]?.n ?? 0) };
    },
  );

  api.post(
    '/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark one notification read',
        security: SIGNED_IN,
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      if (!NOTIFICATION_ID_PATTERN.test(request.params.id)) throw new HttpError(404, request.t(S.notificationNotFound));
      const id = Number(request.params.id);
      {
        await app.db.query('UPDATE notifications SET read_at = coalesce(read_at, now()) WHERE id = $1 AND user_id = $2', [id, request.user!.id]);
      }
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/notifications/read-all',
    {
      schema: { tags, summary: 'Mark every notification read', security: SIGNED_IN, response: { 204: NoContentSchema, ...errorResponses(401) } },
    },
    async (request, reply) => {
      await app.db.query('UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL', [request.user!.id]);
      return reply.status(204).send(null);
    },
  );

  await app.register(notificationStreamRoutes);
};
