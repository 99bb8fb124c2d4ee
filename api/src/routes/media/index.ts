import type { FastifyInstance } from 'fastify';
import { errorResponses, FileResponseSchema, PhotoParamsSchema } from 'shared/contract';
import type { AppConfig } from '../../config';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { PhotoStorage } from '../../uploads/photo-storage';

/** Uploaded profile photos. */
export async function mediaRoutes(app: FastifyInstance, _options: { config: AppConfig }): Promise<void> {
  const photos = new PhotoStorage(app.objectStore);

  app.withTypeProvider<ValibotTypeProvider>().get(
    '/media/photos/:name',
    {
      schema: {
        tags: ['media'],
        summary: 'A profile photo (public)',
        params: PhotoParamsSchema,
        produces: ['image/svg+xml', 'image/png', 'image/gif', 'image/webp'],
        response: { 200: FileResponseSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const photo = await photos.open(request.params.name);
      if (!photo) return reply.status(404).send({ message: 'Not found' });
      reply
        .header('content-type', photo.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-length', photo.length);
      // Sanitised on upload already; opened on its own, the SVG still may not run anything or load anything.
      if (photo.contentType === 'image/svg+xml') {
        reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      }
      return reply.send(photo.body);
    },
  );
}
