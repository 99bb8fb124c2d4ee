import type { FastifyInstance } from 'fastify';
import { SignInSchema } from 'shared/schemas';
import { API_MESSAGES as M } from 'shared/messages';
import { ROLE_PERMISSIONS } from 'shared/permissions';
import type { AppConfig } from '../../config';
import type { AdminRow } from '../../accounts/auth-plugin';
import { verifyPassword } from '../../accounts/passwords';
import { createSession, deleteSession } from '../../accounts/sessions';
import { normalizeEmail } from '../../accounts/users';
import { parseWith } from '../../accounts/validate';
import { HttpError } from '../../plugins/error-handler';

/** `/admin/auth/*`: the back office's own sign-in, with sessions separate from clients'. */
export async function adminAuthRoutes(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  app.post('/admin/auth/login', { preHandler: app.limitAttempts('login') }, async (request) => {
    const input = parseWith(SignInSchema, request.body, request);
    const { rows } = await app.db.query<AdminRow>('SELECT * FROM admins WHERE email = $1', [normalizeEmail(input.email)]);
    const admin = rows[0];
    const passwordMatches = await verifyPassword(admin?.password_hash, input.password);
    if (!admin || !passwordMatches) throw new HttpError(401, request.t(M.incorrectCredentials));
    return { access_token: await createSession(app.db, 'admin', admin.id, config.tokenTtlDays) };
  });

  app.get('/admin/auth/me', { preHandler: app.requireAdmin }, async (request) => {
    const admin = request.admin!;
    return {
      id: admin.id,
      email: admin.email,
      first_name: admin.first_name,
      last_name: admin.last_name,
      role: { name: 'admin' },
      permissions: [...(ROLE_PERMISSIONS.admin ?? [])],
    };
  });

  app.post('/admin/auth/logout', { preHandler: app.requireAdmin }, async (request, reply) => {
    await deleteSession(app.db, 'admin', request.sessionToken!);
    return reply.status(204).send();
  });
}
