import type { FastifyInstance } from 'fastify';
import { errorResponses, OutboxMessageSchema, OutboxQuerySchema, OutboxSchema } from 'shared/contract';
import { SIGNED_IN } from '../../accounts/signed-in';
import type { ValibotTypeProvider } from '../../http/valibot-provider';

interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Date | string;
}

const toMessage = (row: OutboxRow) => ({
  id: Number(row.id),
  to: row.to_address,
  subject: row.subject,
  text: row.text_body,
  html: row.html_body,
  created_at: new Date(row.created_at).toISOString(),
});

/**
 * The outbox: e-mail the instance would have sent, kept when no SMTP server is
 * configured. It holds every reset and verification link, so only a signed-in
 * admin reads it (the admin area's Outbox page, end-to-end tests).
 */
export async function devOutboxRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', app.requireAdmin);
  const api = app.withTypeProvider<ValibotTypeProvider>();
  const tags = ['outbox'];

  api.get(
    '/dev/outbox',
    {
      schema: {
        tags,
        summary: 'The latest 100 e-mails kept in the outbox, newest first; `to` keeps those to one address',
        security: SIGNED_IN,
        querystring: OutboxQuerySchema,
        response: { 200: OutboxSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const address = request.query.to?.trim().toLowerCase() || null;
      const { rows } = await app.db.query<OutboxRow>(
        'SELECT * FROM mail_outbox WHERE ($1::text IS NULL OR to_address = $1) ORDER BY id DESC LIMIT 100',
        [address],
      );
      return { data: rows.map(toMessage) };
    },
  );

  api.get(
    '/dev/outbox/latest',
    {
      schema: {
        tags,
        summary: 'The latest e-mail to one address',
        security: SIGNED_IN,
        querystring: OutboxQuerySchema,
        response: { 200: OutboxMessageSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      const { rows } = await app.db.query<OutboxRow>('SELECT * FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1', [
        request.query.to?.trim().toLowerCase() ?? '',
      ]);
      if (!rows[0]) return reply.status(404).send({ message: 'Not found' });
      return toMessage(rows[0]);
    },
  );
}
