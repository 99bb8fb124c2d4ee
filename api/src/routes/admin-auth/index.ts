import type { FastifyInstance } from 'fastify';
import { AccessTokenSchema, AdminMeSchema, errorResponses, NoContentSchema, SignInSchema } from 'shared/contract';
import { API_MESSAGES as M } from 'shared/messages';
import { ROLE_PERMISSIONS } from 'shared/permissions';
import type { AppConfig } from '../../config';
import type { AdminRow } from '../../accounts/auth-plugin';
import { verifyPassword } from '../../accounts/passwords';
import { createSession, deleteSession } from '../../accounts/sessions';
import { SIGNED_IN } from '../../accounts/signed-in';
import { normalizeEmail } from '../../accounts/users';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { HttpError } from '../../plugins/error-handler';

/** `/admin/auth/*`: the back office's own sign-in, with sessions separate from clients'. */
export async function adminAuthRoutes(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  const api = app.withTypeProvider<ValibotTypeProvider>();
  const tags = ['admin accounts'];

  api.post(
    '/admin/auth/login',
    {
      preValidation: app.limitAttempts('login'),
      schema: {
        tags,
        summary: 'Sign in to the back office',
        body: SignInSchema,
        response: { 200: AccessTokenSchema, ...errorResponses(401, 422, 429) },
      },
    },
    async (request) => {
      const input = request.body;
      const { rows } = await app.db.query<AdminRow>('SELECT * FROM admins WHERE email = $1', [normalizeEmail(input.email)]);
      const admin = rows[0];
      const passwordMatches = await verifyPassword(admin?.password_hash, input.password);
      if (!admin || !passwordMatches) throw new HttpError(401, request.t(M.incorrectCredentials));
      return { access_token: await createSession(app.db, 'admin', admin.id, config.tokenTtlDays) };
    },
  );

  api.get(
    '/admin/auth/me',
    {
      preValidation: app.requireAdmin,
      schema: { tags, summary: 'The signed-in admin', security: SIGNED_IN, response: { 200: AdminMeSchema, ...errorResponses(401) } },
    },
    async (request) => {
      const admin = request.admin!;
      return {
        id: admin.id,
        email: admin.email,
        first_name: admin.first_name,
        last_name: admin.last_name,
        role: { name: 'admin' as const },
        permissions: [...(ROLE_PERMISSIONS.admin ?? [])],
      };
    },
  );

  api.post(
    '/admin/auth/logout',
    {
      preValidation: app.requireAdmin,
      schema: { tags, summary: 'End this back-office session', security: SIGNED_IN, response: { 204: NoContentSchema, ...errorResponses(401) } },
    },
    async (request, reply) => {
      await deleteSession(app.db, 'admin', request.sessionToken!);
      return reply.status(204).send(null);
    },
  );
}
