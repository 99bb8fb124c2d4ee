import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AccountSessionsSchema, errorResponses, IdParamsSchema, NoContentSchema } from 'shared/contract';
import { SECURITY_API_MESSAGES as S } from 'shared/messages';
import type { AppConfig } from '../../config';
import { deviceLabel } from '../../accounts/device-label';
import type { SessionDevice } from '../../accounts/sessions';
import { SIGNED_IN } from '../../accounts/signed-in';
import { hashToken } from '../../accounts/tokens';
import type { UserRow } from '../../accounts/users';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { newDeviceMail } from '../../mail/templates';
import { HttpError } from '../../plugins/error-handler';
import { mailTranslator } from './account-helpers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COUNTRY = /^[A-Z]{2}$/;

/** The device a sign-in comes from: its browser, its address (as the proxies tell it) and, when our proxy says, its country. */
export function sessionDevice(request: FastifyRequest, config: AppConfig): SessionDevice {
  const header = config.geoCountryHeader ? request.headers[config.geoCountryHeader] : undefined;
  const country = typeof header === 'string' && COUNTRY.test(header.trim().toUpperCase()) ? header.trim().toUpperCase() : undefined;
  return { userAgent: request.headers['user-agent'], ipAddress: request.ip, country };
}

/**
 * After a sign-in: remembers the device and, when the account has signed in
 * before but never from it, e-mails the owner (who can then end that
 * session). The first sign-in of an account tells nobody anything new.
 */
export async function noticeNewDevice(
  app: FastifyInstance,
  config: AppConfig,
  user: UserRow,
  device: SessionDevice,
  request: FastifyRequest,
): Promise<void> {
  const label = deviceLabel(device.userAgent);
  const deviceHash = createHash('sha256')
    .update(device.userAgent ?? '')
    .digest('base64url');
  const { rows } = await app.db.query<{ is_new: boolean; known_before: boolean }>(
    `WITH before AS (SELECT count(*) > 0 AS known FROM user_known_devices WHERE user_id = $1),
          seen AS (
            INSERT INTO user_known_devices (user_id, device_hash) VALUES ($1, $2)
            ON CONFLICT (user_id, device_hash) DO UPDATE SET last_seen_at = now()
            RETURNING (xmax = 0) AS is_new)
     SELECT seen.is_new, before.known AS known_before FROM seen, before`,
    [user.id, deviceHash],
  );
  if (!rows[0]?.is_new || !rows[0].known_before) return;
  const link = `${config.publicUrl}/main/settings`;
  await app.deliverMail(newDeviceMail(mailTranslator(user, request), user.email, user.first_name, label, device.ipAddress, link));
}

/** `/auth/sessions`: the signed-in account's sessions, listed and ended one by one by their owner. */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ValibotTypeProvider>();
  const tags = ['accounts'];

  api.get(
    '/auth/sessions',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: 'The sessions of the account: browser, address, country when known, last use',
        security: SIGNED_IN,
        response: { 200: AccountSessionsSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { rows } = await app.db.query<{
        id: string;
        user_agent: string | null;
        ip_address: string | null;
        country: string | null;
        created_at: Date | string;
        last_used_at: Date | string;
        current: boolean;
      }>(
        `SELECT id, user_agent, ip_address, country, created_at, last_used_at, token_hash = $2 AS current
           FROM user_sessions WHERE user_id = $1 AND expires_at > now() ORDER BY last_used_at DESC LIMIT 100`,
        [request.user!.id, hashToken(request.sessionToken!)],
      );
      return {
        data: rows.map((row) => ({
          id: row.id,
          browser: deviceLabel(row.user_agent),
          ip_address: row.ip_address,
          country: row.country,
          created_at: new Date(row.created_at).toISOString(),
          last_seen_at: new Date(row.last_used_at).toISOString(),
          current: row.current,
        })),
      };
    },
  );

  api.delete(
    '/auth/sessions/:id',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: 'End one session of the account (every instance forgets it at once)',
        security: SIGNED_IN,
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      // The deletion is announced (session_invalidated), so every instance drops its cached copy.
      const { rows } = UUID.test(id)
        ? await app.db.query('DELETE FROM user_sessions WHERE id = $1 AND user_id = $2 RETURNING id', [id, request.user!.id])
        : { rows: [] };
      if (rows.length === 0) throw new HttpError(404, request.t(S.sessionNotFound));
      return reply.status(204).send(null);
    },
  );
}
