import type { FastifyPluginAsync } from 'fastify';

/** `GET /health`: the API answers and its database does too. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', async () => {
    await app.db.query('SELECT 1');
    return { status: 'ok', database: app.db.kind };
  });
};
