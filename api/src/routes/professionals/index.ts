import type { FastifyPluginAsync } from 'fastify';
import {
  IdParamsSchema,
  PendingReviewListSchema,
  ProfessionalDirectorySchema,
  ProfessionalProfileSchema,
  SpecialistDirectoryQuerySchema,
  errorResponses,
  type CheckKind,
  type PassedCheck,
} from 'shared/contract';
import { MARKETPLACE_API_MESSAGES as MM } from 'shared/messages';
import type { Queryable } from '../../db/database';
import { SIGNED_IN } from '../../accounts/signed-in';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { HttpError } from '../../plugins/error-handler';
import { UUID, type Viewer } from '../projects/project-guards';
import { DIRECTORY_SELECT, directoryFilter, serviceCard, type SpecialistRow } from '../specialists';

/** The directory changes when an admin verifies someone or a review arrives: a minute of staleness is harmless. */
const PUBLIC_MAX_AGE_S = 60;

const isoDate = (value: Date | string | null): string | null =>
  value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

/** The checks each of these specialists passed, oldest kind first (the order of CHECK_KINDS). */
async function passedChecks(db: Queryable, ids: string[]): Promise<Map<string, PassedCheck[]>> {
  const checks = new Map<string, PassedCheck[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return checks;
  const { rows } = await db.query<{ user_id: string; kind: CheckKind; checked_on: Date | string | null }>(
    `SELECT user_id, kind, checked_on FROM verification_checks
      WHERE user_id = ANY ($1) AND outcome = 'passed'
      ORDER BY array_position(ARRAY['identity_register', 'location_visit', 'customer_interviews', 'financial_check'], kind)`,
    [ids],
  );
  for (const row of rows) checks.get(row.user_id)?.push({ kind: row.kind, checked_on: isoDate(row.checked_on) });
  return checks;
}

const card = (row: SpecialistRow, checks: Map<string, PassedCheck[]>) => ({
  ...serviceCard(row),
  verified_at: new Date(row.verified_at).toISOString(),
  checks: checks.get(row.id) ?? [],
});

/**
 * The public side of the directory: anyone may read who is verified, what was
 * checked and when, and what clients said after a contract completed through
 * escrow. The rows are the same as the signed-in directory's (verified, active,
 * never insolvent); nothing private is selected. And the signed-in client's
 * completed contracts that wait for a review.
 */
export const professionalRoutes: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ValibotTypeProvider>();
  const tags = ['professionals'];

  api.get(
    '/professionals',
    {
      schema: {
        tags,
        summary: 'The public directory of verified specialists, with their checks and ratings',
        querystring: SpecialistDirectoryQuerySchema,
        response: { 200: ProfessionalDirectorySchema, ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const { filter, params } = directoryFilter(query);
      const [{ rows }, { rows: counted }] = await Promise.all([
        app.db.query<SpecialistRow>(
          `${DIRECTORY_SELECT}${filter} ORDER BY u.verified_at DESC, u.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, query.page_size, (query.page - 1) * query.page_size],
        ),
        app.db.query<{ n: string | number }>(`SELECT count(*) AS n FROM (${DIRECTORY_SELECT}${filter}) d`, params),
      ]);
      const checks = await passedChecks(
        app.db,
        rows.map((row) => row.id),
      );
      reply.header('Cache-Control', `public, max-age=${PUBLIC_MAX_AGE_S}`);
      return {
        data: rows.map((row) => card(row, checks)),
        meta: { page: query.page, page_size: query.page_size, total: Number(counted[0]?.n ?? 0) },
      };
    },
  );

  api.get(
    '/professionals/:id',
    {
      schema: {
        tags,
        summary: "A verified specialist's public profile: checks, completed contracts and reviews",
        params: IdParamsSchema,
        response: { 200: ProfessionalProfileSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      if (!UUID.test(id)) throw new HttpError(404, request.t(MM.specialistNotFound));
      const { rows } = await app.db.query<SpecialistRow>(`${DIRECTORY_SELECT} AND u.id = $1`, [id]);
      const row = rows[0];
      if (!row) throw new HttpError(404, request.t(MM.specialistNotFound));
      const [checks, { rows: reviews }, { rows: completed }] = await Promise.all([
        passedChecks(app.db, [id]),
        app.db.query<{ rating: number; body: string; created_at: Date | string; first_name: string; category: string; city: string }>(
          `SELECT r.rating, r.body, r.created_at, u.first_name, p.category, p.city
             FROM reviews r JOIN users u ON u.id = r.client_id JOIN contracts c ON c.id = r.contract_id JOIN projects p ON p.id = c.project_id
            WHERE r.contractor_id = $1 ORDER BY r.created_at DESC LIMIT 20`,
          [id],
        ),
        app.db.query<{ n: string | number }>("SELECT count(*) AS n FROM contracts WHERE contractor_id = $1 AND status = 'completed'", [id]),
      ]);
      reply.header('Cache-Control', `public, max-age=${PUBLIC_MAX_AGE_S}`);
      return {
        ...card(row, checks),
        member_since: new Date(row.created_at).toISOString(),
        completed_contracts: Number(completed[0]?.n ?? 0),
        reviews: reviews.map((review) => ({
          rating: Number(review.rating),
          body: review.body,
          author: review.first_name,
          trade: review.category,
          city: review.city,
          created_at: new Date(review.created_at).toISOString(),
        })),
      };
    },
  );

  api.get(
    '/reviews/pending',
    {
      schema: {
        tags,
        summary: "The signed-in client's completed contracts that have no review yet (a review is written with POST /contracts/:id/review)",
        security: SIGNED_IN,
        response: { 200: PendingReviewListSchema, ...errorResponses(401) },
      },
      preValidation: app.requireUser,
    },
    async (request, reply) => {
      const user = request.user as Viewer;
      reply.header('Cache-Control', 'private, no-store');
      if (user.account_type !== 'client') return { can_review: false, data: [] };
      // The same rule as the contract's can_review: completed, with its last milestone released, not reviewed yet.
      const { rows } = await app.db.query<{
        contract_id: string;
        project_title: string;
        specialist_id: string;
        first_name: string;
        last_name: string;
        company_name: string | null;
        completed_at: Date | string;
      }>(
        `SELECT c.id AS contract_id, p.title AS project_title, s.id AS specialist_id, s.first_name, s.last_name, sp.company_name,
                c.updated_at AS completed_at
           FROM contracts c
           JOIN projects p ON p.id = c.project_id
           JOIN users s ON s.id = c.contractor_id
           LEFT JOIN specialist_profiles sp ON sp.user_id = s.id
          WHERE c.client_id = $1 AND c.status = 'completed'
            AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.contract_id = c.id)
            AND (SELECT m.status FROM milestones m WHERE m.contract_id = c.id ORDER BY m.position DESC LIMIT 1) = 'released'
          ORDER BY c.updated_at DESC, c.id
          LIMIT 50`,
        [user.id],
      );
      return {
        can_review: true,
        data: rows.map((row) => ({
          contract_id: row.contract_id,
          project_title: row.project_title,
          specialist_id: row.specialist_id,
          specialist_name: row.company_name || `${row.first_name} ${row.last_name}`,
          completed_at: new Date(row.completed_at).toISOString(),
        })),
      };
    },
  );
};
