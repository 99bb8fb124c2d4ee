import type { FastifyInstance } from 'fastify';

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
  app.addHook('preHandler', app.requireAdmin);
  // The latest 100 messages, newest first; `?to=` keeps those to one address.
  app.get('/dev/outbox', async (request) => {
    const to = (request.query as { to?: unknown }).to;
    const address = typeof to === 'string' && to.trim() ? to.trim().toLowerCase() : null;
    const { rows } = await app.db.query<OutboxRow>(
      'SELECT * FROM mail_outbox WHERE ($1::text IS NULL OR to_address = $1) ORDER BY id DESC LIMIT 100',
      [address],
    );
    return { data: rows.map(toMessage) };
  });

  app.get('/dev/outbox/latest', async (request, reply) => {
    const to = (request.query as { to?: unknown }).to;
    const { rows } = await app.db.query<OutboxRow>(
      'SELECT * FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
      [typeof to === 'string' ? to.trim().toLowerCase() : ''],
    );
    if (!rows[0]) return reply.status(404).send({ message: 'Not found' });
    return toMessage(rows[0]);
  });
}
