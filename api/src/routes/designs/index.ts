import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../../plugins/error-handler';
import { convertFromEuroCents } from './currency';
import { parseDesignQuery } from './design-query';

/** Our own illustrations, shipped with the API (never user uploads). */
export const DESIGN_ASSETS_DIR = path.resolve(__dirname, '..', '..', '..', 'assets', 'designs');
export const DESIGN_IMAGE_PREFIX = '/api/v1/designs/images/';

interface DesignRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  tier: 'standard' | 'premium' | 'luxury';
  rooms: number;
  area_m2: number;
  image_file: string;
  cost_min_eur_cents: string | number;
  cost_max_eur_cents: string | number;
}

/** `GET /designs` (public) and the design illustrations it points to. */
export const designRoutes: FastifyPluginAsync = async (app) => {
  // Read once: the set is fixed for the life of the process, and only these names can ever be served.
  const images = new Map<string, Buffer>();
  for (const file of readdirSync(DESIGN_ASSETS_DIR)) {
    if (/^[a-z0-9-]+\.svg$/.test(file)) images.set(file, readFileSync(path.join(DESIGN_ASSETS_DIR, file)));
  }

  app.get('/designs', async (request, reply) => {
    const query = parseDesignQuery(request.query as Record<string, unknown>, request.headers['accept-language']);
    const where = query.featured === undefined ? '' : 'WHERE featured = $2';
    const params: unknown[] = [query.limit, ...(query.featured === undefined ? [] : [query.featured])];
    const titleCol = query.locale === 'fr' ? 'title_fr' : 'title_en';
    const descriptionCol = query.locale === 'fr' ? 'description_fr' : 'description_en';
    const [{ rows }, count] = await Promise.all([
      app.db.query<DesignRow>(
        `SELECT id, slug, ${titleCol} AS title, ${descriptionCol} AS description, tier, rooms, area_m2, image_file,
                cost_min_eur_cents, cost_max_eur_cents
           FROM designs ${where}
          ORDER BY sort_order, slug
          LIMIT $1`,
        params,
      ),
      app.db.query<{ total: string | number }>(
        `SELECT count(*) AS total FROM designs ${query.featured === undefined ? '' : 'WHERE featured = $1'}`,
        query.featured === undefined ? [] : [query.featured],
      ),
    ]);
    reply.header('Cache-Control', 'public, max-age=300');
    reply.header('Vary', 'Accept-Language');
    return {
      data: rows.map((row) => ({
        id: row.id,
        slug: row.slug,
        title: row.title,
        description: row.description,
        tier: row.tier,
        rooms: row.rooms,
        area_m2: row.area_m2,
        image_url: `${DESIGN_IMAGE_PREFIX}${row.image_file}`,
        estimated_cost: {
          currency: query.currency,
          min: convertFromEuroCents(Number(row.cost_min_eur_cents), query.currency),
          max: convertFromEuroCents(Number(row.cost_max_eur_cents), query.currency),
        },
      })),
      meta: { total: Number(count.rows[0]?.total ?? 0) },
    };
  });

  app.get<{ Params: { file: string } }>('/designs/images/:file', async (request, reply) => {
    const image = images.get(request.params.file);
    if (!image) throw new HttpError(404, 'Not found');
    return reply
      .type('image/svg+xml')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      // An SVG opened on its own must not be able to run anything.
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(image);
  });
};
