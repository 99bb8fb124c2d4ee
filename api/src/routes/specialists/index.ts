import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import type { Queryable } from '../../db/database';
import {
  type DIRECTORY_KINDS,
  IdParamsSchema,
  OwnSpecialistProfileSchema,
  SpecialistDirectoryQuerySchema,
  SpecialistDirectorySchema,
  SpecialistProfileSchema,
  SpecialistPublicProfileSchema,
  errorResponses,
} from 'shared/contract';
import { API_MESSAGES as M, MARKETPLACE_API_MESSAGES as MM } from 'shared/messages';
import { SIGNED_IN } from '../../accounts/signed-in';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { photoUrl } from '../../accounts/users';
import { HttpError } from '../../plugins/error-handler';
import { CATEGORIES, COUNTRIES } from '../common/reference-data';
import { UUID, type Viewer } from '../projects/project-guards';

/** The service card's role label (docs/product.md §2): Professional, Contractor or Vendor. */
const ROLE_LABEL: Record<string, 'professional' | 'contractor' | 'vendor'> = {
  contractor: 'contractor',
  vendor: 'vendor',
  artisan: 'professional',
};

const GROUP_OF = new Map(CATEGORIES.map((category) => [category.code, category.group]));

export interface SpecialistRow {
  id: string;
  first_name: string;
  last_name: string;
  specialist_kind: (typeof DIRECTORY_KINDS)[number];
  city: string;
  country: string;
  photo_file: string | null;
  rating: string | number | null;
  review_count: string | number;
  verified_at: Date | string;
  created_at: Date | string;
  company_name: string | null;
  headline: string | null;
  description: string | null;
  categories: string[] | null;
  service_country: string | null;
  service_cities: string[] | null;
}

export function serviceCard(row: SpecialistRow) {
  const trades = row.categories ?? [];
  return {
    id: row.id,
    title: row.company_name || `${row.first_name} ${row.last_name}`,
    subtitle: row.headline ?? '',
    description: row.description ?? '',
    company: row.company_name ?? '',
    contact_name: `${row.first_name} ${row.last_name}`,
    role_label: ROLE_LABEL[row.specialist_kind] ?? 'professional',
    kind: row.specialist_kind,
    // The broad categories of the card (renovation, construction, smart home), then the trades.
    categories: [...new Set(trades.map((trade) => GROUP_OF.get(trade)).filter((group) => group !== undefined))],
    trades,
    location: { country: row.service_country || row.country, cities: row.service_cities ?? [] },
    photo_url: photoUrl(row.photo_file),
    verified: true,
    // Ratings come only from verified reviews: one per contract, after its final release.
    rating: row.rating === null ? null : Math.round(Number(row.rating) * 10) / 10,
    review_count: Number(row.review_count),
  };
}

/** Verified, active, never declared insolvent: the only specialists anyone may find or choose. */
export const DIRECTORY_SELECT = `
  SELECT u.id, u.first_name, u.last_name, u.specialist_kind, u.city, u.country, u.photo_file, u.verified_at, u.created_at,
         (SELECT avg(r.rating) FROM reviews r WHERE r.contractor_id = u.id) AS rating,
         (SELECT count(*) FROM reviews r WHERE r.contractor_id = u.id) AS review_count,
         sp.company_name, sp.headline, sp.description, sp.categories, sp.service_country, sp.service_cities
    FROM users u LEFT JOIN specialist_profiles sp ON sp.user_id = u.id
   WHERE u.account_type = 'specialist' AND u.status = 'active' AND u.verified_at IS NOT NULL
     AND u.specialist_kind IN ('contractor', 'vendor', 'artisan')
     AND NOT EXISTS (SELECT 1 FROM insolvencies i WHERE i.contractor_id = u.id)`;

/** The directory's filters as SQL appended to DIRECTORY_SELECT, with their parameters ($1…). */
export function directoryFilter(query: v.InferOutput<typeof SpecialistDirectoryQuerySchema>): { filter: string; params: unknown[] } {
  const params: unknown[] = [];
  const where: string[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replaceAll('?', `$${params.length}`));
  };
  if (query.q)
    add(
      "(sp.company_name ILIKE ? OR sp.headline ILIKE ? OR (u.first_name || ' ' || u.last_name) ILIKE ?)",
      `%${query.q.replace(/[%_\\]/g, '\\$&')}%`,
    );
  if (query.category) add('? = ANY (sp.categories)', query.category);
  if (query.kind) add('u.specialist_kind = ?', query.kind);
  if (query.country) add('sp.service_country = ?', query.country.toUpperCase());
  if (query.city) add('(cardinality(sp.service_cities) = 0 OR lower(?) = ANY (SELECT lower(c) FROM unnest(sp.service_cities) c))', query.city);
  return { filter: where.length > 0 ? ` AND ${where.join(' AND ')}` : '', params };
}

/** A row of specialist_profiles: every column NOT NULL, blank by default. */
interface OwnProfileRow {
  company_name: string;
  headline: string;
  description: string;
  categories: string[];
  service_country: string;
  service_cities: string[];
}

/** A specialist's latest verified reviews, with the reviewer's first name and the project. */
async function reviewsOf(db: Queryable, specialistId: string) {
  const { rows } = await db.query<{ rating: number; body: string; created_at: Date | string; first_name: string; title: string }>(
    `SELECT r.rating, r.body, r.created_at, u.first_name, p.title
       FROM reviews r JOIN users u ON u.id = r.client_id JOIN contracts c ON c.id = r.contract_id JOIN projects p ON p.id = c.project_id
      WHERE r.contractor_id = $1 ORDER BY r.created_at DESC LIMIT 20`,
    [specialistId],
  );
  return rows.map((row) => ({
    rating: Number(row.rating),
    body: row.body,
    author: row.first_name,
    project_title: row.title,
    created_at: new Date(row.created_at).toISOString(),
  }));
}

/** The directory of verified specialists, their public profiles, and a specialist's own profile. */
export const specialistRoutes: FastifyPluginAsync = async (app) => {
  // Before the schemas: a stranger hears 401, never what was wrong with the request.
  app.addHook('preValidation', app.requireUser);
  const api = app.withTypeProvider<ValibotTypeProvider>();
  const tags = ['specialists'];
  const specialistsOnly = async (request: FastifyRequest) => {
    if ((request.user as Viewer).account_type !== 'specialist') throw new HttpError(403, request.t(MM.forbidden));
  };

  api.get(
    '/specialists',
    {
      schema: {
        tags,
        summary: 'The directory of verified specialists',
        security: SIGNED_IN,
        querystring: SpecialistDirectoryQuerySchema,
        response: { 200: SpecialistDirectorySchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const query = request.query;
      const { filter, params } = directoryFilter(query);
      const { rows } = await app.db.query<SpecialistRow>(
        `${DIRECTORY_SELECT}${filter} ORDER BY u.verified_at DESC, u.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, query.page_size, (query.page - 1) * query.page_size],
      );
      const { rows: counted } = await app.db.query<{ n: string | number }>(`SELECT count(*) AS n FROM (${DIRECTORY_SELECT}${filter}) d`, params);
      return { data: rows.map(serviceCard), meta: { page: query.page, page_size: query.page_size, total: Number(counted[0]?.n ?? 0) } };
    },
  );

  api.get(
    '/specialists/:id',
    {
      schema: {
        tags,
        summary: "A verified specialist's public profile with their latest reviews",
        security: SIGNED_IN,
        params: IdParamsSchema,
        response: { 200: SpecialistPublicProfileSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      if (!UUID.test(request.params.id)) throw new HttpError(404, request.t(MM.specialistNotFound));
      const { rows } = await app.db.query<SpecialistRow>(`${DIRECTORY_SELECT} AND u.id = $1`, [request.params.id]);
      const row = rows[0];
      if (!row) throw new HttpError(404, request.t(MM.specialistNotFound));
      return {
        ...serviceCard(row),
        member_since: new Date(row.created_at).toISOString(),
        verified_at: new Date(row.verified_at).toISOString(),
        reviews: await reviewsOf(app.db, row.id),
      };
    },
  );

  api.get(
    '/specialist-profile',
    {
      schema: {
        tags,
        summary: "The signed-in specialist's services and whether they are verified",
        security: SIGNED_IN,
        response: { 200: OwnSpecialistProfileSchema, ...errorResponses(401, 403) },
      },
      preValidation: specialistsOnly,
    },
    async (request) => {
      const user = request.user as Viewer;
      const { rows } = await app.db.query<OwnProfileRow>(
        'SELECT company_name, headline, description, categories, service_country, service_cities FROM specialist_profiles WHERE user_id = $1',
        [user.id],
      );
      return {
        ...(rows[0] ?? { company_name: '', headline: '', description: '', categories: [], service_country: '', service_cities: [] }),
        verified: Boolean(user.verified_at),
      };
    },
  );

  api.put(
    '/specialist-profile',
    {
      schema: {
        tags,
        summary: 'Save the trades and area that decide which requests arrive',
        security: SIGNED_IN,
        body: SpecialistProfileSchema,
        response: { 200: OwnSpecialistProfileSchema, ...errorResponses(401, 403, 422) },
      },
      preValidation: specialistsOnly,
    },
    async (request) => {
      const user = request.user as Viewer;
      const input = request.body;
      const errors: Record<string, string[]> = {};
      if (input.categories.some((code) => !GROUP_OF.has(code))) errors.categories = [request.t(MM.unknownCategory)];
      if (!COUNTRIES.some((country) => country.code === input.service_country)) errors.service_country = [request.t(MM.unknownCountry)];
      if (Object.keys(errors).length > 0) throw new HttpError(422, request.t(M.invalidFields), errors);
      const { rows } = await app.db.query<OwnProfileRow>(
        `INSERT INTO specialist_profiles (user_id, company_name, headline, description, categories, service_country, service_cities, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now())
       ON CONFLICT (user_id) DO UPDATE SET company_name = EXCLUDED.company_name, headline = EXCLUDED.headline,
         description = EXCLUDED.description, categories = EXCLUDED.categories, service_country = EXCLUDED.service_country,
         service_cities = EXCLUDED.service_cities, updated_at = now()
       RETURNING company_name, headline, description, categories, service_country, service_cities`,
        [
          user.id,
          input.company_name,
          input.headline,
          input.description,
          [...new Set(input.categories)],
          input.service_country,
          [...new Set(input.service_cities)],
        ],
      );
      return { ...rows[0]!, verified: Boolean(user.verified_at) };
    },
  );
};
