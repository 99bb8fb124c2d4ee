import { matchingRequestSql } from '../../marketplace/project-access';
import { PROJECT_SELECT } from './project-views';

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

/** A condition on the projects table under the given alias. */
type Filter = (alias: string) => string;

/** Open requests in a specialist's ($param) trades and area, and projects they were invited to or quoted on. */
function specialistSees(param: string): string {
  return `((${matchingRequestSql(param)})
    OR EXISTS (SELECT 1 FROM invites i WHERE i.project_id = p.id AND i.specialist_id = ${param} AND i.status <> 'declined')
    OR EXISTS (SELECT 1 FROM quotes q WHERE q.project_id = p.id AND q.specialist_id = ${param}))`;
}

/**
 * The same set as ids: a UNION of three index lookups, the page's filters
 * pushed into the first and largest. Counting the specialist's whole view
 * with the OR above would walk every project; a narrowed view or a page (which
 * stops at its LIMIT) is faster with the OR, over the trade-and-city index.
 */
function specialistProjectIds(param: string, filters: Filter[]): string {
  const narrowed = filters.map((filter) => ` AND ${filter('m')}`).join('');
  return `SELECT m.id FROM projects m JOIN specialist_profiles sp ON sp.user_id = ${param}
           WHERE m.status = 'open' AND NOT EXISTS (SELECT 1 FROM insolvencies mi WHERE mi.contractor_id = ${param})
             AND m.category = ANY (sp.categories) AND m.country = sp.service_country
             AND (cardinality(sp.service_cities) = 0 OR m.city = ANY (sp.service_cities))${narrowed}
          UNION SELECT i.project_id FROM invites i WHERE i.specialist_id = ${param} AND i.status <> 'declined'
          UNION SELECT q.project_id FROM quotes q WHERE q.specialist_id = ${param}`;
}

/** Whose list it is: a client's own projects, a specialist's requests, or the projects an expert inspects. */
export type ListingViewer = 'owner' | 'specialist' | 'expert';

const EXPERT_SEES = 'EXISTS (SELECT 1 FROM contracts ec WHERE ec.project_id = p.id AND ec.expert_id = $1)';

/** The two statements of `GET /projects`: one page of cards, then the total. */
export function projectListingQuery(viewerId: string, viewer: ListingViewer, filters: ListingFilters) {
  const asClient = viewer === 'owner';
  const params: unknown[] = [viewerId];
  const where: Filter[] = [];
  /** `sql` names the table `t`; each filter can be written for either alias. */
  const add = (sql: string, value: unknown) => {
    const placeholder = `$${params.push(value)}`;
    where.push((alias) => sql.replaceAll('t.', `${alias}.`).replace('?', placeholder));
  };
  if (filters.status) add('t.status = ?', filters.status);
  if (filters.category) add('t.category = ?', filters.category);
  if (filters.country) add('t.country = ?', filters.country.toUpperCase());
  if (filters.city) add('lower(t.city) = lower(?)', filters.city);
  if (filters.q) add("t.search @@ plainto_tsquery('simple', ?)", filters.q);
  const narrowed = Boolean(filters.category || filters.city || filters.q);
  const filtersOnP = where.map((filter) => filter('p'));
  // A draft is its owner's alone, even for a specialist already invited to it.
  const seen = viewer === 'owner' ? 'p.owner_id = $1' : viewer === 'expert' ? EXPERT_SEES : `p.status <> 'draft' AND ${specialistSees('$1')}`;
  const condition = [seen, ...filtersOnP].join(' AND ');
  const countCondition =
    viewer !== 'specialist' || narrowed ? condition : [`p.id IN (${specialistProjectIds('$1', where)})`, "p.status <> 'draft'", ...filtersOnP].join(' AND ');
  return {
    page: {
      sql: `${PROJECT_SELECT} WHERE ${condition}
        ORDER BY p.created_at ${filters.sort === 'oldest' ? 'ASC' : 'DESC'}, p.id
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      params: [...params, filters.page_size, (filters.page - 1) * filters.page_size],
    },
    count: { sql: `SELECT count(*) AS total FROM projects p WHERE ${countCondition}`, params },
  };
}
