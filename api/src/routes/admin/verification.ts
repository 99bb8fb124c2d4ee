import type { FastifyPluginAsync } from 'fastify';
import type { MessageDescriptor } from '@lingui/core';
import { IdParamsSchema, ReasonSchema, UserDetailSchema, VerificationRefusedSchema, errorResponses, type CheckKind } from 'shared/contract';
import { ADMIN_MESSAGES as A } from 'shared/messages';
import { SIGNED_IN } from '../../accounts/signed-in';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { HttpError } from '../../plugins/error-handler';
import { writeAudit } from './audit';
import { lockUser, requireSpecialist, userDetail, userLabel } from './user-access';
import { findAdminUser } from './user-queries';
import { loadChecks, missingChecks } from './verification-file';

const CHECK_LABELS: Record<CheckKind, MessageDescriptor> = {
  identity_register: A.checkIdentityRegister,
  location_visit: A.checkLocationVisit,
  customer_interviews: A.checkCustomerInterviews,
  financial_check: A.checkFinancial,
};

const tags = ['admin'];

/** Verifying a specialist once every check passed, and taking the verification back. */
export const adminVerificationRoutes: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ValibotTypeProvider>();

  api.put(
    '/admin/users/:id/verify',
    {
      schema: {
        tags,
        summary: 'Verify a specialist whose four checks passed; refused with the checks still missing otherwise',
        security: SIGNED_IN,
        params: IdParamsSchema,
        response: { 200: UserDetailSchema, 409: VerificationRefusedSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const admin = request.admin!;
      const outcome = await app.db.transaction(async (tx) => {
        const user = await lockUser(tx, request, request.params.id);
        requireSpecialist(user, request);
        if (user.verified_at) return { user, missing: [] as CheckKind[] };
        const missing = missingChecks(await loadChecks(tx, user.id));
        if (missing.length > 0) {
          // A refusal is recorded too: admin actions are never silent.
          await writeAudit(tx, admin, {
            action: 'user.verification_refused',
            targetType: 'user',
            targetId: user.id,
            targetLabel: userLabel(user),
            after: { missing },
          });
          return { user, missing };
        }
        await tx.query('UPDATE users SET verified_at = now(), verified_by = $2, updated_at = now() WHERE id = $1', [user.id, admin.id]);
        await writeAudit(tx, admin, {
          action: 'user.verified',
          targetType: 'user',
          targetId: user.id,
          targetLabel: userLabel(user),
          before: { verified: false },
          after: { verified: true },
        });
        return { user, missing };
      });
      if (outcome.missing.length > 0) {
        const checks = outcome.missing.map((kind) => request.t(CHECK_LABELS[kind])).join(', ');
        return reply.status(409).send({ message: request.t(A.verificationNeeds, { checks }), missing: outcome.missing });
      }
      return userDetail(app.db, (await findAdminUser(app.db, outcome.user.id))!);
    },
  );

  api.delete(
    '/admin/users/:id/verify',
    {
      schema: {
        tags,
        summary: "Take a specialist's verification back, with the reason",
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
        requireSpecialist(user, request);
        if (!user.verified_at) throw new HttpError(409, request.t(A.notVerified));
        await tx.query('UPDATE users SET verified_at = NULL, verified_by = NULL, updated_at = now() WHERE id = $1', [user.id]);
        await writeAudit(tx, admin, {
          action: 'user.verification_revoked',
          targetType: 'user',
          targetId: user.id,
          targetLabel: userLabel(user),
          before: { verified: true, verified_at: new Date(user.verified_at).toISOString() },
          after: { verified: false, reason },
        });
        return user;
      });
      return userDetail(app.db, (await findAdminUser(app.db, user.id))!);
    },
  );
};
