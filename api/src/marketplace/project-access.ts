import type { Queryable } from '../db/database';
import type { UserRow } from '../accounts/users';

/** Specialists who receive project requests (docs/product.md §1, §6): contractors and vendors, and artisans. Experts inspect instead. */
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

/** SQL condition: user `u` (an alias) receives requests, as `receivesRequests` decides for a loaded user. */
export function receivesRequestsSql(u: string): string {
  return `${u}.account_type = 'specialist' AND ${u}.status = 'active' AND ${u}.verified_at IS NOT NULL AND ${u}.specialist_kind IN (${REQUEST_KINDS.map((kind) => `'${kind}'`).join(', ')})`;
}

/** SQL condition: project `p` is in one of the trades of profile `sp`, in its country. */
const IN_TRADE_AND_COUNTRY = 'p.category = ANY (sp.categories) AND p.country = sp.service_country';

/** SQL condition: project `p` is in one of the cities of profile `sp`, or `sp` serves the whole country. */
const IN_SERVICE_CITY = '(cardinality(sp.service_cities) = 0 OR p.city = ANY (sp.service_cities))';

/** SQL condition: specialist `param` is declared insolvent, and receives no new requests. */
const insolventSql = (param: string) => `EXISTS (SELECT 1 FROM insolvencies mi WHERE mi.contractor_id = ${param})`;

/**
 * SQL condition (on alias `p`) for open requests a specialist ($n) may see:
 * in one of their trades, in their country, and in one of their cities unless
 * they serve the whole country; never for a specialist declared insolvent.
 */
export function matchingRequestSql(param: string): string {
  return `p.status = 'open' AND NOT ${insolventSql(param)} AND EXISTS (
    SELECT 1 FROM specialist_profiles sp
    WHERE sp.user_id = ${param} AND ${IN_TRADE_AND_COUNTRY} AND ${IN_SERVICE_CITY}
  )`;
}

/**
 * How many specialists receiving requests project $1 reaches (whatever its
 * status: a draft counts whom it will reach), and how many of its trade work
 * elsewhere in its country: the ones a wider city would reach.
 */
export async function projectReach(db: Queryable, projectId: string): Promise<{ specialists: number; elsewhere_in_country: number }> {
  const { rows } = await db.query<{ reached: number; elsewhere: number }>(
    `SELECT (count(*) FILTER (WHERE ${IN_SERVICE_CITY}))::int AS reached, (count(*) FILTER (WHERE NOT ${IN_SERVICE_CITY}))::int AS elsewhere
       FROM projects p
       JOIN specialist_profiles sp ON ${IN_TRADE_AND_COUNTRY}
       JOIN users u ON u.id = sp.user_id
      WHERE p.id = $1 AND ${receivesRequestsSql('u')} AND NOT ${insolventSql('u.id')}`,
    [projectId],
  );
  return { specialists: rows[0]?.reached ?? 0, elsewhere_in_country: rows[0]?.elsewhere ?? 0 };
}

/** What decides a non-owner's relation to a project, as the SQL of `relationFlagsSql` answers it. */
export interface RelationFlags {
  quoted: boolean;
  invited: boolean;
  matching: boolean;
  inspecting: boolean;
}

/**
 * The columns `quoted`, `invited`, `matching` and `inspecting` of RelationFlags
 * for the project under alias `p` and the user `param`, to select in the same
 * statement as the project.
 */
export function relationFlagsSql(param: string): string {
  return `EXISTS (SELECT 1 FROM quotes q WHERE q.project_id = p.id AND q.specialist_id = ${param}) AS quoted,
       EXISTS (SELECT 1 FROM invites i WHERE i.project_id = p.id AND i.specialist_id = ${param} AND i.status <> 'declined') AS invited,
       (${matchingRequestSql(param)}) AS matching,
       EXISTS (SELECT 1 FROM contracts ec WHERE ec.project_id = p.id AND ec.expert_id = ${param}) AS inspecting`;
}

/**
 * How a user stands towards a project, which decides what they may see:
 * its owner; a verified specialist it is shared with (matching request,
 * invitation, or an earlier quote); the expert inspecting its contract; or
 * nobody (answered as not found).
 */
export function relationFrom(project: ProjectRow, user: UserRow & { verified_at?: unknown }, flags: RelationFlags): ProjectRelation {
  if (project.owner_id === user.id) return 'owner';
  // A draft is not shared with anyone yet, whatever invitation it may have.
  if (project.status === 'draft') return 'none';
  // The plans and photos of the project are what the expert inspects the work against.
  if (user.specialist_kind === 'expert') return flags.inspecting ? 'inspecting' : 'none';
  if (!receivesRequests(user)) return 'none';
  if (flags.quoted) return 'quoted';
  if (flags.invited) return 'invited';
  return flags.matching ? 'matching' : 'none';
}

/** `relationFrom`, asking the database what it needs. */
export async function relationTo(db: Queryable, project: ProjectRow, user: UserRow & { verified_at?: unknown }): Promise<ProjectRelation> {
  if (project.owner_id === user.id || project.status === 'draft') return relationFrom(project, user, NO_FLAGS);
  const { rows } = await db.query<RelationFlags>(`SELECT ${relationFlagsSql('$2')} FROM projects p WHERE p.id = $1`, [project.id, user.id]);
  const flags = rows[0];
  return flags ? relationFrom(project, user, flags) : 'none';
}

const NO_FLAGS: RelationFlags = { quoted: false, invited: false, matching: false, inspecting: false };
