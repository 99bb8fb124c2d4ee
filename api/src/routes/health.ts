import type { FastifyPluginAsync } from 'fastify';
import { HealthSchema, errorResponses } from 'shared/contract';
import type { ValibotTypeProvider } from '../http/valibot-provider';

/** `GET /health`: the API answers and its database does too. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ValibotTypeProvider>().get(
    '/health',
    { schema: { tags: ['health'], summary: 'The API and its database answer', response: { 200: HealthSchema, ...errorResponses(500) } } },
    async () => {
      await app.db.query('SELECT 1');
      return { status: 'ok' as const, database: app.db.kind };
    },
  );
};
