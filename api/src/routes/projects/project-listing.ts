import { prepared, type PreparedStatement, type Queryable } from '../../db/database';
import { LISTING_CARD_COLUMNS, type ProjectCardRow } from './project-views';
import { RememberedTotals } from './listing-totals';
import { listingOrder as order, SPECIALIST_AREAS, SPECIALIST_OWN_PROJECTS } from './listing-sql';
import type { RequestCache } from './request-cache';

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
 * The projects a client ($1) owns or an expert ($1) inspects, as (id, created_at),
 * each filter applied: an index lookup by owner, or from the expert's contracts.
 */
function ownProjects(viewer: 'owner' | 'expert', filters: Filter[]): string {
  if (viewer === 'owner') return `SELECT p.id, p.created_at FROM projects p WHERE p.owner_id = $1${and(filters, 'p')}`;
  return `SELECT p.id, p.created_at FROM projects p
           WHERE EXISTS (SELECT 1 FROM contracts ec WHERE ec.project_id = p.id AND ec.expert_id = $1)${and(filters, 'p')}`;
}

/**
 * The specialist's ($1) requests, as (id, created_at) in a UNION, each filter
 * pushed into every branch: the open requests of each area they serve (a trade
 * in a city of their profile, or in their whole country when they named no
 * city), read in order from a request index; then the projects they were
 * invited to (unless they declined) or quoted on. A draft is its owner's alone,
 * even for a specialist already invited to it; an insolvent contractor receives
 * no new requests. With `limit`, each area gives only its first rows in `direction`:
 * the first n of the union are among them, so a page reads about a page per area.
 */
function specialistRequests(filters: Filter[], direction: 'ASC' | 'DESC', limit?: string): string {
  const first = limit ? ` ORDER BY ${order(direction, 'm.')} LIMIT ${limit}` : '';
  const area = (where: string, city: string) => `
    SELECT r.id, r.created_at FROM areas a CROSS JOIN LATERAL (
      SELECT m.id, m.created_at FROM projects m
       WHERE m.status = 'open' AND m.category = a.category AND m.country = a.country${city}${and(filters, 'm')}${first}) r
     WHERE ${where}`;
  return `${area('a.city IS NOT NULL', ' AND m.city = a.city')}
    UNION ${area('a.city IS NULL', '')}
    UNION SELECT p.id, p.created_at FROM (${SPECIALIST_OWN_PROJECTS}) own JOIN projects p ON p.id = own.id
           WHERE p.status <> 'draft'${and(filters, 'p')}`;
}

export interface ListingStatement {
  statement: PreparedStatement;
  params: unknown[];
  pageSize: number;
  /** Whether its rows carry the total; when not, `total` is null. */
  counted: boolean;
}

/** The filters a listing may have, in the order of their parameters, each a condition on the table `t` (rewritten for any alias). */
const FILTERS: { sql: string; value: (filters: ListingFilters) => unknown }[] = [
  { sql: 't.category = ?', value: (filters) => filters.category },
  { sql: 'lower(t.city) = lower(?)', value: (filters) => filters.city },
  { sql: 't.status = ?', value: (filters) => filters.status },
  { sql: 't.country = ?', value: (filters) => filters.country?.toUpperCase() },
  { sql: "t.search @@ plainto_tsquery('simple', ?)", value: (filters) => filters.q },
];
const CATEGORY = 0;
const CITY = 1;

/** Statements by shape (viewer, filters given, order, count): values never change the text, only the parameters. */
const statements = new Map<string, PreparedStatement>();

/**
 * The one statement of `GET /projects`: a page of cards and, when asked, the
 * total. It always answers one row at least: the total, with no card when the
 * page is past the end.
 *
 * A client's or an expert's projects are gathered once as narrow index rows,
 * counted, and the page picked from them. A specialist's requests can be
 * thousands: their page is read from the first rows of each area they serve
 * (see specialistRequests), and they are counted only when `count` is set.
 * The two forms are two statements: the page alone then has a generic plan
 * cheaper than the planner's estimate for a custom one, so it is planned once
 * per connection instead of on every request (planning it cost more than running it).
 *
 * Parameters: the viewer, each filter given (in the order of FILTERS), the
 * page's size and offset, and for a specialist how many rows each area gives.
 * The text depends only on which filters are given, so it is written once per
 * shape and kept.
 */
export function projectListingQuery(
  viewerId: string,
  viewer: ListingViewer,
  filters: ListingFilters,
  { count = true }: { count?: boolean } = {},
): ListingStatement {
  const counted = viewer !== 'specialist' || count;
  const given = FILTERS.map((filter) => filter.value(filters) || undefined);
  const direction = filters.sort === 'oldest' ? 'ASC' : 'DESC';
  const offset = (filters.page - 1) * filters.page_size;
  const params = [viewerId, ...given.filter((value) => value !== undefined), filters.page_size, offset];
  if (viewer === 'specialist') params.push(offset + filters.page_size);
  const shape = `${viewer} ${given.map((value) => (value === undefined ? 0 : 1)).join('')} ${direction} ${counted}`;
  let statement = statements.get(shape);
  if (!statement) {
    statement = prepared(listingText(viewer, given, direction, counted));
    statements.set(shape, statement);
  }
  return { statement, params, pageSize: filters.page_size, counted };
}

/** The text of projectListingQuery for one shape: `given` holds a value for each filter given (and undefined for the others). */
function listingText(viewer: ListingViewer, given: unknown[], direction: 'ASC' | 'DESC', count: boolean): string {
  let last = 1;
  const where: Filter[] = [];
  const placeholders = given.map((value, i) => {
    if (value === undefined) return undefined;
    const placeholder = `$${(last += 1)}`;
    where.push((alias) => FILTERS[i]!.sql.replaceAll('t.', `${alias}.`).replace('?', placeholder));
    return placeholder;
  });
  const limit = `$${(last += 1)}`;
  const offset = `$${(last += 1)}`;
  const cards = (page: string) => `
    SELECT ${LISTING_CARD_COLUMNS}
      FROM (${page}) page
      JOIN projects p ON p.id = page.id
      JOIN users u ON u.id = p.owner_id`;

  if (viewer !== 'specialist') {
    return `WITH seen AS MATERIALIZED (${ownProjects(viewer, where)})
      SELECT total.n AS total, card.*
        FROM (SELECT count(*) AS n FROM seen) total
        LEFT JOIN LATERAL (${cards(`SELECT id, created_at FROM seen ORDER BY ${order(direction)} LIMIT ${limit} OFFSET ${offset}`)}) card ON true
       ORDER BY ${order(direction, 'card.')}`;
  }

  const first = `$${(last += 1)}`;
  const category = placeholders[CATEGORY];
  const city = placeholders[CITY];
  return `WITH areas AS MATERIALIZED (${SPECIALIST_AREAS}${category ? ` AND c.category = ${category}` : ''}${
    city ? ` AND (x.city IS NULL OR lower(x.city) = lower(${city}))` : ''
  })
    SELECT ${count ? `(SELECT count(*) FROM (${specialistRequests(where, direction)}) counted)` : 'NULL::bigint'} AS total, card.*
      FROM (SELECT 1) one
      LEFT JOIN LATERAL (${cards(
        `SELECT id, created_at FROM (${specialistRequests(where, direction, first)}) listed ORDER BY ${order(direction)} LIMIT ${limit} OFFSET ${offset}`,
      )}) card ON true
     ORDER BY ${order(direction, 'card.')}`;
}

/** One instance's remembered totals per database, so two applications in one process never share them. */
const rememberedTotals = new WeakMap<Queryable, RememberedTotals>();

/** What decides a listing's total: who asks, and every filter (not the page or the order). */
const totalKey = (viewerId: string, filters: ListingFilters) =>
  JSON.stringify([viewerId, filters.status, filters.category, filters.country?.toUpperCase(), filters.city?.toLowerCase(), filters.q]);

/**
 * One page of the viewer's projects and how many there are in all. A
 * specialist's first pages come from what this instance keeps (`requests`, see
 * RequestCache), exact and current. Otherwise the database answers, and a
 * specialist's total is counted with the page when this instance does not
 * remember it, and remembered a few seconds (see RememberedTotals); a page that
 * is not full tells the exact total by itself, whatever was remembered.
 */
export async function listProjects(
  db: Queryable,
  viewerId: string,
  viewer: ListingViewer,
  filters: ListingFilters,
  requests?: RequestCache,
): Promise<{ rows: ProjectCardRow[]; total: number }> {
  if (viewer === 'specialist' && requests) {
    const kept = await requests.page(viewerId, filters);
    if (kept) return kept;
  }
  let totals: RememberedTotals | undefined;
  let remembered: number | undefined;
  const key = totalKey(viewerId, filters);
  if (viewer === 'specialist') {
    totals = rememberedTotals.get(db) ?? new RememberedTotals();
    rememberedTotals.set(db, totals);
    remembered = totals.get(key);
  }
  const { statement, params } = projectListingQuery(viewerId, viewer, filters, { count: remembered === undefined });
  const { rows } = await db.query<ProjectCardRow & { total: string | number | null }>(statement, params);
  const cards = rows.filter((row) => row.id !== null).map(({ total: _total, ...row }) => row);
  const before = (filters.page - 1) * filters.page_size;
  if (remembered === undefined) {
    const total = Number(rows[0]?.total ?? 0);
    totals?.set(key, total);
    return { rows: cards, total };
  }
  if (cards.length < filters.page_size && (cards.length > 0 || before === 0)) {
    totals!.set(key, before + cards.length);
    return { rows: cards, total: before + cards.length };
  }
  // A full page proves there are at least as many as it reaches; an empty one past the end proves nothing.
  return { rows: cards, total: cards.length ? Math.max(remembered, before + cards.length) : remembered };
}
