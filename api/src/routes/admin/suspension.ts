import type { FastifyPluginAsync } from 'fastify';
import { IdParamsSchema, ReasonSchema, UserDetailSchema, errorResponses } from 'shared/contract';
import { ADMIN_MESSAGES as A } from 'shared/messages';
import { deleteUserSessions } from '../../accounts/sessions';
import { SIGNED_IN } from '../../accounts/signed-in';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { HttpError } from '../../plugins/error-handler';
import { writeAudit } from './audit';
import { lockUser, userDetail, userLabel } from './user-access';
import { findAdminUser } from './user-queries';

const tags = ['admin'];

/** Suspending an account and reactivating it. */
export const adminSuspensionRoutes: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ValibotTypeProvider>();

  api.post(
    '/admin/users/:id/suspend',
    {
      schema: {
        tags,
        summary: 'Suspend an account, with the reason; it is signed out everywhere at once',
        security: SIGNED_IN,
        params: IdParamsSchema,
        body: ReasonSchema,
        response: { 200: UserDetailSchema, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request) => {
      const { reason } = request.body;
      const admin = request.admin!;
      const user = await app.db.transaction(async (tx) => {
        const user = await lockUser(tx, request, request.params.id);
        if (user.status === 'suspended') throw new HttpError(409, request.t(A.alreadySuspended));
        await tx.query(`UPDATE users SET status = 'suspended', suspended_at = now(), suspension_reason = $2, updated_at = now() WHERE id = $1`, [
          user.id,
          reason,
        ]);
        // A suspended account is signed out everywhere at once, not when its tokens expire.
        await deleteUserSessions(tx, user.id);
        await writeAudit(tx, admin, {
          action: 'user.suspended',
          targetType: 'user',
          targetId: user.id,
          targetLabel: userLabel(user),
          before: { status: 'active' },
          after: { status: 'suspended', reason },
        });
        return user;
      });
      return userDetail(app.db, (await findAdminUser(app.db, user.id))!);
    },
  );

  api.post(
    '/admin/users/:id/reactivate',
    {
      schema: {
        tags,
        summary: 'Reactivate a suspended account',
        security: SIGNED_IN,
        params: IdParamsSchema,
        response: { 200: UserDetailSchema, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      const admin = request.admin!;
      const user = await app.db.transaction(async (tx) => {
        const user = await lockUser(tx, request, request.params.id);
        if (user.status !== 'suspended') throw new HttpError(409, request.t(A.notSuspended));
        await tx.query(`UPDATE users SET status = 'active', suspended_at = NULL, suspension_reason = NULL, updated_at = now() WHERE id = $1`, [
          user.id,
        ]);
        await writeAudit(tx, admin, {
          action: 'user.reactivated',
          targetType: 'user',
          targetId: user.id,
          targetLabel: userLabel(user),
          before: { status: 'suspended', reason: user.suspension_reason },
          after: { status: 'active' },
        });
        return user;
      });
      return userDetail(app.db, (await findAdminUser(app.db, user.id))!);
    },
  );
};
