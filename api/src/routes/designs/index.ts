import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import {
  DesignImageParamsSchema,
  DesignListQuerySchema,
  DesignListSchema,
  FileResponseSchema,
  errorResponses,
  type DesignList,
} from 'shared/contract';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { HttpError } from '../../plugins/error-handler';
import { convertFromEuroCents } from './currency';
import { parseDesignQuery, type DesignQuery } from './design-query';
import type { Queryable } from '../../db/database';
import { API_DIR } from '../../paths';
import { ExpiringCache, cachedBody, sendCachedBody, type CachedBody } from '../../web/cached-body';
import { regionalEuroCents } from './regional-costs';

/** Our own illustrations, shipped with the API (never user uploads). */
export const DESIGN_ASSETS_DIR = path.join(API_DIR, 'assets', 'designs');
export const DESIGN_IMAGE_PREFIX = '/api/v1/designs/images/';
const DESIGNS_MAX_AGE_S = 300;

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

/** One page of designs matching the query, with costs for the visitor's region and currency. */
async function listDesigns(db: Queryable, query: DesignQuery): Promise<DesignList> {
  const params: unknown[] = [];
  const where: string[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replaceAll('?', `$${params.length}`));
  };
  if (query.featured !== undefined) add('featured = ?', query.featured);
  if (query.tiers.length > 0) add('tier = ANY (?)', query.tiers);
  if (query.roomsMin !== undefined) add('rooms >= ?', query.roomsMin);
  if (query.roomsMax !== undefined) add('rooms <= ?', query.roomsMax);
  if (query.q)
    add('(title_en ILIKE ? OR title_fr ILIKE ? OR description_en ILIKE ? OR description_fr ILIKE ?)', `%${query.q.replace(/[%_\\]/g, '\\$&')}%`);
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const titleCol = query.locale === 'fr' ? 'title_fr' : 'title_en';
  const descriptionCol = query.locale === 'fr' ? 'description_fr' : 'description_en';
  const [{ rows }, count] = await Promise.all([
    db.query<DesignRow>(
      `SELECT id, slug, ${titleCol} AS title, ${descriptionCol} AS description, tier, rooms, area_m2, image_file,
              cost_min_eur_cents, cost_max_eur_cents
         FROM designs ${filter}
        ORDER BY sort_order, slug
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.limit, (query.page - 1) * query.limit],
    ),
    db.query<{ total: string | number }>(`SELECT count(*) AS total FROM designs ${filter}`, params),
  ]);
  const cost = (euroCents: string | number) => convertFromEuroCents(regionalEuroCents(Number(euroCents), query.country), query.currency);
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
        country: query.country ?? null,
        min: cost(row.cost_min_eur_cents),
        max: cost(row.cost_max_eur_cents),
      },
    })),
    meta: { page: query.page, page_size: query.limit, total: Number(count.rows[0]?.total ?? 0) },
  };
}

/** `GET /designs` (public) and the design illustrations it points to. */
export const designRoutes: FastifyPluginAsync = async (app) => {
  // Read once: the set is fixed for the life of the process, and only these names can ever be served.
  const images = new Map<string, Buffer>();
  for (const file of readdirSync(DESIGN_ASSETS_DIR)) {
    if (/^[a-z0-9-]+\.svg$/.test(file)) images.set(file, readFileSync(path.join(DESIGN_ASSETS_DIR, file)));
  }

  // The catalog changes only with a deployment or a seed: each distinct query is answered from
  // memory for as long as browsers may keep it anyway (Cache-Control below).
  const answers = new ExpiringCache<CachedBody>(DESIGNS_MAX_AGE_S * 1000, 500);

  const api = app.withTypeProvider<ValibotTypeProvider>();
  const tags = ['designs'];

  api.get(
    '/designs',
    {
      schema: {
        tags,
        summary: 'Home designs with their cost estimated for a region, in a currency (public, cached for five minutes)',
        querystring: DesignListQuerySchema,
        response: { 200: DesignListSchema, ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      // Each parameter is checked here, to name every wrong one in the caller's language.
      const query = parseDesignQuery(request.query, request.locale, request.t);
      const answer = await answers.get(JSON.stringify(query), async () => cachedBody(await listDesigns(app.db, query)));
      return sendCachedBody(request, reply, answer, `public, max-age=${DESIGNS_MAX_AGE_S}`, 'Accept-Language');
    },
  );

  api.get(
    '/designs/images/:file',
    {
      schema: {
        tags,
        summary: 'A design illustration (SVG)',
        produces: ['image/svg+xml'],
        params: DesignImageParamsSchema,
        response: { 200: FileResponseSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const image = images.get(request.params.file);
      if (!image) throw new HttpError(404, 'Not found');
      return (
        reply
          .type('image/svg+xml')
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          // An SVG opened on its own must not be able to run anything.
          .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
          // The bytes as they are; the schema only documents them.
          .send(image as unknown as string)
      );
    },
  );
};
