import { prepared, type PreparedStatement, type Queryable } from '../../db/database';
import { PROJECT_CARD_COLUMNS, PROJECT_CARD_JOINS } from './project-views';
import type { ProjectWithOwner } from './project-guards';

export interface ListingFilters {
  status?: string;
  category?: string;
  country?: string;
  city?: string;
  q?: string;
  sort?: 'newest' | 'oldest';
  page: number;
  page_size: number;
}

/** Whose list it is: a client's own projects, a specialist's requests, or the projects an expert inspects. */
export type ListingViewer = 'owner' | 'specialist' | 'expert';

/** A condition on the projects table under the given alias. */
type Filter = (alias: string) => string;

const and = (filters: Filter[], alias: string) => filters.map((filter) => ` AND ${filter(alias)}`).join('');

/**
 * The projects a viewer ($1) may list, as (id, created_at), each filter pushed
 * into every branch. Every branch is an index lookup:
 *  - a specialist's matching requests read the open-requests index alone
 *    (trade, country, city, date and id are in it), once per trade and city of
 *    their profile, or per trade when they serve the whole country; then the
 *    projects they were invited to or quoted on;
 *  - a client's own projects, by owner;
 *  - an expert's, from the contracts they inspect.
 * A draft is its owner's alone, even for a specialist already invited to it.
 */
function visibleProjects(viewer: ListingViewer, filters: Filter[]): string {
  if (viewer === 'owner') return `SELECT p.id, p.created_at FROM projects p WHERE p.owner_id = $1${and(filters, 'p')}`;
  if (viewer === 'expert') {
    return `SELECT p.id, p.created_at FROM projects p
             WHERE EXISTS (SELECT 1 FROM contracts ec WHERE ec.project_id = p.id AND ec.expert_id = $1)${and(filters, 'p')}`;
  }
  const matching = (cities: string) => `
    SELECT m.id, m.created_at FROM specialist_profiles sp
      JOIN projects m ON m.status = 'open' AND m.category = ANY (sp.categories) AND m.country = sp.service_country${cities}
     WHERE sp.user_id = $1 AND NOT EXISTS (SELECT 1 FROM insolvencies mi WHERE mi.contractor_id = $1)${and(filters, 'm')}`;
  return `${matching(' AND m.city = ANY (sp.service_cities)')}
    UNION ${matching(' AND cardinality(sp.service_cities) = 0')}
    UNION SELECT p.id, p.created_at FROM invites i JOIN projects p ON p.id = i.project_id
           WHERE i.specialist_id = $1 AND i.status <> 'declined' AND p.status <> 'draft'${and(filters, 'p')}
    UNION SELECT p.id, p.created_at FROM quotes q JOIN projects p ON p.id = q.project_id
           WHERE q.specialist_id = $1 AND p.status <> 'draft'${and(filters, 'p')}`;
}

export interface ListingStatement {
  statement: PreparedStatement;
  params: unknown[];
}

/**
 * The one statement of `GET /projects`: the total and one page of cards
 * together. The viewer's projects are gathered once, as narrow index rows;
 * they are counted, the page is picked from them by date, and only its rows
 * are read from the table. It always answers one row at least: the total, with
 * no card when the page is past the end.
 */
export function projectListingQuery(viewerId: string, viewer: ListingViewer, filters: ListingFilters): ListingStatement {
  const params: unknown[] = [viewerId];
  const where: Filter[] = [];
  /** `sql` names the table `t`, so each filter can be written for any alias. */
  const add = (sql: string, value: unknown) => {
    const placeholder = `$${params.push(value)}`;
    where.push((alias) => sql.replaceAll('t.', `${alias}.`).replace('?', placeholder));
  };
  if (filters.status) add('t.status = ?', filters.status);
  if (filters.category) add('t.category = ?', filters.category);
  if (filters.country) add('t.country = ?', filters.country.toUpperCase());
  if (filters.city) add('lower(t.city) = lower(?)', filters.city);
  if (filters.q) add("t.search @@ plainto_tsquery('simple', ?)", filters.q);
  const direction = filters.sort === 'oldest' ? 'ASC' : 'DESC';
  const limit = `$${params.push(filters.page_size)}`;
  const offset = `$${params.push((filters.page - 1) * filters.page_size)}`;
  const text = `WITH seen AS MATERIALIZED (${visibleProjects(viewer, where)})
    SELECT total.n AS total, card.*
      FROM (SELECT count(*) AS n FROM seen) total
      LEFT JOIN LATERAL (
        SELECT ${PROJECT_CARD_COLUMNS}
          FROM (SELECT id, created_at FROM seen ORDER BY created_at ${direction}, id ${direction} LIMIT ${limit} OFFSET ${offset}) page
          JOIN projects p ON p.id = page.id
          ${PROJECT_CARD_JOINS}) card ON true
     ORDER BY card.created_at ${direction}, card.id ${direction}`;
  return { statement: prepared(text), params };
}

/** One page of the viewer's projects and how many there are in all. */
export async function listProjects(
  db: Queryable,
  viewerId: string,
  viewer: ListingViewer,
  filters: ListingFilters,
): Promise<{ rows: ProjectWithOwner[]; total: number }> {
  const { statement, params } = projectListingQuery(viewerId, viewer, filters);
  const { rows } = await db.query<ProjectWithOwner & { total: string | number }>(statement, params);
  return {
    rows: rows.filter((row) => row.id !== null).map(({ total: _total, ...row }) => row),
    total: Number(rows[0]?.total ?? 0),
  };
}
