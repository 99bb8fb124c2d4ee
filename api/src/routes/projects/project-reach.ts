import type { FastifyPluginAsync } from 'fastify';
import { IdParamsSchema, ProjectReachSchema, errorResponses } from 'shared/contract';
import { SIGNED_IN } from '../../accounts/signed-in';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { projectReach } from '../../marketplace/project-access';
import { ownedProject } from './project-guards';

/** `GET /projects/:id/reach`: how many verified specialists the owner's project reaches, and how many a wider city would. */
export const projectReachRoutes: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ValibotTypeProvider>();
  const owned = ownedProject(app);
  api.get(
    '/projects/:id/reach',
    {
      schema: {
        tags: ['projects'],
        security: SIGNED_IN,
        summary: 'How many verified specialists the project reaches, for its owner',
        params: IdParamsSchema,
        response: { 200: ProjectReachSchema, ...errorResponses(401, 403, 404) },
      },
      preValidation: owned.check,
    },
    async (request) => projectReach(app.db, owned.of(request).id),
  );
};
