import type { FastifyPluginAsync } from 'fastify';
import { AdminUserSchema, CreateExpertSchema, ExpertListSchema, errorResponses } from 'shared/contract';
import { API_MESSAGES as M } from 'shared/messages';
import type { AppConfig } from '../../config';
import { issueAccountToken } from '../../accounts/account-tokens';
import { findUserByEmail, normalizeEmail, type UserRow } from '../../accounts/users';
import { SIGNED_IN } from '../../accounts/signed-in';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { resetPasswordMail } from '../../mail/templates';
import { HttpError } from '../../plugins/error-handler';
import { mailTranslator } from '../auth/account-helpers';
import { writeAudit } from './audit';
import { userLabel } from './user-access';
import { adminUser, findAdminUser, listExperts } from './user-queries';

const tags = ['admin'];

/** Experts: the list with their workload, and creating one. */
export const adminExpertRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  const api = app.withTypeProvider<ValibotTypeProvider>();

  api.get(
    '/admin/experts',
    {
      schema: {
        tags,
        summary: 'Every expert with their workload (milestones waiting on them)',
        security: SIGNED_IN,
        response: { 200: ExpertListSchema, ...errorResponses(401) },
      },
    },
    async () => ({ data: await listExperts(app.db) }),
  );

  api.post(
    '/admin/experts',
    {
      schema: {
        tags,
        summary: 'Create an expert account; the expert chooses a password through the e-mailed link',
        security: SIGNED_IN,
        body: CreateExpertSchema,
        response: { 201: AdminUserSchema, ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const email = normalizeEmail(input.email);
      const taken = () => new HttpError(422, request.t(M.invalidFields), { email: [request.t(M.emailTaken)] });
      if (await findUserByEmail(app.db, email)) throw taken();
      const admin = request.admin!;
      let created: UserRow;
      try {
        created = await app.db.transaction(async (tx) => {
          // No password: the expert chooses one through the e-mailed link, which also proves the address.
          const { rows } = await tx.query<UserRow>(
            `INSERT INTO users (email, first_name, last_name, phone_number, country, city, locale, account_type, specialist_kind, email_verified_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 'specialist', 'expert', now()) RETURNING *`,
            [email, input.first_name, input.last_name, input.phone_number, input.country, input.city, input.locale],
          );
          const user = rows[0]!;
          await writeAudit(tx, admin, {
            action: 'expert.created',
            targetType: 'user',
            targetId: user.id,
            targetLabel: userLabel(user),
            before: null,
            after: { email, first_name: user.first_name, last_name: user.last_name, country: user.country, city: user.city },
          });
          return user;
        });
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw taken();
        throw error;
      }
      const token = await issueAccountToken(app.db, created.id, 'reset_password', created.email);
      const link = `${config.publicUrl}/reset-password?token=${token}`;
      await app.deliverMail(resetPasswordMail(mailTranslator(created, request), created.email, created.first_name, link));
      return reply.status(201).send(adminUser((await findAdminUser(app.db, created.id))!));
    },
  );
};
