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
 * The development outbox: e-mail the instance would have sent, for a developer
 * or an end-to-end test to open. Only registered when no SMTP server is
 * configured and the instance is not a real production one (see config).
 */
export async function devOutboxRoutes(app: FastifyInstance): Promise<void> {
  app.get('/dev/outbox', async () => {
    const { rows } = await app.db.query<OutboxRow>('SELECT * FROM mail_outbox ORDER BY id DESC LIMIT 100');
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
