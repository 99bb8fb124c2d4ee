import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  IdParamsSchema,
  InviteListQuerySchema,
  InviteListSchema,
  InviteSchema,
  InviteViewSchema,
  errorResponses,
  type InviteStatus,
} from 'shared/contract';
import { MARKETPLACE_API_MESSAGES as MM } from 'shared/messages';
import { PERMISSIONS } from 'shared/permissions';
import type { AppConfig } from '../../config';
import { SIGNED_IN } from '../../accounts/signed-in';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { findUserByEmail } from '../../accounts/users';
import { translatorFor } from '../../i18n/server-i18n';
import { HttpError } from '../../plugins/error-handler';
import { addNotifications, type NewNotification } from '../../marketplace/notifications';
import { notificationMailer } from '../../marketplace/notification-mail';
import { isBarred, receivesRequests } from '../../marketplace/project-access';
import { UUID, can, requirePermission, type Viewer } from '../projects/project-guards';
import { escapeHtml } from '../../mail/templates';
import { neutraliseLinks } from '../../mail/plain-text';
import { API_MESSAGES as M } from 'shared/messages';
import type { Queryable } from '../../db/database';

interface InviteRow {
  id: string;
  inviter_id: string;
  project_id: string | null;
  specialist_id: string | null;
  email: string | null;
  message: string;
  status: InviteStatus;
  created_at: Date | string;
  responded_at: Date | string | null;
  project_title: string | null;
  inviter_name: string;
  specialist_name: string | null;
}

const inviteView = (row: InviteRow) => ({
  id: row.id,
  status: row.status,
  message: row.message,
  created_at: new Date(row.created_at).toISOString(),
  responded_at: row.responded_at ? new Date(row.responded_at).toISOString() : null,
  project: row.project_id ? { id: row.project_id, title: row.project_title } : null,
  inviter: { id: row.inviter_id, name: row.inviter_name },
  specialist: row.specialist_id ? { id: row.specialist_id, name: row.specialist_name } : null,
  email: row.email,
});

const INVITE_SELECT = `
  SELECT i.*, p.title AS project_title,
         inv.first_name || ' ' || inv.last_name AS inviter_name,
         sp.first_name || ' ' || sp.last_name AS specialist_name
    FROM invites i
    JOIN users inv ON inv.id = i.inviter_id
    LEFT JOIN users sp ON sp.id = i.specialist_id
    LEFT JOIN projects p ON p.id = i.project_id`;

/**
 * Invitations (docs/product.md §7 `POST /invites`, `GET /invites`): a client asks a
 * verified specialist to quote on one of their projects, or invites someone
 * by e-mail to join the platform. The specialist accepts or declines.
 */
export const inviteRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  // Before the schemas: a stranger hears 401, never what was wrong with the request.
  app.addHook('preValidation', app.requireUser);
  const api = app.withTypeProvider<ValibotTypeProvider>();
  const tags = ['invites'];
  /**
   * Every invitation sends an e-mail from our address: at most
   * `invitesPerDay` per inviter over the last 24 hours, counted from the
   * invitations themselves (durable, shared by every instance). Call inside
   * the transaction that inserts: the inviter's row lock makes concurrent
   * invitations queue, so they cannot overshoot together.
   */
  const withinDailyLimit = async (tx: Queryable, request: FastifyRequest, reply: FastifyReply, inviterId: string) => {
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [inviterId]);
    const { rows } = await tx.query<{ sent: number; wait_s: number | null }>(
      `SELECT count(*)::int AS sent, ceil(extract(epoch FROM min(created_at) + interval '1 day' - now()))::int AS wait_s
         FROM invites WHERE inviter_id = $1 AND created_at > now() - interval '1 day'`,
      [inviterId],
    );
    if ((rows[0]?.sent ?? 0) < config.rateLimits.invitesPerDay) return;
    reply.header('retry-after', String(Math.max(1, rows[0]?.wait_s ?? 86_400)));
    throw new HttpError(429, request.t(M.invitesPerDay));
  };
  /** Notifications in the transaction, e-mails after it commits. */
  const announce = notificationMailer(app, config.publicUrl);

  api.post(
    '/invites',
    {
      schema: {
        tags,
        summary: 'Ask a verified specialist to quote on a project, or invite someone by e-mail to join',
        security: SIGNED_IN,
        body: InviteSchema,
        response: { 201: InviteViewSchema, ...errorResponses(401, 403, 404, 409, 422, 429) },
      },
      // Only clients invite: anyone else is refused before their invitation is read.
      preValidation: async (request) => {
        requirePermission(request, PERMISSIONS.CAN_INVITE_SPECIALISTS);
      },
    },
    async (request, reply) => {
      const user = request.user as Viewer;
      const input = request.body;
      const inviterName = `${user.first_name} ${user.last_name}`;
      // What the inviter wrote (name, message) is quoted as plain text: no link of theirs is live in our e-mail.
      const plainInviterName = neutraliseLinks(inviterName);

      let projectTitle: string | null = null;
      if (input.project_id) {
        const { rows } = await app.db.query<{ title: string; status: string }>('SELECT title, status FROM projects WHERE id = $1 AND owner_id = $2', [
          input.project_id,
          user.id,
        ]);
        if (!rows[0]) throw new HttpError(404, request.t(MM.projectNotFound));
        // Only a project open for quotes can be quoted on: a draft is seen by nobody yet.
        if (rows[0].status === 'draft') throw new HttpError(409, request.t(MM.notPublished));
        if (rows[0].status !== 'open') throw new HttpError(409, request.t(MM.projectClosed));
        projectTitle = rows[0].title;
      }

      if ('specialist_id' in input) {
        const { rows } = await app.db.query<Viewer>('SELECT * FROM users WHERE id = $1', [input.specialist_id]);
        const specialist = rows[0];
        if (!specialist || !receivesRequests(specialist) || (await isBarred(app.db, specialist.id)))
          throw new HttpError(404, request.t(MM.specialistNotFound));
        const created = await app.db.transaction(async (tx) => {
          await withinDailyLimit(tx, request, reply, user.id);
          const { rows: inserted } = await tx.query<{ id: string }>(
            `INSERT INTO invites (inviter_id, project_id, specialist_id, message) VALUES ($1, $2, $3, $4)
           ON CONFLICT (project_id, specialist_id) WHERE specialist_id IS NOT NULL DO NOTHING RETURNING id`,
            [user.id, input.project_id, specialist.id, input.message],
          );
          if (!inserted[0]) throw new HttpError(409, request.t(MM.alreadyInvited));
          const notifications: NewNotification[] = [
            {
              userId: specialist.id,
              kind: 'invite_received',
              data: { name: inviterName, title: projectTitle ?? '', project_id: input.project_id },
              link: `/main/projects/${input.project_id}`,
            },
          ];
          await addNotifications(tx, notifications);
          return { id: inserted[0].id, notifications };
        });
        announce(created.notifications);
        const { rows: view } = await app.db.query<InviteRow>(`${INVITE_SELECT} WHERE i.id = $1`, [created.id]);
        return reply.status(201).send(inviteView(view[0]!));
      }

      // Someone not on the platform yet (or not as a specialist): an e-mail with the sign-up link.
      const existing = await findUserByEmail(app.db, input.email);
      const inserted = await app.db.transaction(async (tx) => {
        await withinDailyLimit(tx, request, reply, user.id);
        const { rows } = await tx.query<{ id: string }>(
          'INSERT INTO invites (inviter_id, project_id, email, message) VALUES ($1, $2, $3, $4) RETURNING id',
          [user.id, input.project_id ?? null, input.email, input.message],
        );
        return rows;
      });
      const t = translatorFor(existing && (existing.locale === 'fr' || existing.locale === 'en') ? existing.locale : request.locale);
      const link = `${config.publicUrl}/sign-up-specialists`;
      const subject = t(MM.joinSubject, { name: plainInviterName });
      const body = t(MM.joinBody, { name: plainInviterName });
      const message = neutraliseLinks(input.message);
      await app.deliverMail({
        to: input.email,
        subject,
        text: [body, link, '', message].filter(Boolean).join('\n'),
        html: `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5"><p>${escapeHtml(body)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>${message ? `<blockquote style="white-space: pre-wrap">${escapeHtml(message)}</blockquote>` : ''}</body></html>`,
      });
      const { rows: view } = await app.db.query<InviteRow>(`${INVITE_SELECT} WHERE i.id = $1`, [inserted[0]!.id]);
      return reply.status(201).send(inviteView(view[0]!));
    },
  );

  api.get(
    '/invites',
    {
      schema: {
        tags,
        summary: 'Invitations a client sent, or those a specialist received',
        security: SIGNED_IN,
        querystring: InviteListQuerySchema,
        response: { 200: InviteListSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = request.user as Viewer;
      const status = ['pending', 'accepted', 'declined'].includes(request.query.status ?? '') ? request.query.status : null;
      // A client sees the invitations they sent; a specialist those they received.
      const column = can(user, PERMISSIONS.CAN_INVITE_SPECIALISTS) ? 'i.inviter_id' : 'i.specialist_id';
      const { rows } = await app.db.query<InviteRow>(
        `${INVITE_SELECT} WHERE ${column} = $1 AND ($2::text IS NULL OR i.status = $2) ORDER BY i.created_at DESC LIMIT 200`,
        [user.id, status],
      );
      return { data: rows.map(inviteView) };
    },
  );

  for (const answer of ['accept', 'decline'] as const) {
    api.post(
      `/invites/:id/${answer}`,
      {
        schema: {
          tags,
          summary: answer === 'accept' ? 'The invited specialist accepts' : 'The invited specialist declines',
          security: SIGNED_IN,
          params: IdParamsSchema,
          response: { 200: InviteViewSchema, ...errorResponses(401, 404, 409) },
        },
      },
      async (request) => {
        const user = request.user as Viewer;
        if (!UUID.test(request.params.id)) throw new HttpError(404, request.t(MM.inviteNotFound));
        const result = await app.db.transaction(async (tx) => {
          const { rows } = await tx.query<InviteRow>(`${INVITE_SELECT} WHERE i.id = $1 AND i.specialist_id = $2 FOR UPDATE OF i`, [
            request.params.id,
            user.id,
          ]);
          const invite = rows[0];
          if (!invite) throw new HttpError(404, request.t(MM.inviteNotFound));
          const status = answer === 'accept' ? 'accepted' : 'declined';
          if (invite.status === status) return { notifications: [] as NewNotification[] };
          if (invite.status !== 'pending') throw new HttpError(409, request.t(MM.inviteAnswered));
          await tx.query('UPDATE invites SET status = $2, responded_at = now() WHERE id = $1', [invite.id, status]);
          const notifications: NewNotification[] = [
            {
              userId: invite.inviter_id,
              kind: 'invite_answered',
              data: {
                answer: status,
                name: `${user.first_name} ${user.last_name}`,
                title: invite.project_title ?? '',
                project_id: invite.project_id ?? '',
              },
              link: invite.project_id ? `/main/projects/${invite.project_id}` : '/main/dashboard',
            },
          ];
          await addNotifications(tx, notifications);
          return { notifications };
        });
        announce(result.notifications);
        const { rows } = await app.db.query<InviteRow>(`${INVITE_SELECT} WHERE i.id = $1`, [request.params.id]);
        return inviteView(rows[0]!);
      },
    );
  }
};
