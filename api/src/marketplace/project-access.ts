import type { Queryable } from '../db/database';
import type { UserRow } from '../accounts/users';

/** Specialists who receive project requests (spec §1, §6): contractors and vendors, and artisans. Experts inspect instead. */
export const REQUEST_KINDS = ['contractor', 'vendor', 'artisan'] as const;

export interface ProjectRow {
  id: string;
  owner_id: string;
  title: string;
  description: string;
  category: string;
  country: string;
  city: string;
  budget_min: string | null;
  budget_max: string | null;
  currency: string;
  desired_start: string | Date | null;
  design_id: string | null;
  status: 'draft' | 'open' | 'contracted' | 'in_progress' | 'completed' | 'cancelled';
  quote_type: string;
  created_at: Date | string;
  updated_at: Date | string;
}

export type ProjectRelation = 'owner' | 'matching' | 'invited' | 'quoted' | 'inspecting' | 'none';

/** Whether a user may receive requests at all: a verified, active specialist of a requesting kind. */
export function receivesRequests(user: UserRow & { verified_at?: unknown }): boolean {
  return (
    user.account_type === 'specialist' &&
    user.status === 'active' &&
    Boolean(user.verified_at) &&
    (REQUEST_KINDS as readonly string[]).includes(user.specialist_kind ?? '')
  );
}

/**
 * SQL condition: the user (a column or a parameter) is barred by the platform,
 * suspended or declared insolvent. A barred party receives no requests, is
 * chosen for nothing and is paid nothing.
 */
export function barredSql(user: string): string {
  return `(EXISTS (SELECT 1 FROM users bu WHERE bu.id = ${user} AND bu.status = 'suspended')
    OR EXISTS (SELECT 1 FROM insolvencies bi WHERE bi.contractor_id = ${user}))`;
}

/** Whether the platform bars this user now (suspended or declared insolvent). */
export async function isBarred(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ barred: boolean }>(`SELECT ${barredSql('$1::uuid')} AS barred`, [userId]);
  return Boolean(rows[0]?.barred);
}

/**
 * SQL condition (on alias `p`) for open requests a specialist ($n) may see:
 * in one of their trades, in their country, and in one of their cities unless
 * they serve the whole country; never for a specialist declared insolvent.
 */
export function matchingRequestSql(param: string): string {
  return `p.status = 'open' AND NOT EXISTS (SELECT 1 FROM insolvencies mi WHERE mi.contractor_id = ${param}) AND EXISTS (
    SELECT 1 FROM specialist_profiles sp
    WHERE sp.user_id = ${param}
      AND p.category = ANY (sp.categories)
      AND p.country = sp.service_country
      AND (cardinality(sp.service_cities) = 0 OR p.city = ANY (sp.service_cities))
  )`;
}

/**
 * How a user stands towards a project, which decides what they may see:
 * its owner; a verified specialist it is shared with (matching request,
 * invitation, or an earlier quote); the expert inspecting its contract; or
 * nobody (answered as not found).
 */
export async function relationTo(db: Queryable, project: ProjectRow, user: UserRow & { verified_at?: unknown }): Promise<ProjectRelation> {
  if (project.owner_id === user.id) return 'owner';
  // A draft is not shared with anyone yet, whatever invitation it may have.
  if (project.status === 'draft') return 'none';
  if (user.specialist_kind === 'expert') {
    // The plans and photos of the project are what the expert inspects the work against.
    const { rows } = await db.query('SELECT 1 FROM contracts WHERE project_id = $1 AND expert_id = $2', [project.id, user.id]);
    return rows.length > 0 ? 'inspecting' : 'none';
  }
  if (!receivesRequests(user)) return 'none';
  const { rows } = await db.query<{ quoted: boolean; invited: boolean; matching: boolean }>(
    `SELECT
       EXISTS (SELECT 1 FROM quotes q WHERE q.project_id = p.id AND q.specialist_id = $2) AS quoted,
       EXISTS (SELECT 1 FROM invites i WHERE i.project_id = p.id AND i.specialist_id = $2 AND i.status <> 'declined') AS invited,
       (${matchingRequestSql('$2')}) AS matching
     FROM projects p WHERE p.id = $1`,
    [project.id, user.id],
  );
  const row = rows[0];
  if (!row) return 'none';
  if (row.quoted) return 'quoted';
  if (row.invited) return 'invited';
  return row.matching ? 'matching' : 'none';
}
